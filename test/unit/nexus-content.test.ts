// The economic nexus rules as content: content/nexus-rules.json is what the build makes of
// data/nexus_thresholds.csv, every row is checked at build (a bad row stops the build, naming it),
// and the rule in force on a date is the state's latest rule on or before it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nexusRules } from '../../functions/adapters/content/nexus-rules-file';
import { US_STATES } from '../../functions/core/content/states';
import { NexusRules } from '../../functions/core/nexus/thresholds';
import { buildNexusRules, readNexusThresholds } from '../../scripts/content/build/nexus-rules';
import { parseCsv } from '../../scripts/content/files/csv';

const DATA = join(import.meta.dirname, '..', '..', 'data');
const CSV = readFileSync(join(DATA, 'nexus_thresholds.csv'), 'utf8');
const [HEADER, ...LINES] = CSV.trimEnd().split('\n');
const withLines = (...lines: string[]) => [HEADER, ...lines].join('\n');
const SD_2023 = LINES.find((l) => l.startsWith('SD,2023-07-01'))!;
const NY = LINES.find((l) => l.startsWith('NY,'))!;
/** The row with one column changed (the columns of the header, by name). */
function edited(line: string, changes: Record<string, string>): string {
  const row = parseCsv(withLines(line))[0]!;
  const columns = HEADER!.split(',');
  return columns.map((c) => JSON.stringify(changes[c] ?? row[c] ?? '')).join(',');
}

describe('the nexus rules artifact', () => {
  it('is what npm run content builds from data/nexus_thresholds.csv, naming its file', () => {
    const built = buildNexusRules(DATA);
    expect(nexusRules().artifact).toEqual(built);
    expect(built.source).toMatchObject({ file: 'data/nexus_thresholds.csv', rows: LINES.length });
  });

  it('has a rule in force today for every state with a sales tax, DC and the Alaska commission; none for the four without', () => {
    const rules = nexusRules();
    const without = US_STATES.filter((s) => rules.history(s).length === 0);
    expect(without).toEqual(['DE', 'MT', 'NH', 'OR']);
    for (const s of US_STATES.filter((s) => !without.includes(s))) expect(rules.ruleOn(s, '2026-12-01'), s).toBeDefined();
  });

  it('keeps each row with its sources and their kind; rows that could not be verified say what was not', () => {
    const rules = nexusRules();
    for (const r of rules.artifact.rules) {
      expect(r.sources.length, `${r.state} ${r.from}`).toBeGreaterThan(0);
      expect(['official', 'secondary']).toContain(r.sourceKind);
    }
    // Kentucky's 2026 act is read only in summaries: its row says so, and what it carried over.
    const kentucky = rules.ruleOn('KY', '2026-12-01')!;
    expect(kentucky).toMatchObject({ sourceKind: 'secondary', from: '2026-08-01', transactions: null, combine: 'none' });
    expect(kentucky.inferred).toEqual(['comparison_sales', 'obligation_starts']);
    expect(kentucky.note).toMatch(/neither the act nor the letter was read/);
    expect(rules.ruleOn('KY', '2026-07-31')).toMatchObject({ from: '2018-10-01', transactions: { threshold: 200, comparison: 'at_least' } });
    const jersey = rules.ruleOn('NJ', '2026-12-01')!;
    expect(jersey).toMatchObject({ sourceKind: 'official', transactions: { threshold: 200, comparison: 'at_least' } });
    expect(jersey.note).toMatch(/no P\.L\. chapter was found/);
    expect(rules.ruleOn('MN', '2019-09-30')).toMatchObject({ salesMinTransactions: 10, transactions: { threshold: 100 } });
    expect(rules.ruleOn('MN', '2019-10-01')).toMatchObject({ salesMinTransactions: null, transactions: { threshold: 200 } });
    // Kansas counts no sales of 2020 toward its 2021 law; no other rule leaves days of its period out.
    expect(
      rules.artifact.rules.flatMap((r) => (r.period !== 'not_measured' && r.countsSalesFrom !== null ? [[r.state, r.from, r.countsSalesFrom]] : [])),
    ).toEqual([['KS', '2021-07-01', '2021-01-01']]);
  });

  it('the first day a threshold measured a state without a break: a change of test continues the law, a notice that measured nothing does not', () => {
    const rules = nexusRules();
    expect(rules.measuredSince('SD', '2024-01-01')).toBe('2018-11-01');
    expect(rules.measuredSince('KS', '2024-01-01')).toBe('2021-07-01');
    expect(rules.measuredSince('KS', '2020-01-01')).toBeNull();
    expect(rules.measuredSince('FL', '2021-06-30')).toBeNull();
  });

  it('the rule in force on a date: the latest on or before it, a repeal taking effect on its own day', () => {
    const rules = nexusRules();
    expect(rules.ruleOn('SD', '2023-06-30')).toMatchObject({ from: '2018-11-01', combine: 'or', transactions: { threshold: 200, comparison: 'at_least' } });
    expect(rules.ruleOn('SD', '2023-07-01')).toMatchObject({
      from: '2023-07-01',
      combine: 'none',
      transactions: null,
      salesThresholdCents: 10_000_000,
      salesComparison: 'exceeds',
    });
    expect(rules.ruleOn('FL', '2021-06-30')).toBeUndefined();
    expect(rules.rulesDuring('SD', '2023-01-01', '2023-12-31').map((r) => r.from)).toEqual(['2018-11-01', '2023-07-01']);
    expect(() => rules.ruleOn('SD', '2023-02-30')).toThrow(/not a date/);
  });
});

describe('the build refuses a bad row, naming it', () => {
  it('reads the data as it is', () => {
    expect(readNexusThresholds(CSV)).toHaveLength(LINES.length);
  });

  it.each([
    ['an unknown state', { state: 'ZZ' }, /unknown state "ZZ"/],
    ['a date that is not one', { effective_from: '2023-02-30' }, /effective_from is not a date/],
    ['no source', { source: '' }, /source is empty/],
    ['a source without an address', { source: 'Sales Tax Institute' }, /source does not start with an address/],
    ['an unknown period', { period: 'fiscal_year' }, /period/],
    ['an unknown start of collection', { obligation_starts: 'soon' }, /obligation_starts/],
    ['an unknown boundary wording', { comparison_sales: 'over' }, /comparison_sales/],
    ['a column marked inferred that cannot be', { inferred: 'sales_threshold_usd' }, /inferred lists a column other than/],
    [
      'a transaction test without its wording',
      { transaction_threshold: '200', combine: 'or' },
      /comparison_transactions is given exactly where transaction_threshold is/,
    ],
    [
      'combine none with a transaction test',
      { transaction_threshold: '200', comparison_transactions: 'at_least' },
      /combine none needs no transaction threshold/,
    ],
    ['a first counted day that is not the first of a month', { counts_sales_from: '2021-01-15' }, /counts_sales_from must be the first day of a month/],
    ['a first counted day that is not a date', { counts_sales_from: '2021' }, /counts_sales_from/],
    ['a threshold that is not a whole number', { sales_threshold_usd: '100000.50' }, /sales_threshold_usd is not a positive whole number/],
    [
      'an unmeasured position with a threshold',
      { period: 'not_measured', what_counts: '', obligation_starts: '', comparison_sales: '' },
      /nexus_thresholds\.csv:2 \(SD 2023-07-01\)/,
    ],
  ])('%s', (_, change, message) => {
    expect(() => readNexusThresholds(withLines(edited(SD_2023, change)))).toThrow(message);
  });

  it('two rules of a state from the same day overlap', () => {
    expect(() => readNexusThresholds(withLines(SD_2023, edited(SD_2023, { sales_threshold_usd: '50000' })))).toThrow(
      /SD 2023-07-01: overlaps another rule of SD from the same day/,
    );
  });

  it('lists every row at fault, with its line, not only the first', () => {
    let message = '';
    try {
      readNexusThresholds(withLines(NY, edited(SD_2023, { state: 'ZZ' }), edited(NY, { effective_from: '2018-6-21' })));
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/has 2 problem\(s\)/);
    expect(message).toMatch(/nexus_thresholds\.csv:4 \(NY 2018-6-21\): effective_from is not a date/);
    expect(message).toMatch(/ZZ 2023-07-01: unknown state/);
  });

  it('the runtime refuses an artifact whose rules do not check', () => {
    const artifact = nexusRules().artifact;
    expect(() => new NexusRules({ ...artifact, rules: [...artifact.rules, artifact.rules[0]!] })).toThrow(/overlaps/);
    expect(() => new NexusRules({ ...artifact, format: 2 as 1 })).toThrow(/format 1/);
  });
});
