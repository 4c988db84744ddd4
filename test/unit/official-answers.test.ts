// Published answers of state revenue departments (test/fixtures/official-answers.ts): a row failing
// here means the bundled data or a rule disagrees with what the state publishes.
import { describe, expect, it } from 'vitest';
import { toMicro } from '../../scripts/content/files/csv';
import { D, OFFICIAL_ANSWERS as ROWS } from '../fixtures/official-answers';
import { run } from '../support/engine';

describe(`${ROWS.length} answers published by state revenue departments`, () => {
  it.each(ROWS)('$state $zip: $what', (row) => {
    const doc = run({
      date: row.date ?? D,
      seller_class: row.state === 'IL' ? 'remote' : undefined,
      ship_to: { state: row.state, zip: row.zip },
      lines: [{ amount: row.amount ?? 100, description: row.what, tax_code: row.code ?? null }],
    });
    const line = doc.lines[0]!;
    // A partly exempt item is taxed at the full rate on its taxable part.
    if (row.rate !== undefined) expect(line.rate).toBe(toMicro(row.rate));
    if (row.taxable !== undefined) expect(line.taxable).toBe(Math.round(row.taxable * 100));
    if (row.tax !== undefined) expect(line.tax).toBe(Math.round(row.tax * 100));
    if (row.stateRate !== undefined) expect(line.jurisdictions.find((j) => j.type === 'state')?.rate ?? 0).toBe(toMicro(row.stateRate));
    if (row.reason !== undefined) expect(line.reason).toBe(row.reason);
    // Every answer names the rule behind its taxability, with a citation.
    expect(line.taxability_rule?.state).toBe(row.state);
    expect(line.taxability_rule?.citation.length).toBeGreaterThan(10);
    if (row.rule !== undefined) expect(line.taxability_rule?.treatment).toBe(row.rule);
  });

  it('holds at least 100 cited rows over at least 25 states, groceries, clothing, SaaS and shipping included', () => {
    expect(ROWS.length).toBeGreaterThanOrEqual(100);
    expect(new Set(ROWS.map((r) => r.state)).size).toBeGreaterThanOrEqual(25);
    for (const code of ['40030', '20010', '30070', 'SHIPPING', '41000', '40010', '40050'])
      expect(ROWS.filter((r) => r.code === code).length).toBeGreaterThanOrEqual(4);
    for (const row of ROWS) expect(row.source.length).toBeGreaterThan(10);
  });
});
