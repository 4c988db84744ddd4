// The Illinois local grocery tax (data/illinois_local_grocery.csv) and the transit districts'
// dated rates (data/illinois_rate_components.csv): expectations read from the data files.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { placeKey } from '../../functions/core/content/place-key';
import type { RateArea } from '../../functions/core/content/tax-content';
import { localGrocery } from '../../functions/core/tax/states/il/grocery';
import { readCsv, toMicro } from '../../scripts/content/files/csv';
import { illinoisUnresolved } from '../../scripts/content/reports/illinois-unresolved';
import { taxCents, zipRows } from '../support/data';
import { content, failure, run } from '../support/engine';

const DATA = join(import.meta.dirname, '..', '..', 'data');
const list = readCsv(join(DATA, 'illinois_local_grocery.csv'), ['jurisdiction', 'kind', 'county', 'local_grocery_rate', 'effective_from', 'source_kind']);
const components = readCsv(join(DATA, 'illinois_rate_components.csv'), [
  'component',
  'scope',
  'general_merchandise_rate',
  'qualifying_food_rate',
  'effective_from',
]);
const geo = readCsv(join(DATA, 'us_zip_geo.csv'), ['zip', 'state', 'county']).filter((r) => r.state === 'IL');
const il = content.artifact.illinois;
const remote = { seller_class: 'remote' as const };
const line = (zip: string, date: string, tax_code: string | null = '40030', amount = 100) =>
  run({ date, ...remote, ship_to: { state: 'IL', zip }, lines: [{ amount, tax_code, description: 'Groceries' }] });
const rowOf = (name: string, kind = 'municipality') => list.find((r) => r.jurisdiction === name && r.kind === kind)!;
const transit = (name: 'RTA' | 'NITA', cook: boolean) =>
  components.find((c) => c.component.startsWith(name) && (cook ? c.scope === 'Cook County' : c.scope !== 'Cook County'))!;

describe('municipalities of the list', () => {
  it('an adopting city: its 1 % in the breakdown, no state part, a note on how the place was found', () => {
    const doc = line('62701', '2026-04-15');
    const l = doc.lines[0]!;
    expect(toMicro(rowOf('Springfield').local_grocery_rate)).toBe(10_000);
    expect(l.jurisdictions).toEqual([
      {
        type: 'city',
        name: 'SPRINGFIELD GROCERY TAX',
        rate: 10_000,
        taxable: 10_000,
        tax: 100,
        source: expect.stringMatching(/^Illinois local grocery list, Springfield from 2026-01-01: /),
        sourceKind: rowOf('Springfield').source_kind,
      },
    ]);
    expect(doc.messages).toEqual([expect.objectContaining({ code: 'il_local_grocery_place', target: 'ship_to' })]);
    expect(doc.messages[0]!.message).toMatch(/SPRINGFIELD.*postal city.*SANGAMON COUNTY.*0 %/);
  });

  it('a city that did not adopt: groceries are exempt there, its 0 % jurisdiction named in the breakdown', () => {
    const l = line('61820', '2026-04-15').lines[0]!;
    expect(rowOf('Champaign').local_grocery_rate).toBe('0');
    expect(l).toMatchObject({ tax: 0, rate: 0, taxable: 0, exempt: 10_000, taxability: 'exempt', reason: 'product_exempt' });
    expect(l.jurisdictions).toEqual([
      {
        type: 'city',
        name: 'CHAMPAIGN GROCERY TAX',
        rate: 0,
        taxable: 0,
        tax: 0,
        source: expect.stringMatching(/^Illinois local grocery list, Champaign /),
        sourceKind: rowOf('Champaign').source_kind,
      },
    ]);
  });

  it('where a transit food rate applies, a 0 % place leaves the line reduced-rated', () => {
    const l = line('60601', '2026-04-15').lines[0]!;
    expect(rowOf('Chicago').local_grocery_rate).toBe('0');
    expect(l.reason).toBe('reduced_rated');
    expect(l.rate).toBe(toMicro(transit('RTA', true).qualifying_food_rate));
    expect(l.jurisdictions).toContainEqual({
      type: 'city',
      name: 'CHICAGO GROCERY TAX',
      rate: 0,
      taxable: 10_000,
      tax: 0,
      source: expect.stringMatching(/^Illinois local grocery list, Chicago /),
      sourceKind: rowOf('Chicago').source_kind,
    });
  });

  // Places outside the transit districts: the line is their own grocery rate alone, 1 % or (where
  // the council decided against it) nothing, with the place named in the breakdown either way.
  it.each([
    ['DeKalb', '60115', 10_000],
    ['Loves Park', '61132', 10_000],
    ['Kankakee', '60901', 10_000],
    ['Sterling', '61081', 10_000],
    ['Freeport', '61032', 10_000],
    ['Centralia', '62801', 0],
    ['Oglesby', '61348', 0],
    ['Monticello', '61856', 0],
    ['Effingham', '62401', 0],
  ])('%s (%s) answers its own grocery rate, %i micro', (name, zip, rate) => {
    const l = line(zip, '2026-04-15').lines[0]!;
    const taxable = rate > 0 ? 10_000 : 0;
    const tax = rate / 100;
    expect(toMicro(rowOf(name).local_grocery_rate)).toBe(rate);
    expect(l).toMatchObject({ rate, taxable, tax, reason: rate > 0 ? 'reduced_rated' : 'product_exempt' });
    expect(l.jurisdictions).toEqual([
      {
        type: 'city',
        name: `${name.toUpperCase()} GROCERY TAX`,
        rate,
        taxable,
        tax,
        source: expect.stringContaining(name),
        sourceKind: rowOf(name).source_kind,
      },
    ]);
  });

  it('Lockport, in the RTA collar area: its 1 % on top of the transit food rate', () => {
    const l = line('60441', '2026-04-15').lines[0]!;
    const rta = toMicro(transit('RTA', false).qualifying_food_rate);
    expect(rowOf('Lockport').local_grocery_rate).toBe('0.01');
    expect(l.rate).toBe(rta + 10_000);
    expect(l.jurisdictions.map((j) => j.name)).toContain('LOCKPORT GROCERY TAX');
  });

  it('drugs where a place levies no grocery tax keep the state 1 %', () => {
    expect(line('61820', '2026-04-15', '51020').lines[0]).toMatchObject({ reason: 'reduced_rated', rate: 10_000, tax: 100 });
  });

  it('in the RTA area the local 1 % adds to the transit food rate', () => {
    const l = line('60540', '2026-02-10', '40030', 80).lines[0]!;
    const rta = toMicro(transit('RTA', false).qualifying_food_rate);
    expect(l.rate).toBe(rta + 10_000);
    expect(l.tax).toBe(taxCents(8_000, BigInt(rta + 10_000)));
  });

  it('before 2026 there is no local grocery question: the state 1 % and transit, whatever the list says', () => {
    for (const zip of ['62701', '61820', '62901']) {
      const l = line(zip, '2025-12-20').lines[0]!;
      expect(l.jurisdictions.map((j) => [j.type, j.rate])).toContainEqual(['state', 10_000]);
      expect(l.jurisdictions.some((j) => j.name.endsWith('GROCERY TAX'))).toBe(false);
    }
  });

  it('drugs and medical appliances keep the state 1 % and no local grocery tax', () => {
    const l = line('62701', '2026-04-15', '51020').lines[0]!;
    expect(l.jurisdictions).toEqual([expect.objectContaining({ type: 'state', rate: 10_000 })]);
  });

  it('candy stays general merchandise at the full rate', () => {
    const l = line('62701', '2026-04-15', '40010').lines[0]!;
    expect(l.reason).toBe('standard_rated');
    expect(l.rate).toBe(toMicro(zipRows.find((z) => z.state === 'IL' && z.zip === '62701')!.combined_rate));
  });

  it('a place whose postal city the list does not know stays il_rate_lookup_unresolved', () => {
    expect(list.some((r) => r.jurisdiction === 'Carbondale')).toBe(false);
    expect(failure({ date: '2026-04-15', ...remote, ship_to: { state: 'IL', zip: '62901' }, lines: [{ amount: 1, tax_code: '40030' }] }).code).toBe(
      'il_rate_lookup_unresolved',
    );
  });

  it('data/illinois_grocery_unresolved.csv lists exactly the ZIPs the content cannot answer, and why', () => {
    const listed = readCsv(join(DATA, 'illinois_grocery_unresolved.csv'), ['zip', 'postal_city', 'county', 'reason']);
    const computed = illinoisUnresolved(content, content.from);
    expect(listed.map((r) => [r.zip, r.postal_city, r.county, r.reason])).toEqual(computed.map((r) => [r.zip, r.postalCity, r.county, r.reason]));
    for (const r of listed.slice(0, 25))
      expect(failure({ date: content.from, ...remote, ship_to: { state: 'IL', zip: r.zip }, lines: [{ amount: 1, tax_code: '40030' }] }).code).toBe(
        'il_rate_lookup_unresolved',
      );
  });

  it('every listed municipality whose name is a postal city answers groceries at every one of its ZIPs', () => {
    const keys = new Set(Object.keys(il.localGrocery.municipalities));
    const placed = zipRows.filter((z) => z.state === 'IL' && keys.has(placeKey(z.city_name)));
    expect(placed.length).toBeGreaterThan(250);
    for (const z of placed) expect(line(z.zip, '2026-04-15').lines[0]!.jurisdictions.some((j) => j.name.endsWith('GROCERY TAX'))).toBe(true);
  });
});

describe('dates of the list', () => {
  // Brooklyn (St. Clair County) filed for 2026-07-01: no ZIP has it as postal city, so the rule is
  // checked on a place as the content resolves it.
  const brooklyn: RateArea = {
    state: 'IL',
    zip: '62059',
    rates: { state: 62_500, county: 0, city: 0, special: 0 },
    sources: { state: 'test', county: 'test', city: 'test', special: 'test' },
    regionName: 'BROOKLYN',
    countyName: 'ST. CLAIR',
    cityName: 'BROOKLYN',
    multiArea: false,
    range: null,
    cityRate: null,
  };
  it('a place that adopted later answers its earlier rate before its date', () => {
    const periods = list.filter((r) => r.jurisdiction === 'Brooklyn').map((r) => [r.effective_from, toMicro(r.local_grocery_rate)]);
    expect(periods).toEqual([
      ['2026-01-01', 0],
      ['2026-07-01', 10_000],
    ]);
    expect(localGrocery(brooklyn, '2026-06-30', content)?.component.rate).toBe(0);
    expect(localGrocery(brooklyn, '2026-07-01', content)?.component.rate).toBe(10_000);
  });

  it('a name the list does not hold is unknown, not 0', () => {
    expect(localGrocery({ ...brooklyn, cityName: 'LOVEJOY' }, '2026-07-01', content)).toBeUndefined();
  });

  it('every Illinois county has a dated row; three levy the 1 % outside their municipalities', () => {
    const counties = list.filter((r) => r.kind === 'county');
    expect(new Set(counties.map((r) => r.jurisdiction.toUpperCase()))).toEqual(new Set(geo.filter((g) => g.county).map((g) => g.county.toUpperCase())));
    expect(counties.filter((r) => r.local_grocery_rate === '0.01').map((r) => r.jurisdiction)).toEqual(['Moultrie', 'Wabash', 'Washington']);
    expect(localGrocery({ ...brooklyn, cityName: 'SPRINGFIELD', countyName: 'SANGAMON' }, '2026-03-01', content)?.note).toMatch(/SANGAMON COUNTY.*0 %/);
  });
});

describe('transit districts: the RTA rates rose 0.25 point as the NITA from 2026-08-01', () => {
  const chicago = zipRows.find((z) => z.state === 'IL' && z.zip === '60601')!;
  const cookBefore = transit('RTA', true);
  const cookAfter = transit('NITA', true);
  const step = toMicro(cookAfter.general_merchandise_rate) - toMicro(cookBefore.general_merchandise_rate);

  it('general merchandise in Chicago: the table rate until 2026-07-31, plus the increase from 2026-08-01', () => {
    expect(step).toBe(2_500);
    expect(line('60601', '2026-07-31', null).lines[0]!.rate).toBe(toMicro(chicago.combined_rate));
    const after = line('60601', '2026-08-01', null).lines[0]!;
    expect(after.rate).toBe(toMicro(chicago.combined_rate) + step);
    expect(after.jurisdictions.find((j) => j.name === 'NORTHERN ILLINOIS TRANSIT AUTHORITY')?.rate).toBe(toMicro(cookAfter.general_merchandise_rate));
  });

  it('groceries and drugs in Chicago take the NITA food and drug rate', () => {
    expect(line('60601', '2026-08-01').lines[0]!.rate).toBe(toMicro(cookAfter.qualifying_food_rate));
    expect(line('60601', '2026-08-01', '51020').lines[0]!.rate).toBe(10_000 + toMicro(cookAfter.qualifying_food_rate));
  });

  it('outside the transit district nothing changes', () => {
    expect(line('62701', '2026-08-01', null).lines[0]!.rate).toBe(line('62701', '2026-07-31', null).lines[0]!.rate);
  });
});
