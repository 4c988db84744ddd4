// Address-level precision (functions/core/content/boundaries.ts, TaxContent.resolve, the engine's
// address phase): official boundaries imported by npm run content:refresh into a copy of data/ —
// Washington DOR's location-code polygons joined to its rate table, CDTFA's tax areas, Minnesota's
// Streamlined ZIP+4 records (test/fixtures/official/: the geometry is synthetic, data/README.md,
// "Official bulk files") — resolve coordinates inside a boundary to its rate area (`rooftop`), a
// ZIP+4 inside a range to its (`zip9`), and anything else to the ZIP's (`zip5`).
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BoundaryData, BoundaryIndex, decodeRing, ZIP4_ROW } from '../../functions/core/content/boundaries';
import { TaxContent } from '../../functions/core/content/tax-content';
import { buildArtifact } from '../../scripts/content/build/artifact';
import { encodeRing } from '../../scripts/content/build/boundaries/record';
import { addVersion } from '../../scripts/content/refresh/add-version';
import { importAll } from '../../scripts/content/refresh/import';
import { tablesOf } from '../../scripts/content/refresh/obtain';
import { context, run } from '../support/engine';

const ROOT = join(import.meta.dirname, '..', '..');
const FIXTURES = join(ROOT, 'test', 'fixtures', 'official');

describe('the boundary index', () => {
  // Two squares, the second with a square hole; and two ZIP+4 ranges.
  const index = new BoundaryIndex({
    areas: [
      { region: 7, polygons: [[[0, 0, 1, 0, 1, 1, 0, 1, 0, 0]]] },
      {
        region: 9,
        polygons: [
          [
            [2, 0, 4, 0, 4, 2, 2, 2, 2, 0],
            [2.5, 0.5, 3.5, 0.5, 3.5, 1.5, 2.5, 1.5, 2.5, 0.5],
          ],
        ],
      },
    ],
    zip4: ['550120011550139999', '550250001550250099'].map((r, i) => r + (i + 10).toString(36).padStart(3, '0')).join(''),
  });

  it('finds the polygon holding a point, not a hole or the outside', () => {
    expect(index.locate(0.5, 0.5)).toBe(7);
    expect(index.locate(2.2, 1.9)).toBe(9);
    expect(index.locate(3, 1)).toBeUndefined(); // in the hole
    expect(index.locate(1.5, 0.5)).toBeUndefined();
    expect(index.locate(-120, 45)).toBeUndefined();
  });

  it('keeps a ring to millionths of a degree', () => {
    const ring = [-122.3, 47.6, -122.2000004, 47.6000006, -122.2, 47.7, -122.3, 47.6];
    expect(Array.from(decodeRing(encodeRing(ring)))).toEqual([-122.3, 47.6, -122.2, 47.600001, -122.2, 47.7, -122.3, 47.6]);
  });

  it('finds the ZIP+4 range holding a ZIP+4', () => {
    expect(ZIP4_ROW).toBe(21);
    expect(index.zip9('550120011')).toBe(10);
    expect(index.zip9('550130500')).toBe(10);
    expect(index.zip9('550139999')).toBe(10);
    expect(index.zip9('550250050')).toBe(11);
    expect(index.zip9('550250100')).toBeUndefined();
    expect(index.zip9('550120010')).toBeUndefined();
  });
});

describe('boundaries imported by the refresh', () => {
  let dir: string;
  let content: TaxContent;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'boundaries-'));
    cpSync(join(ROOT, 'data'), join(dir, 'data'), { recursive: true });
    const file = (name: string, bytes: Buffer = readFileSync(join(FIXTURES, name))) => ({ name, bytes, url: null, tables: tablesOf(name, bytes) });
    // Minnesota's boundary slice with its first '4' record (55012-0011..55013-9999, Chisago County) made open-ended.
    const mn = readFileSync(join(FIXTURES, 'MNB2026Q2FEB18.csv'), 'utf8').replace(/^4,20161001,20190331,(,{14}55012,0011,)/m, '4,20161001,29991231,$1');
    const obtained = [
      file('LOCCODE_Public_26Q3.geojson'),
      file('Rates_26Q3.csv'),
      file('cdtfa_tax_areas.geojson'),
      file('MNR2026Q2FEB18.zip'),
      file('MNB2026Q2FEB18.csv', Buffer.from(mn)),
    ];
    addVersion(join(dir, 'data'), '2026-07-01', importAll(obtained, '2026-07-01'));
    content = new TaxContent(buildArtifact(join(dir, 'data')));
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('holds each state with boundaries, from the version that brought them', () => {
    const b = Object.fromEntries(Object.entries(content.artifact.boundaries!).map(([state, text]) => [state, JSON.parse(text) as BoundaryData]));
    expect(Object.keys(b).sort()).toEqual(['CA', 'MN', 'WA']);
    // Location code 9999 has no row in the rate table: no rate to give it.
    expect(b.WA!.areas.length).toBe(2);
    expect(b.MN!.zip4.length / ZIP4_ROW).toBe(1);
    expect(b.WA!.from).toBe('2026-07-01');
  });

  it('resolves coordinates inside a boundary to its rate area (rooftop), and others to the ZIP (zip5)', () => {
    const july = content.at('2026-07-15');
    const seattle = july.resolve('WA', '98101', { latitude: 47.62, longitude: -122.21 });
    expect(seattle).toMatchObject({
      kind: 'area',
      precision: 'rooftop',
      area: { zip: '98101', regionName: 'SEATTLE', rates: { state: 65_000, county: 0, city: 40_500, special: 0 } },
    });
    const kingNonRta = july.resolve('WA', '98101', { latitude: 47.62, longitude: -122.11 });
    expect(kingNonRta).toMatchObject({ precision: 'rooftop', area: { regionName: 'KING COUNTY NON-RTA', rates: { city: 24_000 } } });
    expect(kingNonRta.kind === 'area' && kingNonRta.area.sources.city).toBe(
      'Washington DOR Rates_26Q3.csv and LOCCODE_Public_26Q3.geojson, location code 4000',
    );
    // Outside every polygon, in the polygon of code 9999 (no rate row), and before the version: the ZIP's area.
    const byZip = july.resolve('WA', '98101');
    expect(july.resolve('WA', '98101', { latitude: 47.69, longitude: -122.29 })).toEqual(byZip);
    expect(byZip).toMatchObject({ precision: 'zip5' });
    expect(july.resolve('WA', '98101', { latitude: 47.62, longitude: -122.01 })).toMatchObject({ precision: 'zip5' });
    expect(content.at('2026-06-30').resolve('WA', '98101', { latitude: 47.62, longitude: -122.21 })).toMatchObject({ precision: 'zip5' });
    // CDTFA's Santa Monica area (synthetic geometry of a few metres at 0,0): its base and districts.
    const ca = july.resolve('CA', '90401', { latitude: 0.3 / 111_319.49, longitude: 0.7 / 111_319.49 });
    expect(ca).toMatchObject({
      precision: 'rooftop',
      area: { regionName: 'SANTA MONICA', rates: { state: 60_000, county: 2500, city: 10_000, special: 35_000 } },
    });
  });

  it('resolves a ZIP+4 inside a loaded range to its rate area (zip9)', () => {
    const july = content.at('2026-07-15');
    // State 6.875 % and Chisago County 0.5 % (MNR2026Q2FEB18: 27,45,27 and 27,00,025).
    expect(july.resolve('MN', '55012-0500')).toMatchObject({
      precision: 'zip9',
      area: { zip: '55012', regionName: 'COUNTY 025', rates: { state: 68_750, county: 5000, city: 0, special: 0 } },
    });
    expect(july.resolve('MN', '55012-0001')).toMatchObject({ precision: 'zip5' });
    expect(july.resolve('MN', '55012')).toMatchObject({ precision: 'zip5' });
  });

  it("taxes a destination with coordinates at its boundary's rate, meeting minimum_address_precision rooftop", () => {
    const ctx = context({ content: content.at('2026-07-15'), today: '2026-07-15', now: new Date('2026-07-15T12:00:00Z') });
    const doc = run(
      {
        date: '2026-07-15',
        minimum_address_precision: 'rooftop',
        ship_to: { state: 'WA', zip: '98101', latitude: 47.62, longitude: -122.11 },
        // General merchandise (candy, code 40010, is exempt in Washington: RCW 82.08.0293).
        lines: [{ amount: 100 }],
      },
      ctx,
    );
    expect(doc.lines[0]).toMatchObject({ address: { state: 'WA', zip: '98101', precision: 'rooftop' }, rate: 89_000, tax: 890 });
  });
});
