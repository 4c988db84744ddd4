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

describe.each(changes)('$jurisdiction ($state, $county County $area) from $effective_from', (c) => {
  const inCounty = rows.filter((r) => r.state === c.state && r.county_name === c.county && (c.area === '' || r.region_name === c.area));
  const outside = rows.find((r) => r.state === c.state && r.county_name !== c.county && r.county_name !== '')!;
  const restOfCounty = rows.filter((r) => r.state === c.state && r.county_name === c.county && c.area !== '' && r.region_name !== c.area);
  const rate = toMicro(c.rate);

  it('adds its rate, named and sourced on its own, on every ZIP of the county from its first day', () => {
    expect(inCounty.length).toBeGreaterThan(0);
    for (const r of inCounty) {
      const before = general(c.state, r.zip, dayBefore(c.effective_from));
      const from = general(c.state, r.zip, c.effective_from);
      expect(
        before.jurisdictions.map((j) => j.name),
        r.zip,
      ).not.toContain(c.jurisdiction);
      expect(from.rate - before.rate, r.zip).toBe(rate);
      expect(
        from.jurisdictions.find((j) => j.name === c.jurisdiction),
        r.zip,
      ).toMatchObject({ type: 'special', rate, source: c.source, sourceKind: c.source_kind });
      expect(from.jurisdictions.reduce((n, j) => n + j.tax, 0)).toBe(from.tax);
    }
  });

  it('ends after its last day, where it has one, and leaves the other counties alone', () => {
    const zip = inCounty[0]!.zip;
    if (c.effective_to) expect(general(c.state, zip, dayAfter(c.effective_to)).rate).toBe(general(c.state, zip, dayBefore(c.effective_from)).rate);
    expect(general(c.state, outside.zip, c.effective_from).rate).toBe(general(c.state, outside.zip, dayBefore(c.effective_from)).rate);
    for (const r of restOfCounty)
      expect(
        general(c.state, r.zip, c.effective_from).jurisdictions.map((j) => j.name),
        r.zip,
      ).not.toContain(c.jurisdiction);
    expect(content.sourceKind(c.source)).toBe(c.source_kind);
  });
});

describe('a city’s tax and a county’s on one place', () => {
  it('Tacoma (98402) 10.3 %, then 10.4 % with its own tax from 2026-04-01, 10.5 % with the county’s from 2026-07-01; unincorporated Pierce (98446) only the county’s', () => {
    expect(['2026-03-31', '2026-04-01', '2026-07-01'].map((d) => general('WA', '98402', d).rate)).toEqual([103_000, 104_000, 105_000]);
    expect(['2026-04-01', '2026-07-01'].map((d) => general('WA', '98446', d).rate)).toEqual([101_000, 102_000]);
  });
});

describe('an Illinois county tax added after the table', () => {
  const line = (date: string, tax_code?: string) =>
    run({ date, ship_to: { state: 'IL', zip: '62701' }, ...illinois, lines: [{ amount: 100, description: 'goods', ...(tax_code ? { tax_code } : {}) }] })
      .lines[0]!;

  it('falls on general merchandise, as the county’s other parts do', () => {
    const before = line('2026-06-30');
    const from = line('2026-07-01');
    expect(from.rate - before.rate).toBe(5_000);
    expect(from.jurisdictions.find((j) => j.name === 'SANGAMON COUNTY PUBLIC SAFETY')).toMatchObject({ rate: 5_000, sourceKind: 'secondary' });
  });

  it('leaves groceries and drugs alone', () => {
    for (const code of ['40030', '51010']) {
      const before = line('2026-06-30', code);
      const from = line('2026-07-01', code);
      expect(from.rate, code).toBe(before.rate);
      expect(from.jurisdictions.map((j) => j.name)).not.toContain('SANGAMON COUNTY PUBLIC SAFETY');
    }
  });
});

describe('the rates the issue quotes', () => {
  it('Charlotte (28202) 7.25 % before 2026-04-01 and 8.25 % from it; San Jose (95113) 9.375 % and then 10 %', () => {
    expect([general('NC', '28202', '2026-03-31').rate, general('NC', '28202', '2026-04-01').rate]).toEqual([72_500, 82_500]);
    expect([general('CA', '95113', '2026-03-31').rate, general('CA', '95113', '2026-04-01').rate]).toEqual([93_750, 100_000]);
  });
});
