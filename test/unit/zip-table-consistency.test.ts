// Every row of data/us_zip_rates.csv, to the cent: a $100 general-merchandise line at each ZIP is
// taxed at the rate of the area that applies to most of the ZIP as the content build derives it
// (data/README.md, "How a ZIP is answered": the row's combined rate, unless a district inside the
// place, an official table or another county says otherwise; in California the official CDTFA rate
// of the ZIP's postal city where that differs), and its jurisdictions add up. Where the answer is
// not the row's, the line says so with the range of rates found in the ZIP, which holds both the
// answer and the row (unless an official table contradicts the row: listed by npm run
// content:diff). Dated in March: the version of the table's own date (2026-03-01); the 2026-04-01
// version restates GA, MN and WI from their Streamlined files (official-versions.test.ts).
import { describe, expect, it } from 'vitest';
import { toMicro } from '../../scripts/content/files/csv';
import { answerOf, cdtfaRows, derived, taxCents, zipRows } from '../support/data';
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
        { date: '2026-03-15', seller_class: 'remote', ship_to: { state: row.state, zip: row.zip }, lines: [{ amount: 100, description: 'Desk lamp' }] },
        ctx,
      ).lines[0]!;
      const answer = answerOf(row.state, row.zip);
      const own = BigInt(answer.rates.state + answer.rates.county + answer.rates.city + answer.rates.special);
      const city = row.state === 'CA' ? cityRates.get(row.city_name.toUpperCase()) : undefined;
      const expected = city ?? own;
      if (line.tax !== taxCents(10_000, expected) || line.jurisdictions.reduce((s, j) => s + j.tax, 0) !== line.tax) wrong.push(`${row.state} ${row.zip}`);
      const table = toMicro(row.combined_rate);
      const areas = line.rate_areas;
      if (BigInt(table) !== expected) {
        const disagrees = derived().disagreements.some((d) => d.state === row.state && d.zip === row.zip);
        if (!disagrees && (!areas || areas.lowest > table || areas.highest < table)) wrong.push(`${row.state} ${row.zip}: the range does not hold the row`);
      }
      if (areas && (areas.lowest > areas.used || areas.used > areas.highest || BigInt(areas.used) !== expected))
        wrong.push(`${row.state} ${row.zip}: used outside the range`);
      checked++;
    }
    expect(wrong).toEqual([]);
    expect(checked).toBe(zipRows.filter((r) => r.state !== 'PR').length);
  }, 120_000);
});
