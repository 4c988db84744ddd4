// An honest age: an answer dated more than one quarter after the newest version of a state's rates
// says so (content_older_than_date, naming that version's date and sources), and accuracy_policy
// deterministic refuses it. The date is the document's: the engine reads no clock.
import { describe, expect, it } from 'vitest';
import { oneQuarterAfter, quarterOf, TaxContent, weakestKind } from '../../functions/core/content/tax-content';
import { destinationRates } from '../../functions/core/tax/engine';
import { content, context, failure, run } from '../support/engine';

const doc = (date: string, state: string, zip: string, extra: Record<string, unknown> = {}) =>
  run({ date, ship_to: { state, zip }, lines: [{ amount: 100, description: 'Desk lamp' }], ...extra });
const ages = (d: ReturnType<typeof doc>) => d.messages.filter((m) => m.code === 'content_older_than_date');

describe('one quarter after a date', () => {
  it('is the same day three months later, or the last day of a shorter month', () => {
    expect(oneQuarterAfter('2026-03-01')).toBe('2026-06-01');
    expect(oneQuarterAfter('2026-04-01')).toBe('2026-07-01');
    expect(oneQuarterAfter('2026-10-01')).toBe('2027-01-01');
    expect(oneQuarterAfter('2025-11-30')).toBe('2026-02-28');
    expect(oneQuarterAfter('2027-11-30')).toBe('2028-02-29');
  });
});

describe("a state's newest quarter and weakest kind of source", () => {
  it('names the calendar quarter of a date', () => {
    expect(['2026-01-01', '2026-03-31', '2026-04-01', '2026-07-01', '2026-12-31'].map(quarterOf)).toEqual([
      '2026-Q1',
      '2026-Q1',
      '2026-Q2',
      '2026-Q3',
      '2026-Q4',
    ]);
  });

  it('ranks official files over notices over the vendor table over secondary reports', () => {
    expect(weakestKind(['official_file'])).toBe('official_file');
    expect(weakestKind(['official_file', 'official_notice'])).toBe('official_notice');
    expect(weakestKind(['vendor_table', 'official_file'])).toBe('vendor_table');
    expect(weakestKind(['secondary', 'vendor_table'])).toBe('secondary');
    expect(weakestKind([])).toBe('secondary');
  });

  it('every state of the content records them from its sources', () => {
    const ga = content.ratesAge('GA')!;
    expect(ga).toMatchObject({ quarter: '2026-Q2', weakestKind: 'vendor_table' });
    expect(ga.sources.map((s) => s.kind)).toEqual(['official_file', 'vendor_table']);
    expect(content.ratesAge('NY')).toMatchObject({ quarter: '2026-Q1', weakestKind: 'vendor_table' });
  });
});

describe('content_older_than_date', () => {
  // Every state and DC, at one of its ZIPs: the warning comes exactly on the day after its newest version plus a quarter.
  const states = Object.keys(content.artifact.states).filter((s) => content.stateFacts(s).salesTax || content.stateFacts(s).localTax);
  const rows = [...content.rows().values()];
  const zipOf = (state: string) => rows.find((r) => r.state === state)!.zip;

  it.each(states)('%s: none on the last day of its quarter, one on the day after', (state) => {
    const age = content.ratesAge(state)!;
    const zip = zipOf(state);
    const extra = state === 'IL' ? { seller_class: 'remote' } : {};
    expect(ages(doc(age.currentUntil, state, zip, extra))).toEqual([]);
    const dayAfter = new Date(Date.parse(`${age.currentUntil}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const late = ages(doc(dayAfter, state, zip, extra));
    expect(late).toEqual([
      {
        code: 'content_older_than_date',
        severity: 'warning',
        target: 'ship_to',
        message: expect.stringContaining(`content version ${age.version} (in force from ${age.from}`),
      },
    ]);
    expect(late[0]!.message).toContain(dayAfter);
  });

  it('GA, MN and WI are current until 2026-07-01 (their 2026-04-01 version), the others until 2026-06-01', () => {
    expect(ages(doc('2026-06-15', 'GA', '30114'))).toEqual([]);
    expect(ages(doc('2026-06-15', 'NY', '10001'))).toHaveLength(1);
    const ga = ages(doc('2026-07-02', 'GA', '30114'))[0]!.message;
    expect(ga).toContain('GAR2026Q2FEB19.csv');
    expect(ga).toContain('TAXRATES_ZIP5_GA202603.csv');
  });

  it('names each state once, at its first destination, and only states whose rates the answer used', () => {
    const d = run({
      date: '2026-11-26',
      ship_to: { state: 'NY', zip: '10001' },
      lines: [
        { amount: 10 },
        { amount: 10, ship_to: { state: 'GA', zip: '30114' } },
        { amount: 10 },
        { amount: 10, ship_to: { state: 'OR', zip: '97201' } },
        { amount: 10, ship_to: { state: 'GA', zip: '30303' } },
      ],
    });
    expect(ages(d).map((m) => [m.target, m.message.slice(0, 30)])).toEqual([
      ['ship_to', 'The rates of NEW YORK are thos'],
      ['lines.1.ship_to', 'The rates of GEORGIA are those'],
    ]);
    // Oregon levies no sales tax: no rate to grow old. Lines to a state without nexus use no rate.
    const noNexus = run({ date: '2026-11-26', ship_to: { state: 'NY', zip: '10001' }, lines: [{ amount: 10 }] }, context({ settings: { nexus: ['CA'] } }));
    expect(ages(noNexus)).toEqual([]);
  });

  it('reads the age from the content, not from code: a later version of a state moves its date', () => {
    const { artifact } = content;
    const moved = new TaxContent({ ...artifact, stateRatesAge: { ...artifact.stateRatesAge, NY: { ...artifact.stateRatesAge.NY!, from: '2026-10-01' } } });
    expect(ages(run({ date: '2026-11-26', ship_to: { state: 'NY', zip: '10001' }, lines: [{ amount: 1 }] }, context({ content: moved })))).toEqual([]);
  });

  it('deterministic refuses it, naming each stale destination; best effort answers with the warning', () => {
    const late = { date: '2026-11-26', accuracy_policy: 'deterministic', ship_to: { state: 'NY', zip: '10001' }, lines: [{ amount: 1 }] };
    const e = failure(late);
    expect(e.code).toBe('accuracy_requirement_not_met');
    expect(e.details).toEqual([expect.objectContaining({ code: 'accuracy_requirement_not_met', target: 'ship_to' })]);
    expect(failure({ ...late, lines: [{ amount: 1 }, { amount: 1, ship_to: { state: 'TX', zip: '78701' } }] }).details?.map((d) => d.target)).toEqual([
      'ship_to',
      'lines.1.ship_to',
    ]);
    // Inside the quarter a deterministic answer stands.
    expect(run({ ...late, date: '2026-05-15' }).lines[0]!.tax).toBeGreaterThan(0);
    expect(ages(run({ ...late, accuracy_policy: 'best_effort' }))).toHaveLength(1);
  });

  it('a document without a date is dated today (the context), not by a clock the engine reads', () => {
    const body = { ship_to: { state: 'NY', zip: '10001' }, lines: [{ amount: 1 }] };
    expect(ages(run(body, context({ today: '2026-04-15' })))).toEqual([]);
    expect(ages(run(body, context({ today: '2026-11-26' })))).toHaveLength(1);
  });

  it('GET /rates says the same in its notes', () => {
    expect(destinationRates(content, 'NY', '10001', '2026-06-01').ageNote).toBeNull();
    expect(destinationRates(content, 'NY', '10001', '2026-06-02').ageNote).toMatch(/^The rates of NEW YORK are those of content version 2026-03-01/);
    expect(destinationRates(content, 'OR', '97201', '2026-11-26').ageNote).toBeNull();
  });
});
