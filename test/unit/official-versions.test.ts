// The 2026-04-01 version: the Streamlined rate files of the second quarter of 2026 decide the rates
// of Georgia, Minnesota and Wisconsin from 2026-04-01; every other state keeps its 2026-03-01 rows
// and says so. Expectations are read from the files' rows here, not from the build.
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildArtifact } from '../../scripts/content/build/artifact';
import { readCsv, toMicro } from '../../scripts/content/files/csv';
import { DERIVED, dataWithDerivedVersion } from '../fixtures/derived-version';
import { content, run } from '../support/engine';

const DATA = join(import.meta.dirname, '..', '..', 'data');
/** The rows of a rate file that begin on a date: [type, code, general intrastate rate]. */
const rowsBeginning = (file: string, yyyymmdd: string) =>
  readFileSync(join(DATA, 'sst', file), 'utf8')
    .trim()
    .split('\n')
    .map((l) => l.split(','))
    .filter((f) => f[7] === yyyymmdd)
    .map((f) => ({ type: f[1]!, code: f[2]!, rate: toMicro(f[3]!) }));
/** The rate of a jurisdiction in force on a date (the period that begins last), from the file's rows. */
const rateOn = (file: string, type: string, code: string, yyyymmdd: string) => {
  const periods = readFileSync(join(DATA, 'sst', file), 'utf8')
    .trim()
    .split('\n')
    .map((l) => l.split(','))
    .filter((f) => f[1] === type && f[2] === code && f[7]! <= yyyymmdd && yyyymmdd <= f[8]!)
    .sort((a, b) => a[7]!.localeCompare(b[7]!));
  return periods.length === 0 ? 0 : toMicro(periods.at(-1)![3]!);
};
/** Each ZIP's counties by land (Census relationship file), largest first. */
const counties = new Map<string, { county: string; land: number }[]>();
for (const r of readCsv(join(DATA, 'zcta_county_2020.csv'), ['zip', 'county_fips', 'land_m2']))
  (counties.get(r.zip) ?? counties.set(r.zip, []).get(r.zip)!).push({ county: r.county_fips, land: Number(r.land_m2) });
for (const list of counties.values()) list.sort((a, b) => b.land - a.land);
// A ZIP without a ZCTA (a post-office-box ZIP) is in its GeoNames county.
const postal = new Map(readCsv(join(DATA, 'us_zip_geo.csv'), ['zip', 'state', 'county_fips']).map((r) => [`${r.state},${r.zip}`, r.county_fips]));
const mainCounty = (state: string, zip: string) => counties.get(zip)?.[0]?.county ?? postal.get(`${state},${zip}`);
const zipRows = readCsv(join(DATA, 'us_zip_rates.csv'), ['state', 'zip']);
const zipsOf = (state: string) => zipRows.filter((r) => r.state === state).map((r) => r.zip);

const line = (state: string, zip: string, date: string) => run({ date, ship_to: { state, zip }, lines: [{ amount: 100 }] }).lines[0]!;
const part = (l: ReturnType<typeof line>, type: string) => l.jurisdictions.filter((j) => j.type === type);

describe('the 2026-04-01 version', () => {
  it('is in force from 2026-04-01 and restates only GA, MN and WI', () => {
    expect(run({ date: '2026-03-31', ship_to: { state: 'GA', zip: '30114' }, lines: [{ amount: 1 }] }).content_version).toBe('2026-03-01');
    expect(run({ date: '2026-04-01', ship_to: { state: 'GA', zip: '30114' }, lines: [{ amount: 1 }] }).content_version).toBe('2026-04-01');
    for (const state of ['GA', 'MN', 'WI']) expect(content.ratesAge(state)).toMatchObject({ version: '2026-04-01', from: '2026-04-01' });
    const others = Object.keys(content.artifact.states).filter((s) => !['GA', 'MN', 'WI'].includes(s));
    for (const state of others) expect(content.ratesAge(state), state).toMatchObject({ version: '2026-03-01', from: '2026-03-01' });
  });

  it("Georgia: each county whose rate the file changes on 2026-04-01 answers the file's new rate in its one-county ZIPs", () => {
    const changed = rowsBeginning('GAR2026Q2FEB19.csv', '20260401').filter((r) => r.type === '00');
    expect(changed.length).toBe(11);
    let checked = 0;
    for (const { code, rate } of changed) {
      const before = rateOn('GAR2026Q2FEB19.csv', '00', code, '20260331');
      expect(rate).not.toBe(before);
      for (const zip of zipsOf('GA')) {
        const list = counties.get(zip);
        if (list?.length !== 1 || list[0]!.county !== `13${code}`) continue;
        const march = line('GA', zip, '2026-03-15');
        const local = (l: typeof march) => l.rate - part(l, 'state')[0]!.rate;
        // ZIPs answered at the county's own rate in March (no municipal or district rate on top of it).
        if (local(march) !== before) continue;
        const april = line('GA', zip, '2026-04-15');
        expect(part(april, 'state')[0]).toMatchObject({
          rate: rateOn('GAR2026Q2FEB19.csv', '45', '13', '20260415'),
          source: expect.stringContaining('GAR2026Q2FEB19.csv'),
        });
        expect(local(april), `GA ${zip}`).toBe(rate);
        expect(part(april, 'county')[0]!.source).toContain('GAR2026Q2FEB19.csv');
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(30);
  });

  it("Minnesota: Faribault County's new 0.5 % is added to the county part of the ZIPs mainly in it; the rest stays", () => {
    const [faribault] = rowsBeginning('MNR2026Q2FEB18.csv', '20260401');
    expect(faribault).toEqual({ type: '00', code: '043', rate: 5_000 });
    let added = 0;
    for (const zip of zipsOf('MN')) {
      const march = line('MN', zip, '2026-03-15');
      const april = line('MN', zip, '2026-04-15');
      expect(part(april, 'state')[0]!.rate).toBe(rateOn('MNR2026Q2FEB18.csv', '45', '27', '20260415'));
      if (mainCounty('MN', zip) === '27043') {
        expect(april.rate - march.rate, `MN ${zip}`).toBe(faribault!.rate);
        expect(part(april, 'county')).toEqual([expect.objectContaining({ source: expect.stringContaining('MNR2026Q2FEB18.csv') })]);
        added++;
      } else expect(april.rate, `MN ${zip}`).toBe(march.rate);
    }
    expect(added).toBe(10);
  });

  it('Wisconsin: the file changes nothing on 2026-04-01, so no ZIP changes; its rates are the state rate and county rates of the file', () => {
    expect(rowsBeginning('WIR2026Q2FEB18.csv', '20260401')).toEqual([]);
    for (const zip of zipsOf('WI')) expect(line('WI', zip, '2026-04-15').rate, `WI ${zip}`).toBe(line('WI', zip, '2026-03-15').rate);
    const milwaukee = line('WI', '53202', '2026-04-15');
    expect(part(milwaukee, 'state')[0]!.rate).toBe(rateOn('WIR2026Q2FEB18.csv', '45', '55', '20260415'));
  });

  it('every other state answers on 2026-04-15 what it answered on 2026-03-15', () => {
    for (const [state, zip] of [
      ['NY', '10001'],
      ['WA', '98101'],
      ['CA', '90210'],
      ['TX', '78701'],
      ['CO', '80202'],
    ] as const)
      expect(line(state, zip, '2026-04-15').jurisdictions).toEqual(line(state, zip, '2026-03-15').jurisdictions);
  });
});

describe('official versions in the manifest', () => {
  it('refuses a date no official file covers with its quarter (a second-quarter file says nothing of July)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'stx-official-'));
    try {
      cpSync(DATA, dir, { recursive: true });
      appendFileSync(join(dir, 'content_versions.csv'), '2026-07-01,2026-07-01,us_zip_rates.csv,ca_cdtfa_city_county_rates.csv,"test",official,vendor_table\n');
      expect(() => buildArtifact(dir)).toThrow(/no official rate file of data\/official_rate_tables.csv covers 2026-07-01/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a later full table restates every state: each state records the newest version that states it', () => {
    const dir = dataWithDerivedVersion();
    try {
      const ages = buildArtifact(dir).stateRatesAge;
      for (const [state, age] of Object.entries(ages)) expect(age.version, state).toBe(DERIVED.version);
      // Georgia's parts still come from its Streamlined file and the new table (named by its file and date).
      expect(ages.GA!.sources).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ table: 'GAR2026Q2FEB19.csv', kind: 'official_file' }),
          // The kind of a table other than the vendor's is its manifest row's.
          { publisher: 'derived test table', table: `versions/${DERIVED.version}/us_zip_rates.csv`, date: DERIVED.version, kind: 'secondary' },
        ]),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
