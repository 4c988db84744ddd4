// A ZIP's predominant rate and the rate areas found in it (data/README.md, "How a ZIP is answered"
// and "Official rate tables"; docs/rate-areas.md, "When a ZIP counts as several rate areas"):
// expectations computed here from data/ — the ZIP table, the Streamlined rate files read with the
// reader under test elsewhere, the Census ZIP-to-county relationship — or typed in from the
// official file with its line.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { destinationRates } from '../../functions/core/tax/engine';
import { readCsv, toMicro } from '../../scripts/content/files/csv';
import { readSstRates, sstRatesOn } from '../../scripts/content/readers/sst-rates';
import { derived, zipRows } from '../support/data';
import { content, failure, run } from '../support/engine';

const DATA = join(import.meta.dirname, '..', '..', 'data');
const D = '2026-04-15';
const general = (state: string, zip: string) => run({ date: D, ship_to: { state, zip }, lines: [{ amount: 100 }] });
const row = (state: string, zip: string) => zipRows.find((r) => r.state === state && r.zip === zip)!;

describe('a district inside the place is not the ZIP rate (64108, downtown Kansas City, Missouri)', () => {
  // The place's own rate: the lowest special part among the ZIP table's KANSAS CITY rows with the
  // same state, county and city parts as 64108's (the districts that cover the whole city).
  const own = row('MO', '64108');
  const kc = readCsv(join(DATA, 'us_zip_rates.csv'), ['state', 'zip', 'region_name', 'state_rate', 'county_rate', 'city_rate', 'special_rate']).filter(
    (r) => r.state === 'MO' && r.region_name === 'KANSAS CITY' && r.county_rate === own.county_rate && r.city_rate === own.city_rate,
  );
  const place = toMicro(own.state_rate) + toMicro(own.county_rate) + toMicro(own.city_rate) + Math.min(...kc.map((r) => toMicro(r.special_rate)));

  it('is answered at the city rate, with the range of rates found in the ZIP as data and in the message', () => {
    expect(toMicro(own.combined_rate)).toBe(109_750);
    expect(place).toBe(89_750);
    const doc = general('MO', '64108');
    const line = doc.lines[0]!;
    expect(line.rate).toBe(place);
    expect(line.rate_areas).toEqual({ lowest: place, highest: 109_750, used: place });
    expect(doc.messages).toContainEqual({
      code: 'zip_spans_multiple_rate_areas',
      severity: 'warning',
      message: 'The ZIP code spans several rate areas (general rates from 8.975 % to 10.975 %); the rate of its main area (8.975 %) was used.',
      target: 'ship_to',
    });
  });

  it('is refused under accuracy_policy deterministic, and GET /rates says the same', () => {
    const refused = failure({ date: D, accuracy_policy: 'deterministic', ship_to: { state: 'MO', zip: '64108' }, lines: [{ amount: 100 }] });
    expect(refused.code).toBe('accuracy_requirement_not_met');
    const rates = destinationRates(content, 'MO', '64108', D);
    expect(rates.rateAreas).toEqual({ lowest: place, highest: 109_750, used: place });
    expect(rates.note).toMatch(/from 8\.975 % to 10\.975 %/);
    expect(rates.components.reduce((n, c) => n + c.rate, 0)).toBe(place);
  });

  it('a ZIP whose row is its place rate stays deterministic', () => {
    const plain = general('MO', '64129').lines[0]!;
    expect(plain.rate_areas).toBeNull();
    expect(run({ date: D, accuracy_policy: 'deterministic', ship_to: { state: 'MO', zip: '64129' }, lines: [{ amount: 100 }] }).lines[0]!.rate).toBe(89_750);
  });
});

describe('a community improvement or transportation development district that names every row of its place', () => {
  // Arnold (63010) and Lawrence (66044, 66045) have no ZIP-table row without a district: the place's
  // special part is its county's, the lowest that two or more of the county's rows without a district
  // name carry (same state and county parts, same postal county).
  const all = readCsv(join(DATA, 'us_zip_rates.csv'), ['state', 'zip', 'region_name', 'state_rate', 'county_rate', 'special_rate', 'county_name', 'city_name']);
  const districtNamed = (region: string) =>
    /\b(CID|TDD|TD|BD)\b|COMMUNITY IMPROVEMENT|TRANSPORTATION DEVELOPMENT|RESERVATION|TOURISM|AMBULANCE|FIRE/.test(region);
  const countyFloor = (state: string, zip: string) => {
    const own = row(state, zip);
    const of = all.find((r) => r.state === state && r.zip === zip)!;
    const counts = new Map<number, number>();
    for (const r of all)
      if (r.state === state && r.county_name === of.county_name && r.county_rate === own.county_rate && !districtNamed(r.region_name))
        counts.set(toMicro(r.special_rate), (counts.get(toMicro(r.special_rate)) ?? 0) + 1);
    return Math.min(...[...counts].filter(([, n]) => n >= 2).map(([special]) => special));
  };
  const CASES = [
    { state: 'MO', zip: '63010', city: 'ARNOLD', table: 116_000 },
    { state: 'KS', zip: '66044', city: 'LAWRENCE', table: 113_500 },
    { state: 'KS', zip: '66045', city: 'LAWRENCE', table: 113_500 },
  ];
  it.each(CASES)('$state $zip ($city) answers its place without the district and states the range', ({ state, zip, city, table }) => {
    const own = row(state, zip);
    expect(all.some((r) => r.state === state && r.city_name.toUpperCase() === city && !districtNamed(r.region_name))).toBe(false);
    expect(toMicro(own.combined_rate)).toBe(table);
    const place = toMicro(own.state_rate) + toMicro(own.county_rate) + toMicro(own.city_rate) + countyFloor(state, zip);
    expect(place).toBeLessThan(table);
    const doc = general(state, zip);
    const line = doc.lines[0]!;
    expect(line.rate).toBe(place);
    expect(line.rate_areas).toEqual({ lowest: place, highest: table, used: place });
    expect(doc.messages.map((m) => m.code)).toContain('zip_spans_multiple_rate_areas');
    // The place's districts, if it has any, are named for it, never for the district left out.
    expect(line.jurisdictions.find((j) => j.type === 'special')?.name).toBe(countyFloor(state, zip) > 0 ? `${city} SPECIAL DISTRICTS` : undefined);
    expect(line.jurisdictions.filter((j) => districtNamed(j.name))).toEqual([]);
    expect(failure({ date: D, accuracy_policy: 'deterministic', ship_to: { state, zip }, lines: [{ amount: 100 }] }).code).toBe('accuracy_requirement_not_met');
  });

  it("a district named for a city other than the postal one answers that city's rows (64134, Lee's Summit in Kansas City's postal area)", () => {
    const own = row('MO', '64134');
    const lees = all.filter((r) => r.state === 'MO' && r.region_name === 'LEES SUMMIT' && r.county_rate === own.county_rate);
    const leesRows = zipRows.filter((r) => lees.some((l) => l.zip === r.zip) && r.city_rate === own.city_rate);
    expect(leesRows.length).toBeGreaterThan(0);
    const place = toMicro(own.state_rate) + toMicro(own.county_rate) + toMicro(own.city_rate) + Math.min(...leesRows.map((r) => toMicro(r.special_rate)));
    const line = general('MO', '64134').lines[0]!;
    expect(line.rate).toBe(place);
    expect(line.rate_areas).toEqual({ lowest: place, highest: toMicro(own.combined_rate), used: place });
  });

  it("in the newest version no ZIP is answered at such a district's rate without a range, unless its county has no row to tell its place by", () => {
    const d = derived('2026-04-01');
    const levying = /\b(CID|TDD|TD|BD)\b|COMMUNITY IMPROVEMENT|TRANSPORTATION DEVELOPMENT|BUSINESS (DEVELOPMENT )?DIST/;
    let fixed = 0;
    for (const [state, answers] of d.answers)
      for (const [zip, a] of answers) {
        if (!levying.test(a.row.region)) continue;
        if (!levying.test(a.region)) {
          fixed++;
          continue;
        }
        const of = all.find((r) => r.state === state && r.zip === zip)!;
        const peers = all.filter(
          (r) => r.state === state && r.county_name === of.county_name && r.county_rate === of.county_rate && !districtNamed(r.region_name),
        );
        expect(peers, `${state} ${zip} ${a.row.region}`).toEqual([]);
      }
    expect(fixed).toBeGreaterThan(250);
  });
});

describe('a region named for an assessment that is no sales tax names what levies its rate', () => {
  const CASES = [
    { state: 'CA', zip: '90069', tableName: 'WEST HOLLYWOOD TOURISM IMPROVEMENT DISTRICT', name: 'LOS ANGELES COUNTY AND WEST HOLLYWOOD DISTRICT TAXES' },
    { state: 'CA', zip: '90507', tableName: 'TORRANCE TOURISM BUSINESS IMPROVEMENT DISTRICT', name: 'LOS ANGELES COUNTY AND TORRANCE DISTRICT TAXES' },
    { state: 'NM', zip: '87103', tableName: 'ALBUQUERQUE DOWNTOWN TIF MRA', name: 'ALBUQUERQUE SPECIAL DISTRICTS' },
    { state: 'TX', zip: '76201', tableName: 'DENTON TOURISM PUBLIC IMPROVEMENT DISTRICT', name: 'DENTON SPECIAL DISTRICTS' },
  ];
  const regions = new Map(
    readCsv(join(DATA, 'us_zip_rates.csv'), ['state', 'zip', 'region_name']).map((r) => [`${r.state},${r.zip}`, r.region_name.toUpperCase()]),
  );
  it.each(CASES)('$state $zip: $tableName → $name, rate unchanged', ({ state, zip, tableName, name }) => {
    expect(regions.get(`${state},${zip}`)).toBe(tableName);
    const line = general(state, zip).lines[0]!;
    expect(line.rate).toBe(toMicro(row(state, zip).combined_rate));
    const special = line.jurisdictions.find((j) => j.type === 'special')!;
    expect(special.name).toBe(name);
    expect(special.rate).toBe(toMicro(row(state, zip).special_rate));
  });

  it('no answer of any version names a tourism, hotel, improvement or tax increment district', () => {
    const assessment = /\b(TIF|MRA|TBID|BID|BIA|TMD|TOT|PID)\b|INCREMENT|TOURIS[MT]|HOTEL|LODGING|CONVENTION|IMPROVEMENT (DIST|AREA)/;
    let named = 0;
    for (const version of ['2025-12-01', '2026-01-01', '2026-03-01', '2026-04-01'])
      for (const [state, answers] of derived(version).answers)
        for (const [zip, a] of answers) {
          if (!assessment.test(a.row.region) || /COMMUNITY IMPROVEMENT|\bCID\b|\bTDD\b/.test(a.row.region)) continue;
          named++;
          expect(a.region, `${version} ${state} ${zip}`).not.toMatch(assessment);
        }
    expect(named).toBeGreaterThan(500);
  });
});

describe('the official rate files decide over the ZIP table (Georgia and Wisconsin counties)', () => {
  const files = readCsv(join(DATA, 'official_rate_tables.csv'), ['state', 'file', 'join']).filter((r) => r.join === 'county');
  const land = new Map<string, { county: string; land: number }[]>();
  for (const r of readCsv(join(DATA, 'zcta_county_2020.csv'), ['zip', 'county_fips', 'land_m2']))
    (land.get(r.zip) ?? land.set(r.zip, []).get(r.zip)!).push({ county: r.county_fips, land: Number(r.land_m2) });

  // Typed in from the files (line numbers of data/sst/*.csv) and the Census relationship file.
  const TABLE = [
    { what: 'Brookfield: Waukesha County levies no county tax (WIR2026Q2FEB18.csv line 67, 55,00,133 0.0)', state: 'WI', zip: '53005', rate: 50_000 },
    { what: 'Butler (Waukesha County), row of Milwaukee city and county', state: 'WI', zip: '53007', rate: 50_000 },
    { what: 'Milwaukee: county 0.9 % (line 50) and city 2 % (line 1164) on the 5 % state rate', state: 'WI', zip: '53202', rate: 79_000 },
    { what: 'Dacula (Gwinnett County 2 %, GAR2026Q2FEB19.csv 13,00,135), row of Walton County', state: 'GA', zip: '30019', rate: 60_000 },
    { what: 'Vinings (Cobb County 2 %, 13,00,067), row of Atlanta', state: 'GA', zip: '30339', rate: 60_000 },
  ];
  it.each(TABLE)('$state $zip: $what', ({ state, zip, rate }) => {
    expect(general(state, zip).lines[0]!.rate).toBe(rate);
  });

  it('every changed ZIP of those states answers the state rate and its main county rate of the file (plus a municipal or special rate the file lists)', () => {
    const d = derived();
    let checked = 0;
    for (const f of files) {
      const file = readSstRates(readFileSync(join(DATA, f.file), 'utf8'), f.file);
      const inForce = sstRatesOn(file, '2026-03-01');
      const stateRate = inForce.get(`45:${file.stateFips}`)!.general.intrastate;
      const extras = new Set([0, ...[...inForce.values()].filter((r) => r.type === '01' || r.type === '63').map((r) => r.general.intrastate)]);
      for (const [zip, a] of d.answers.get(f.state)!) {
        const tableRate = a.row.rates.state + a.row.rates.county + a.row.rates.city + a.row.rates.special;
        const line = general(f.state, zip).lines[0]!;
        if (line.rate === tableRate) continue;
        const main = (land.get(zip) ?? []).filter((p) => p.county.startsWith(file.stateFips)).sort((x, y) => y.land - x.land)[0];
        if (!main) continue;
        const county = inForce.get(`00:${main.county.slice(2)}`)?.general.intrastate ?? 0;
        const rest = line.rate - stateRate - county;
        const sums = new Set([...extras].flatMap((x) => [...extras].map((y) => x + y)));
        expect(sums.has(rest), `${f.state} ${zip}: ${line.rate} is not ${stateRate} + ${county} + an extra of the file`).toBe(true);
        const state = line.jurisdictions.find((j) => j.type === 'state')!;
        expect(state.source).toBe(`Streamlined Sales Tax, ${f.state === 'GA' ? 'Georgia' : 'Wisconsin'} rate file ${file.file}`);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});

describe('the source of every rate', () => {
  it('names the ZIP table, a state rate file, CDTFA or the Illinois rows', () => {
    const ny = general('NY', '10001').lines[0]!;
    expect(new Set(ny.jurisdictions.map((j) => j.source))).toEqual(new Set(['Avalara TaxRates ZIP5 table 202603']));
    const ga = general('GA', '30303').lines[0]!;
    expect(ga.jurisdictions.find((j) => j.type === 'state')?.source).toBe('Streamlined Sales Tax, Georgia rate file GAR2026Q2FEB19.csv');
    const bh = general('CA', '90210').lines[0]!;
    expect(bh.jurisdictions.find((j) => j.type === 'special')?.source).toBe('CDTFA Effective Sales and Use Tax Rates 1-1-26');
    expect(bh.jurisdictions.find((j) => j.type === 'state')?.source).toBe('CDTFA Detailed Description of the Sales & Use Tax Rate');
    const chicago = run({ date: '2026-08-15', seller_class: 'remote', ship_to: { state: 'IL', zip: '60601' }, lines: [{ amount: 100, description: 'Lamp' }] })
      .lines[0]!;
    expect(chicago.jurisdictions.find((j) => j.name.startsWith('NORTHERN ILLINOIS'))?.source).toMatch(/^IDOR ordmache-current\.txt/);
    const dc = run({ date: '2026-10-15', ship_to: { state: 'DC', zip: '20001' }, lines: [{ amount: 100 }] }).lines[0]!;
    expect(dc.jurisdictions.find((j) => j.type === 'state')?.source).toMatch(/DC OTR notice/);
    const groceries = run({ date: D, ship_to: { state: 'MO', zip: '65101' }, lines: [{ amount: 100, tax_code: '40030' }] }).lines[0]!;
    expect(groceries.jurisdictions.find((j) => j.type === 'state')?.source).toMatch(/^https:\/\/dor\.mo\.gov/);
  });

  it('says how each source was obtained: an official file, an official notice, the vendor table or a secondary report', () => {
    const ga = general('GA', '30303').lines[0]!;
    expect(ga.jurisdictions.find((j) => j.type === 'state')?.sourceKind).toBe('official_file');
    const ny = general('NY', '10001').lines[0]!;
    expect(new Set(ny.jurisdictions.map((j) => j.sourceKind))).toEqual(new Set(['vendor_table']));
    const bh = general('CA', '90210').lines[0]!;
    expect(bh.jurisdictions.find((j) => j.type === 'state')?.sourceKind).toBe('official_notice');
    expect(bh.jurisdictions.find((j) => j.type === 'special')?.sourceKind).toBe('official_file');
    // DC's scheduled rate rests on the quoted notice (data/state_rate_changes.csv source_kind).
    const changes = readCsv(join(DATA, 'state_rate_changes.csv'), ['state', 'source_kind']);
    const dc = run({ date: '2026-10-15', ship_to: { state: 'DC', zip: '20001' }, lines: [{ amount: 100 }] }).lines[0]!;
    expect(dc.jurisdictions.find((j) => j.type === 'state')?.sourceKind).toBe(changes.find((r) => r.state === 'DC')!.source_kind);
    const rates = destinationRates(content, 'GA', '30303', D);
    expect(rates.components.map((c) => content.sourceKind(c.source))).toContain('official_file');
    expect(content.sourceKind('no such source')).toBeUndefined();
  });

  it('every jurisdiction of every taxed ZIP names a source', () => {
    for (const r of zipRows.filter((_, i) => i % 97 === 0 && _.state !== 'PR' && _.state !== 'IL'))
      for (const j of general(r.state, r.zip).lines[0]!.jurisdictions) {
        expect(j.source, `${r.state} ${r.zip} ${j.name}`).toMatch(/\S/);
        expect(['official_file', 'official_notice', 'vendor_table', 'secondary'], `${r.state} ${r.zip} ${j.name}`).toContain(j.sourceKind);
      }
  });
});

describe('a best-effort answer lies within the range its line reports', () => {
  const several = [...content.multiAreaZips().keys()].map((k) => k.split(',') as [string, string]).filter(([state]) => state !== 'IL');
  it(`for any of the ${several.length} ZIPs that hold several rate areas, any amount and product`, () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...several),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.constantFrom(undefined, '20010', '40030', '30070'),
        ([state, zip], cents, code) => {
          const doc = run({ date: D, ship_to: { state, zip }, lines: [{ amount: cents / 100, tax_code: code }] });
          const line = doc.lines[0]!;
          const areas = line.rate_areas!;
          expect(areas.lowest).toBeLessThanOrEqual(areas.used);
          expect(areas.used).toBeLessThanOrEqual(areas.highest);
          // The ZIP's stored range, moved by the local taxes that started after the ZIP tables (in every area of their county).
          const range = content.multiAreaZips().get(`${state},${zip}`)!;
          const added = (content.artifact.localRateChanges[state] ?? [])
            .filter((c) => c.from <= D && (c.to === null || D <= c.to) && destinationRates(content, state, zip, D).components.some((j) => j.name === c.name))
            .reduce((n, c) => n + c.rate, 0);
          expect([areas.lowest, areas.highest]).toEqual([range.lowest + added, range.highest + added]);
          if (code === undefined && line.reason === 'standard_rated') expect(line.rate).toBe(areas.used);
          expect(line.rate).toBeLessThanOrEqual(areas.highest);
          expect(doc.messages.some((m) => m.code === 'zip_spans_multiple_rate_areas')).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
