// Every row of data/us_zip_rates.csv, to the cent: a $100 general-merchandise line at each ZIP is
// taxed at the row's combined rate (or, in California, at the official CDTFA rate of the ZIP's
// postal city where that differs, which is the documented rule), and its jurisdictions add up.
import { describe, expect, it } from 'vitest';
import { toMicro } from '../../scripts/lib/csv';
import { cdtfaRows, taxCents, zipRows } from '../support/data';
import { context, run } from '../support/engine';

const cityRates = new Map(
  cdtfaRows.filter((r) => r.type === 'City' && r.combined_rate).map((r) => [r.location.toUpperCase(), BigInt(toMicro(r.combined_rate))]),
);

describe('the whole ZIP table, to the cent', () => {
  it(`all ${zipRows.filter((r) => r.state !== 'PR').length} rows`, () => {
    const ctx = context();
    let checked = 0;
    const wrong: string[] = [];
    for (const row of zipRows) {
      if (row.state === 'PR') continue;
      const line = run(
        { date: '2026-04-15', seller_class: 'remote', ship_to: { state: row.state, zip: row.zip }, lines: [{ amount: 100, description: 'Desk lamp' }] },
        ctx,
      ).lines[0]!;
      const own = BigInt(toMicro(row.combined_rate));
      const city = row.state === 'CA' ? cityRates.get(row.city_name.toUpperCase()) : undefined;
      const expected = city ?? own;
      if (line.tax !== taxCents(10_000, expected) || line.jurisdictions.reduce((s, j) => s + j.tax, 0) !== line.tax) wrong.push(`${row.state} ${row.zip}`);
      checked++;
    }
    expect(wrong).toEqual([]);
    expect(checked).toBe(zipRows.filter((r) => r.state !== 'PR').length);
  }, 120_000);
});
