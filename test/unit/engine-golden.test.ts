// Golden values: every expectation is computed here from data/*.csv, never typed in.
import { describe, expect, it } from 'vitest';
import { TaxContent } from '../../functions/core/content/tax-content';
import { isSubPlaceRegion } from '../../scripts/content/build/rate-areas';
import { toMicro } from '../../scripts/content/files/csv';
import { cdtfaRows, taxCents, zipRate, zipRows } from '../support/data';
import { content, context, run } from '../support/engine';

const multiState = new Set(zipRows.filter((r, _i, all) => all.filter((o) => o.zip === r.zip).length > 1).map((r) => r.zip));
const STATES = ['NY', 'TX', 'WA', 'FL', 'GA', 'OH', 'PA', 'AZ', 'CO', 'NV', 'MN', 'NC', 'TN', 'MO', 'LA', 'AL'];
const AMOUNTS = [60, 10, 19.99, 1234.56, 0.35, 99_999.99];

/**
 * Two ZIPs per state from the rate table (its first and last row), skipping ZIPs in several states
 * and rows named for a district inside a place, whose answer is their place's (rate-areas.test.ts).
 */
const cases = STATES.flatMap((state) => {
  const rows = zipRows.filter((r) => r.state === state && !multiState.has(r.zip) && !isSubPlaceRegion(r.region_name.toUpperCase()));
  return [rows[0]!, rows.at(-1)!].map((row, i) => ({ state, zip: row.zip, amount: AMOUNTS[(STATES.indexOf(state) + i) % AMOUNTS.length]! }));
});

describe(`golden destination tax for ${cases.length} ZIPs in ${STATES.length} states`, () => {
  it.each(cases)('$state $zip $$$amount', ({ state, zip, amount }) => {
    const rate = zipRate(state, zip);
    const line = run({ date: '2026-04-15', ship_to: { state, zip }, lines: [{ amount }] }).lines[0]!;
    expect(line.tax).toBe(taxCents(Math.round(amount * 100), rate.combined));
    expect(BigInt(line.rate)).toBe(rate.combined);
    expect(line.jurisdictions.reduce((s, j) => s + j.tax, 0)).toBe(line.tax);
  });
});

describe('California postal cities with their own CDTFA rate', () => {
  const cdtfa = new Map(cdtfaRows.filter((r) => r.type === 'City' && r.combined_rate).map((r) => [r.location.toUpperCase(), BigInt(toMicro(r.combined_rate))]));
  const ca = zipRows.filter((r) => r.state === 'CA' && !multiState.has(r.zip) && cdtfa.has(r.city_name.toUpperCase()));
  const differing = ca.filter((r) => cdtfa.get(r.city_name.toUpperCase()) !== BigInt(toMicro(r.combined_rate))).slice(0, 8);
  const agreeing = ca.filter((r) => cdtfa.get(r.city_name.toUpperCase()) === BigInt(toMicro(r.combined_rate))).slice(0, 4);

  it.each(differing)('$zip ($city_name) uses the city rate under best effort and says so', (row) => {
    const doc = run({ date: '2026-04-15', ship_to: { state: 'CA', zip: row.zip }, lines: [{ amount: 200 }] });
    expect(BigInt(doc.lines[0]!.rate)).toBe(cdtfa.get(row.city_name.toUpperCase()));
    expect(doc.lines[0]!.tax).toBe(taxCents(20_000, cdtfa.get(row.city_name.toUpperCase())!));
    expect(doc.messages.map((m) => m.code)).toContain('zip_spans_multiple_rate_areas');
  });

  it.each(differing.slice(0, 2))('$zip refuses a deterministic answer', (row) => {
    expect(() => run({ date: '2026-04-15', accuracy_policy: 'deterministic', ship_to: { state: 'CA', zip: row.zip }, lines: [{ amount: 1 }] })).toThrow(
      expect.objectContaining({ code: 'accuracy_requirement_not_met' }),
    );
  });

  it('splits a city rate into the content base parts, which are those of every California ZIP row', () => {
    const base = content.artifact.caBaseRates;
    const caRows = zipRows.filter((r) => r.state === 'CA');
    expect(new Set(caRows.map((r) => toMicro(r.state_rate)))).toEqual(new Set([base.state]));
    expect(new Set(caRows.map((r) => toMicro(r.county_rate)))).toEqual(new Set([base.county]));
    const row = differing[0]!;
    const line = run({ date: '2026-04-15', ship_to: { state: 'CA', zip: row.zip }, lines: [{ amount: 200 }] }).lines[0]!;
    const special = Number(cdtfa.get(row.city_name.toUpperCase())) - base.state - base.county - base.city;
    expect(line.jurisdictions.map((j) => [j.type, j.rate])).toEqual([
      ['state', base.state],
      ['county', base.county],
      ['city', base.city],
      ['special', special],
    ]);
  });

  it('takes the base parts from the content, not from code', () => {
    const { caBaseRates: base } = content.artifact;
    const moved = new TaxContent({ ...content.artifact, caBaseRates: { ...base, city: base.city + 2_500 } });
    const row = differing[0]!;
    const line = run({ date: '2026-04-15', ship_to: { state: 'CA', zip: row.zip }, lines: [{ amount: 200 }] }, context({ content: moved })).lines[0]!;
    expect(line.jurisdictions.find((j) => j.type === 'city')?.rate).toBe(base.city + 2_500);
    expect(BigInt(line.rate)).toBe(cdtfa.get(row.city_name.toUpperCase()));
  });

  it.each(agreeing)('$zip ($city_name) agrees with its city and is deterministic', (row) => {
    const doc = run({ date: '2026-04-15', accuracy_policy: 'deterministic', ship_to: { state: 'CA', zip: row.zip }, lines: [{ amount: 200 }] });
    expect(BigInt(doc.lines[0]!.rate)).toBe(BigInt(toMicro(row.combined_rate)));
    expect(doc.messages).toEqual([]);
  });
});

describe('ZIPs listed under several states', () => {
  const zip = [...multiState][0]!;
  const states = zipRows.filter((r) => r.zip === zip).map((r) => r.state);
  it(`${zip} takes the row of the destination state`, () => {
    for (const state of states) {
      const doc = run({ date: '2026-04-15', ship_to: { state, zip }, lines: [{ amount: 100 }] });
      expect(BigInt(doc.lines[0]!.rate)).toBe(zipRate(state, zip).combined);
      expect(doc.messages.map((m) => m.code)).toContain('zip_spans_multiple_rate_areas');
    }
  });
});

describe('scheduled state-rate changes (data/state_rate_changes.csv)', () => {
  it('DC moves to 7 % from 2026-10-01', () => {
    const before = run({ date: '2026-09-30', ship_to: { state: 'DC', zip: '20001' }, lines: [{ amount: 100 }] });
    const after = run({ date: '2026-10-01', ship_to: { state: 'DC', zip: '20001' }, lines: [{ amount: 100 }] });
    expect(BigInt(before.lines[0]!.rate)).toBe(zipRate('DC', '20001').combined);
    expect(after.lines[0]!.rate).toBe(toMicro('0.07'));
  });
});
