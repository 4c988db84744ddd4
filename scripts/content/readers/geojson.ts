// GeoJSON as the publishers ship their boundaries (CDTFA's tax areas, Washington DOR's location
// codes): a FeatureCollection of Polygon and MultiPolygon features, in WGS 84 longitude/latitude, or
// in Web Mercator metres where the file's `crs` names EPSG:3857 (CDTFA's export does); points are
// turned to longitude/latitude here. A point is inside a polygon by the even-odd rule over all its
// rings, so holes count.
import { FormatError } from '../files/format-error';

/** One polygon: its rings as flat [lon, lat, lon, lat, …] arrays, the outer ring first. */
export type Rings = readonly Float64Array[];

export interface Feature {
  /** 1-based position in the file, for messages. */
  readonly index: number;
  readonly properties: Readonly<Record<string, unknown>>;
  readonly polygons: readonly Rings[];
  /** [west, south, east, north]. */
  readonly bbox: readonly [number, number, number, number];
}

const R = 6_378_137;
const fromMercator = (x: number, y: number): [number, number] => [(x / R) * (180 / Math.PI), (2 * Math.atan(Math.exp(y / R)) - Math.PI / 2) * (180 / Math.PI)];

export function readFeatures(text: string, file: string): Feature[] {
  let doc: { type?: unknown; crs?: { properties?: { name?: unknown } }; features?: unknown };
  try {
    doc = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (e) {
    throw new FormatError(file, 0, 'JSON', (e as Error).message);
  }
  if (doc?.type !== 'FeatureCollection' || !Array.isArray(doc.features)) throw new FormatError(file, 0, 'type', 'not a GeoJSON FeatureCollection');
  const crs = String(doc.crs?.properties?.name ?? '');
  const mercator = /3857|900913/.test(crs);
  if (crs !== '' && !mercator && !/4326|CRS84/i.test(crs)) throw new FormatError(file, 0, 'crs', `${crs} is neither WGS 84 nor Web Mercator`);
  return (doc.features as unknown[]).map((raw, i) => {
    const index = i + 1;
    const fail = (field: string, detail: string): never => {
      throw new FormatError(file, index, field, detail);
    };
    const f = raw as { type?: unknown; properties?: unknown; geometry?: { type?: unknown; coordinates?: unknown } | null };
    if (f?.type !== 'Feature') fail('type', 'not a Feature');
    if (typeof f.properties !== 'object' || f.properties === null) fail('properties', 'missing');
    const g = f.geometry;
    if (!g || (g.type !== 'Polygon' && g.type !== 'MultiPolygon'))
      fail('geometry', `a Polygon or MultiPolygon expected, found ${JSON.stringify(g?.type ?? null)}`);
    const list = (g!.type === 'Polygon' ? [g!.coordinates] : g!.coordinates) as unknown;
    if (!Array.isArray(list)) fail('geometry.coordinates', 'not an array');
    let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
    const polygons = (list as unknown[]).map((polygon, p) => {
      if (!Array.isArray(polygon) || polygon.length === 0) fail(`geometry polygon ${p + 1}`, 'no rings');
      return (polygon as unknown[]).map((ring, r) => {
        if (!Array.isArray(ring) || ring.length < 4) fail(`geometry polygon ${p + 1} ring ${r + 1}`, 'a ring needs at least 4 positions');
        const flat = new Float64Array((ring as unknown[]).length * 2);
        (ring as unknown[]).forEach((pos, k) => {
          const [x, y] = pos as [unknown, unknown];
          if (!Array.isArray(pos) || typeof x !== 'number' || typeof y !== 'number' || !Number.isFinite(x) || !Number.isFinite(y))
            fail(`geometry polygon ${p + 1} ring ${r + 1} position ${k + 1}`, `not a coordinate pair: ${JSON.stringify(pos)}`);
          const [lon, lat] = mercator ? fromMercator(x as number, y as number) : [x as number, y as number];
          if (Math.abs(lon) > 180 || Math.abs(lat) > 90)
            fail(`geometry polygon ${p + 1} ring ${r + 1} position ${k + 1}`, `outside longitude/latitude: ${lon}, ${lat}`);
          flat[2 * k] = lon;
          flat[2 * k + 1] = lat;
          if (r === 0) {
            west = Math.min(west, lon);
            east = Math.max(east, lon);
            south = Math.min(south, lat);
            north = Math.max(north, lat);
          }
        });
        return flat;
      });
    });
    return { index, properties: f.properties as Record<string, unknown>, polygons, bbox: [west, south, east, north] as const };
  });
}

/** Whether (lon, lat) lies inside the polygon: the engine's own test (even-odd, so a hole excludes). */
export { insidePolygon as insideRings } from '../../../functions/core/content/boundaries';
