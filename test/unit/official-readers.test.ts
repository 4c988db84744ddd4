// The readers of the publishers' bulk files (scripts/content/readers/: sst-boundaries,
// tx-comptroller, il-dor, az-dor, wa-dor, cdtfa; and scripts/content/files/zip-archive) on slices in
// each publisher's exact format (test/fixtures/official/, described in data/README.md, "Official
// bulk files": which are real rows and which are synthetic), and on broken copies of them: each
// refusal names the file, line and field.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FormatError } from '../../scripts/content/files/format-error';
import { isZip, readZip } from '../../scripts/content/files/zip-archive';
import { readAzRates } from '../../scripts/content/readers/az-dor';
import { cdtfaAreasOn, readCdtfaAreas } from '../../scripts/content/readers/cdtfa';
import { insideRings } from '../../scripts/content/readers/geojson';
import { idorPeriodOn, readGrocerymache, readOrdmache } from '../../scripts/content/readers/il-dor';
import { readSstBoundaries, sstBoundariesOn } from '../../scripts/content/readers/sst-boundaries';
import { readSstRates } from '../../scripts/content/readers/sst-rates';
import { readTxRates } from '../../scripts/content/readers/tx-comptroller';
import { readWaBoundaries, readWaRates } from '../../scripts/content/readers/wa-dor';

const DIR = join(import.meta.dirname, '..', 'fixtures', 'official');
const text = (file: string) => readFileSync(join(DIR, file), 'utf8');

/** The refusal `read` throws, as file:line: field. */
function refusal(read: () => unknown): string {
  try {
    read();
  } catch (e) {
    if (e instanceof FormatError) return `${e.file}:${e.line}: ${e.field}`;
    throw e;
  }
  throw new Error('read without a refusal');
}

const replaceLine = (body: string, line: number, edit: (l: string) => string) =>
  body
    .split('\n')
    .map((l, i) => (i === line - 1 ? edit(l) : l))
    .join('\n');

describe('Streamlined boundary files', () => {
  it("reads Minnesota's real 'z' and '4' records (the first 100 lines of MNB2026Q2FEB18)", () => {
    const mn = readSstBoundaries(text('MNB2026Q2FEB18.csv'), 'MNB2026Q2FEB18.csv');
    expect(mn).toMatchObject({ state: 'MN', stateFips: '27', year: 2026, quarter: 2, published: '2026-02-18' });
    expect(mn.records.filter((r) => r.kind === 'Z').length).toBe(34);
    expect(mn.records.filter((r) => r.kind === '4').length).toBe(66);
    // z,20171001,20190331,…,55401,,55405,,,27,27,053,43000,,,,ST,80004,63
    expect(mn.records.find((r) => r.kind === 'Z' && r.low === '55401')).toMatchObject({
      high: '55405',
      county: '053',
      place: '43000',
      from: '2017-10-01',
      to: '2019-03-31',
      districts: [{ source: 'ST', code: '80004', type: '63' }],
    });
    // 4,20161001,20190331,…,55012,0011,55013,9999,,27,27,025
    expect(mn.records.find((r) => r.kind === '4' && r.low.startsWith('55012'))).toMatchObject({ low: '550120011', high: '550139999', county: '025' });
    // Every record of the slice ended on 2019-03-31: none is in force in 2026.
    expect(sstBoundariesOn(mn, '2026-04-01')).toEqual([]);
    expect(sstBoundariesOn(mn, '2019-03-31').length).toBe(100);
  });

  it("reads upper-case 'Z' rows and refuses a row of another state", () => {
    // The WA slice (synthetic) ends with a Tennessee 'A' record: the reader stops there.
    expect(refusal(() => readSstBoundaries(text('WAB2024Q2JAN01.csv'), 'WAB2024Q2JAN01.csv'))).toBe('WAB2024Q2JAN01.csv:6: state FIPS');
    const wa = readSstBoundaries(text('WAB2024Q2JAN01.csv').split('\n').slice(0, 5).join('\n'), 'WAB2024Q2JAN01.csv');
    expect(wa.records.map((r) => [r.kind, r.kind === 'A' ? '' : r.low, r.county, r.place])).toEqual([
      ['Z', '98001', '', ''],
      ['Z', '98001', '', ''],
      ['Z', '83856', '051', ''],
      ['Z', '98002', '051', ''],
      ['Z', '98002', '', '03180'],
    ]);
    expect(wa.records[0]!.districts).toEqual([{ source: 'ST', code: 'L1702', type: '45' }]);
  });

  it("reads an 'A' address record", () => {
    const line = text('WAB2024Q2JAN01.csv').split('\n')[5]!;
    const tn = readSstBoundaries(line, 'TNB2024Q1JAN01.csv');
    expect(tn.records[0]).toMatchObject({
      kind: 'A',
      fromNumber: '332',
      toNumber: '398',
      parity: 'E',
      street: 'NORTHWIND DR',
      city: 'GOODLETTSVILLE',
      zip: '37072',
      plus4: '2937',
      county: '037',
    });
  });

  it('refuses a damaged record with its line and field', () => {
    const body = text('MNB2026Q2FEB18.csv');
    expect(
      refusal(() =>
        readSstBoundaries(
          replaceLine(body, 7, (l) => l.replace('55128', '5512X')),
          'MNB2026Q2FEB18.csv',
        ),
      ),
    ).toBe('MNB2026Q2FEB18.csv:7: low ZIP');
    expect(
      refusal(() =>
        readSstBoundaries(
          replaceLine(body, 3, (l) => l.replace('20171001', '20171301')),
          'MNB2026Q2FEB18.csv',
        ),
      ),
    ).toBe('MNB2026Q2FEB18.csv:3: effective begin date');
    expect(
      refusal(() =>
        readSstBoundaries(
          replaceLine(body, 2, (l) => `x${l.slice(1)}`),
          'MNB2026Q2FEB18.csv',
        ),
      ),
    ).toBe('MNB2026Q2FEB18.csv:2: record type');
    expect(
      refusal(() =>
        readSstBoundaries(
          replaceLine(body, 10, (l) => l.replace('ST,80004,63', 'ST,80004,6')),
          'MNB2026Q2FEB18.csv',
        ),
      ),
    ).toBe('MNB2026Q2FEB18.csv:10: special jurisdiction 1 type');
    expect(refusal(() => readSstBoundaries(body, 'MNR2026Q2FEB18.csv'))).toBe('MNR2026Q2FEB18.csv:0: file name');
  });

  it("reads a rate file inside the publisher's ZIP archive (MNR2026Q2FEB18.zip, real)", () => {
    const bytes = readFileSync(join(DIR, 'MNR2026Q2FEB18.zip'));
    expect(isZip(bytes)).toBe(true);
    const [member, ...rest] = readZip(bytes, 'MNR2026Q2FEB18.zip');
    expect(rest).toEqual([]);
    expect(member!.name).toBe('MNR2026Q2FEB18.csv');
    const mn = readSstRates(member!.data.toString('utf8'), member!.name);
    expect(mn.records.length).toBe(148);
    expect(mn.records.find((r) => r.type === '45')?.general.intrastate).toBe(68_750);
  });
});

describe("the Texas Comptroller's taxrates.txt", () => {
  it('reads the header and every combination of local taxes', () => {
    const tx = readTxRates(text('taxrates.txt'), 'taxrates.txt');
    expect(tx).toMatchObject({ year: 2026, quarter: 3, quarterName: '2026 - 3rd', stateRate: 62_500, scheduleRows: 0 });
    expect(tx.rows.length).toBe(5);
    expect(tx.rows[2]).toEqual({
      line: 4,
      city: { name: 'ADDISON', code: '2057217', rate: 10_000 },
      county: null,
      districts: [{ name: 'DALLAS MTA', code: '3057994', rate: 10_000 }],
    });
    expect(tx.rows[3]).toMatchObject({
      city: null,
      county: { name: 'HOOD', code: '4111006', rate: 5000 },
      districts: [{ name: 'HOOD CO DEV DIST 1', rate: 5000 }],
    });
  });

  it('refuses a row it cannot read', () => {
    const body = text('taxrates.txt');
    expect(
      refusal(() =>
        readTxRates(
          replaceLine(body, 3, (l) => l.replace('0.02', '2%')),
          'taxrates.txt',
        ),
      ),
    ).toBe('taxrates.txt:3: city rate');
    expect(
      refusal(() =>
        readTxRates(
          replaceLine(body, 4, (l) => l.replace('3057994', '305799')),
          'taxrates.txt',
        ),
      ),
    ).toBe('taxrates.txt:4: second special district code');
    expect(
      refusal(() =>
        readTxRates(
          replaceLine(body, 5, (l) => l.split('\t').slice(0, 9).join('\t')),
          'taxrates.txt',
        ),
      ),
    ).toBe('taxrates.txt:5: row');
    expect(
      refusal(() =>
        readTxRates(
          replaceLine(body, 1, (l) => l.replace('20263', '2026')),
          'taxrates.txt',
        ),
      ),
    ).toBe('taxrates.txt:1: period');
  });
});

describe("IDOR's ordmache and grocerymache", () => {
  it("reads the sales-tax records' current and prior periods", () => {
    const ord = readOrdmache(text('ordmache-current.txt'), 'ordmache-current.txt');
    expect(ord.records.length).toBe(8);
    const chicago = ord.records[0]!;
    expect(chicago).toMatchObject({ locationId: '016-0001-1', name: 'CHICAGO', county: 'COOK', override: false });
    expect(chicago.current.from).toBe('2026-08-01');
    expect(chicago.current.groups[0]).toEqual({ high: 105_000, highFood: 25_000, low: 105_000, lowFood: 25_000, flag: 'N' });
    expect(chicago.prior).toMatchObject({ from: '2016-01-01', to: '2026-07-31' });
    expect(chicago.prior!.groups[0]!.low).toBe(102_500);
    expect(idorPeriodOn(chicago, '2026-03-01')?.groups[0]?.low).toBe(102_500);
    expect(idorPeriodOn(chicago, '2015-01-01')).toBeNull();
    // Springfield varies by address (flag Y); the out-of-state row names no county.
    expect(ord.records[3]).toMatchObject({ name: 'SPRINGFIELD', override: true });
    expect(ord.records[7]).toMatchObject({ name: 'WASHINGTON', county: '' });
    expect(ord.records[7]!.prior?.to).toBeNull();
  });

  it("reads the grocery records' high and low rates", () => {
    const g = readGrocerymache(text('grocerymache-current.txt'), 'grocerymache-current.txt');
    expect(g.records.length).toBe(9);
    expect(g.records[0]!.current).toEqual({ from: '2026-08-01', to: null, groups: [{ high: 15_000, low: 15_000, flag: 'N' }] });
    // Belleville: the MED district taxes some addresses above the rest (flag Y, high 1.75 %, low 1 %).
    expect(g.records[5]).toMatchObject({ name: 'BELLEVILLE', override: true, current: { groups: [{ high: 17_500, low: 10_000, flag: 'Y' }] } });
    expect(g.records[7]!.prior).toEqual({ from: '2026-01-01', to: '2026-06-30', groups: [{ high: 7500, low: 0, flag: 'Y' }] });
  });

  it('refuses a record cut short or with a letter in a rate', () => {
    const body = text('ordmache-current.txt');
    expect(
      refusal(() =>
        readOrdmache(
          replaceLine(body, 2, (l) => l.slice(0, 120)),
          'ordmache-current.txt',
        ),
      ),
    ).toBe('ordmache-current.txt:2: record');
    expect(
      refusal(() =>
        readOrdmache(
          replaceLine(body, 3, (l) => `${l.slice(0, 79)}0925O${l.slice(84)}`),
          'ordmache-current.txt',
        ),
      ),
    ).toBe('ordmache-current.txt:3: current period rate group 1 low general merchandise');
    const g = text('grocerymache-current.txt');
    expect(
      refusal(() =>
        readGrocerymache(
          replaceLine(g, 4, (l) => `${l.slice(0, 60)}19901301${l.slice(68)}`),
          'grocerymache-current.txt',
        ),
      ),
    ).toBe('grocerymache-current.txt:4: current period start');
  });
});

describe("Arizona's TPT rate table", () => {
  it('reads the rows with their business class, percentage and dates', () => {
    const az = readAzRates(text('TPT_RATETABLE_ALL_09012026.csv'), 'TPT_RATETABLE_ALL_09012026.csv');
    expect(az.effective).toBe('2026-09-01');
    expect(az.rates[0]).toEqual({
      line: 2,
      region: 'MAR',
      regionName: 'MARICOPA COUNTY',
      businessCode: '017',
      businessName: 'RETAIL SALES',
      rate: 63_000,
      from: '2026-01-01',
      to: null,
    });
    expect(az.rates.filter((r) => r.businessCode === '017').length).toBe(3);
  });

  it('refuses an unreadable rate, date or name', () => {
    const body = text('TPT_RATETABLE_ALL_09012026.csv');
    expect(refusal(() => readAzRates(body.replace('1.8,Percent,7/01', '1.8%,Percent,7/01'), 'TPT_RATETABLE_ALL_09012026.csv'))).toBe(
      'TPT_RATETABLE_ALL_09012026.csv:3: TaxRate',
    );
    expect(refusal(() => readAzRates(body.replace('6.1,Percent,1/01/2026', '6.1,Percent,13/01/2026'), 'TPT_RATETABLE_ALL_09012026.csv'))).toBe(
      'TPT_RATETABLE_ALL_09012026.csv:5: RateStartDate',
    );
    expect(refusal(() => readAzRates(body, 'TPT_RATETABLE_ALL_2026.csv'))).toBe('TPT_RATETABLE_ALL_2026.csv:0: file name');
    expect(refusal(() => readAzRates(body.replace('TaxRateType', 'RateType'), 'TPT_RATETABLE_ALL_09012026.csv'))).toBe(
      'TPT_RATETABLE_ALL_09012026.csv:1: TaxRateType',
    );
  });
});

describe("Washington DOR's rate table and location-code boundaries", () => {
  it('reads the rates and the polygons by location code', () => {
    const rates = readWaRates(text('Rates_26Q3.csv'), 'Rates_26Q3.csv');
    expect(rates.rates[0]).toEqual({
      line: 2,
      name: 'SEATTLE',
      code: '1726',
      state: 65_000,
      local: 40_500,
      rta: 0,
      rate: 105_500,
      from: '2026-07-01',
      to: '2026-09-30',
    });
    const bounds = readWaBoundaries(text('LOCCODE_Public_26Q3.geojson'), 'LOCCODE_Public_26Q3.geojson');
    expect(bounds.areas.map((a) => a.code)).toEqual(['1726', '4000', '9999']);
    const seattle = bounds.areas[0]!.feature;
    expect(seattle.bbox).toEqual([-122.3, 47.6, -122.2, 47.7]);
    expect(insideRings(seattle.polygons[0]!, -122.21, 47.62)).toBe(true);
    expect(insideRings(seattle.polygons[0]!, -122.29, 47.69)).toBe(false);
  });

  it('refuses a total that is not its parts, and a feature without a code', () => {
    expect(refusal(() => readWaRates(text('Rates_26Q3.csv').replace('0.1055', '0.1056'), 'Rates_26Q3.csv'))).toBe('Rates_26Q3.csv:2: Rate');
    expect(refusal(() => readWaBoundaries(text('LOCCODE_Public_26Q3.geojson').replace('"LOCCODE": "4000"', '"LOC": "4000"'), 'x.geojson'))).toBe(
      'x.geojson:2: LOCCODE',
    );
    expect(
      refusal(() => readWaBoundaries(text('LOCCODE_Public_26Q3.geojson').replace('[-122.1,47.6],[-122.0,47.6]', '[-122.1],[-122.0,47.6]'), 'x.geojson')),
    ).toBe('x.geojson:3: geometry polygon 1 ring 1 position 1');
  });
});

describe("CDTFA's tax-area boundaries", () => {
  it('reads the areas, their rates and start dates, from Web Mercator', () => {
    const ca = readCdtfaAreas(text('cdtfa_tax_areas.geojson'), 'cdtfa_tax_areas.geojson');
    expect(ca.areas.map((a) => [a.name, a.city, a.rate, a.from])).toEqual([
      ['SANTA MONICA', 'SANTA MONICA', 107_500, '2022-04-01'],
      ['UNINCORPORATED AREA-LOS ANGELES', '', 97_500, '2022-10-01'],
      ['SANTA MONICA', 'SANTA MONICA', 112_500, '2031-01-01'],
      ['MCFARLAND', 'MCFARLAND', 82_500, '2019-04-01'],
      ['NOISE', 'NOISE', 107_500, '2022-04-01'],
    ]);
    expect(ca.warnings).toEqual(['cdtfa_tax_areas.geojson:5: RATE 0.107500000000001 read as 0.1075']);
    // One metre east of the origin is about 9e-6 degrees of longitude.
    expect(ca.areas[0]!.feature.bbox[2]).toBeCloseTo(1 / 111_319.49, 9);
    // The 2031 period of Santa Monica is not in force in 2026.
    expect(cdtfaAreasOn(ca.areas, '2026-07-01').find((a) => a.name === 'SANTA MONICA')?.rate).toBe(107_500);
  });

  it('refuses a feature without a rate or with an unreadable date', () => {
    const body = text('cdtfa_tax_areas.geojson');
    expect(refusal(() => readCdtfaAreas(body.replace('"RATE": 0.0975', '"RATE": "9.75%"'), 'c.geojson'))).toBe('c.geojson:2: RATE');
    expect(refusal(() => readCdtfaAreas(body.replace('4/1/2019 7:00:00 AM', '2019-04-01'), 'c.geojson'))).toBe('c.geojson:4: START_DATE');
    expect(refusal(() => readCdtfaAreas(body.replace('EPSG:3857', 'EPSG:2227'), 'c.geojson'))).toBe('c.geojson:0: crs');
  });
});
