// The ZIP centroids asset (content/zip-centroids.json): what `npm run content` builds from
// data/us_zip_geo.csv, every point as GeoNames gives it to the fourth decimal, kept out of the tax
// artifact so that only the address-resolve functions carry it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { zipCentroids } from '../../functions/adapters/content/zip-centroids-file';
import { US_STATES } from '../../functions/core/content/states';
import { centroidRow, ZIP_CENTROID_ROW, ZipCentroids } from '../../functions/core/content/zip-centroids';
import type { RouteDef } from '../../functions/manifest/route';
import { ROUTES } from '../../functions/manifest/routes';
import { AVATAX_ADDRESSES_ROUTES } from '../../functions/manifest/routes/avatax';
import { buildZipCentroids } from '../../scripts/content/build/zip-centroids';
import { readCsv } from '../../scripts/content/files/csv';
import { content } from '../support/engine';

const DATA = join(import.meta.dirname, '..', '..', 'data');
const ASSET = 'content/zip-centroids.json';
const geo = readCsv(join(DATA, 'us_zip_geo.csv'), ['zip', 'state', 'lat', 'lon', 'accuracy']);
const states = new Set<string>(US_STATES);

describe('the ZIP centroids asset', () => {
  it('is the asset npm run content builds from data/, crediting GeoNames and naming its file', () => {
    const built = buildZipCentroids(DATA);
    expect(zipCentroids().artifact).toEqual(built);
    expect(built.source).toMatchObject({ file: 'data/us_zip_geo.csv', rows: geo.length });
    expect(built.attribution).toMatch(/GeoNames \(CC BY 4\.0\)/);
    // The tax artifact already lists the same file among its sources (the ZIPs' counties and cities).
    expect(content.artifact.sources.find((s) => s.file === built.source.file)?.sha256).toBe(built.source.sha256);
  });

  it('holds every ZIP of the 50 states and DC at the point of data/us_zip_geo.csv, and no other', () => {
    const centroids = zipCentroids();
    const inStates = geo.filter((r) => states.has(r.state));
    expect(centroids.size).toBe(inStates.length);
    for (const r of inStates)
      expect(centroids.at(r.zip), r.zip).toEqual({ latitude: Number(r.lat), longitude: Number(r.lon), accuracy: r.accuracy === '' ? 0 : Number(r.accuracy) });
    // Military and Marshall Islands codes are no place an address resolves to.
    for (const r of geo.filter((g) => !states.has(g.state) && !inStates.some((s) => s.zip === g.zip))) expect(centroids.at(r.zip), r.zip).toBeUndefined();
    expect(centroids.at('90085')).toBeUndefined();
  });

  it('round-trips the extremes of a coordinate and refuses what it cannot encode', () => {
    const rows = [
      centroidRow('00001', { latitude: -90, longitude: -180, accuracy: 6 }),
      centroidRow('00002', { latitude: 90, longitude: 180, accuracy: 0 }),
      centroidRow('00003', { latitude: 0.0001, longitude: -0.0001, accuracy: 1 }),
    ];
    expect(rows.every((r) => r.length === ZIP_CENTROID_ROW)).toBe(true);
    const asset = new ZipCentroids({ format: 1, source: { file: 'x', sha256: 'y', rows: 3 }, attribution: 'z', rows: rows.join('') });
    expect(['00001', '00002', '00003', '00004'].map((z) => asset.at(z))).toEqual([
      { latitude: -90, longitude: -180, accuracy: 6 },
      { latitude: 90, longitude: 180, accuracy: 0 },
      { latitude: 0.0001, longitude: -0.0001, accuracy: 1 },
      undefined,
    ]);
    expect(() => centroidRow('0001', { latitude: 0, longitude: 0, accuracy: 4 })).toThrow('5 digits');
    expect(() => centroidRow('00001', { latitude: 91, longitude: 0, accuracy: 4 })).toThrow('out of range');
    expect(() => centroidRow('00001', { latitude: 0, longitude: 0, accuracy: 3 as never })).toThrow('not a GeoNames code');
  });

  it('ships with the address-resolve functions only, beside the tax content', () => {
    const shipping = (ROUTES as readonly RouteDef[]).filter((r) => r.files?.includes(ASSET)).map((r) => r.id);
    expect(shipping.sort()).toEqual(AVATAX_ADDRESSES_ROUTES.map((r) => r.id).sort());
    for (const route of AVATAX_ADDRESSES_ROUTES) expect(route.content).toBe(true);
    expect(JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', ASSET), 'utf8')).format).toBe(1);
  });
});
