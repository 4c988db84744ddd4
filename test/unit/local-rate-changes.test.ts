// Local taxes announced to start after the ZIP tables' date (data/local_rate_changes.csv): each is a
// jurisdiction of its own on every ZIP of its postal county (or of the county's rate areas of one
// name: a city's tax) from its first day (to its last), with its source and how that source was
// obtained; expectations read from the data files. Illinois lines take them on general merchandise.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCAL_RATE_CHANGE_COLUMNS } from '../../scripts/content/build/state-rates';
import { readCsv, toMicro } from '../../scripts/content/files/csv';
import { content, run } from '../support/engine';

const DATA = join(import.meta.dirname, '..', '..', 'data');
const changes = readCsv(join(DATA, 'local_rate_changes.csv'), LOCAL_RATE_CHANGE_COLUMNS);
const rows = readCsv(join(DATA, 'us_zip_rates.csv'), ['state', 'zip', 'county_name', 'region_name']);
const dayBefore = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
// Illinois asks for the seller's posture and an identifiable product.
const illinois = { seller_class: 'remote' as const };
const general = (state: string, zip: string, date: string) =>
  run({ date, ship_to: { state, zip }, ...(state === 'IL' ? illinois : {}), lines: [{ amount: 100, description: 'a chair' }] }).lines[0]!;

const areasOf = (c: (typeof changes)[number]) =>
  c.area
    .split(';')
    .map((a) => a.trim())
    .filter((a) => a !== '');
const inScope = (c: (typeof changes)[number], r: (typeof rows)[number]) =>
  r.state === c.state && r.county_name === c.county && (areasOf(c).length === 0 || areasOf(c).includes(r.region_name));
const partRate = (line: ReturnType<typeof general>, part: string) => line.jurisdictions.find((j) => j.type === part)?.rate ?? 0;

/** What a change moves a ZIP's rate by from its day: an added tax its rate, a part its new rate less the one it replaces, where it still has that. */
function moveOf(c: (typeof changes)[number], before: ReturnType<typeof general>): number {
  if (c.part === '' || c.part === 'added') return toMicro(c.rate);
  return partRate(before, c.part) === toMicro(c.from_rate) ? toMicro(c.rate) - toMicro(c.from_rate) : 0;
}

describe.each(changes)('$jurisdiction ($state, $county County $area, $part) from $effective_from', (c) => {
  const inCounty = rows.filter((r) => inScope(c, r));
  const outside = rows.find((r) => r.state === c.state && r.county_name !== c.county && r.county_name !== '')!;
  const sameDay = changes.filter((o) => o.state === c.state && o.effective_from === c.effective_from);
  // The rest of the county, but for places another change of that day sets the same part of.
  const restOfCounty = rows.filter(
    (r) => r.state === c.state && r.county_name === c.county && !inScope(c, r) && !sameDay.some((o) => o !== c && o.part === c.part && inScope(o, r)),
  );
  const rate = toMicro(c.rate);
  const added = c.part === '' || c.part === 'added';

  it('from its first day, on every ZIP of its county (or city): a tax of its own, or the part’s new rate where the part still has the rate replaced', () => {
    expect(inCounty.length).toBeGreaterThan(0);
    let moved = 0;
    for (const r of inCounty) {
      const before = general(c.state, r.zip, dayBefore(c.effective_from));
      const from = general(c.state, r.zip, c.effective_from);
      // Changes of the same day on the same place add up.
      const expected = sameDay.filter((o) => inScope(o, r)).reduce((n, o) => n + moveOf(o, before), 0);
      expect(from.rate - before.rate, r.zip).toBe(expected);
      if (added) {
        expect(
          before.jurisdictions.map((j) => j.name),
          r.zip,
        ).not.toContain(c.jurisdiction);
        expect(
          from.jurisdictions.find((j) => j.name === c.jurisdiction),
          r.zip,
        ).toMatchObject({ type: 'special', rate, source: c.source, sourceKind: c.source_kind });
      } else if (moveOf(c, before) !== 0 || partRate(before, c.part) === toMicro(c.from_rate)) {
        moved += 1;
        expect(
          from.jurisdictions.find((j) => j.type === c.part),
          r.zip,
        ).toMatchObject({ rate, source: c.source, sourceKind: c.source_kind });
      } else expect(partRate(from, c.part), r.zip).toBe(partRate(before, c.part));
      expect(from.jurisdictions.reduce((n, j) => n + j.tax, 0)).toBe(from.tax);
    }
    // A part's change that reaches no ZIP of the content would say nothing: each reaches one at least.
    if (!added) expect(moved).toBeGreaterThan(0);
  });

  it('ends after its last day, where it has one, and leaves the other counties (and the rest of its county) alone', () => {
    const zip = inCounty[0]!.zip;
    if (c.effective_to) expect(general(c.state, zip, dayAfter(c.effective_to)).rate).toBe(general(c.state, zip, dayBefore(c.effective_from)).rate);
    expect(general(c.state, outside.zip, c.effective_from).rate).toBe(general(c.state, outside.zip, dayBefore(c.effective_from)).rate);
    for (const r of restOfCounty) {
      const from = general(c.state, r.zip, c.effective_from);
      if (added)
        expect(
          from.jurisdictions.map((j) => j.name),
          r.zip,
        ).not.toContain(c.jurisdiction);
      else expect(partRate(from, c.part), r.zip).toBe(partRate(general(c.state, r.zip, dayBefore(c.effective_from)), c.part));
    }
    expect(content.sourceKind(c.source)).toBe(c.source_kind);
  });
});

describe('the rates the issue quotes', () => {
  it('Charlotte (28202) 7.25 % before 2026-07-01 and 8.25 % from it; San Jose (95113) 9.375 % before 2026-04-01 and then 10 %', () => {
    expect([general('NC', '28202', '2026-06-30').rate, general('NC', '28202', '2026-07-01').rate]).toEqual([72_500, 82_500]);
    expect([general('CA', '95113', '2026-03-31').rate, general('CA', '95113', '2026-04-01').rate]).toEqual([93_750, 100_000]);
  });
});
