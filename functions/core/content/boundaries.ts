// Official boundaries of a state's rate areas: polygons from a publisher's boundary file
// (Washington DOR's location codes, CDTFA's tax areas) and ZIP+4 ranges (Streamlined boundary '4'
// records), each pointing at a rate region of the artifact. A state's index is built on its first
// lookup and kept with the artifact, so a state without boundaries, or one never asked about, costs
// nothing. A point is found through a grid of 0.05° cells listing the polygons whose bounding box
// meets the cell, then the even-odd rule over the polygon's rings (holes excluded).

/** A state's boundaries as the artifact holds them (`ContentArtifact.boundaries`, as JSON text). */
export interface BoundaryData {
  /** The first date the boundaries answer (the content version they came with). */
  readonly from: string;
  /**
   * Polygons: each area's region (an index of `regions` / REGION) and its polygons, each ring the
   * base64 of its [lon, lat, …] in millionths of a degree as 32-bit little-endian integers (half
   * the size of JSON numbers and decoded without parsing them).
   */
  readonly areas: readonly { readonly region: number; readonly polygons: readonly (readonly string[])[] }[];
  /** ZIP+4 ranges sorted by their low end: rows of low (9 digits), high (9 digits), region (3 base-36 digits). */
  readonly zip4: string;
}

/** Boundaries with their rings as degrees, as the index takes them. */
export interface BoundaryShapes {
  readonly areas: readonly { readonly region: number; readonly polygons: readonly (readonly ArrayLike<number>[])[] }[];
  readonly zip4: string;
}

/** A ring of BoundaryData as degrees. */
export function decodeRing(base64: string): Float64Array {
  const bytes = atob(base64);
  const view = new DataView(new ArrayBuffer(bytes.length));
  for (let i = 0; i < bytes.length; i++) view.setUint8(i, bytes.charCodeAt(i));
  const ring = new Float64Array(bytes.length / 4);
  for (let i = 0; i < ring.length; i++) ring[i] = view.getInt32(i * 4, true) / 1e6;
  return ring;
}

export const ZIP4_ROW = 21;
const CELL = 0.05;
const cellKey = (x: number, y: number) => (x + 4000) * 8000 + (y + 4000);

interface Area {
  readonly region: number;
  readonly west: number;
  readonly south: number;
  readonly east: number;
  readonly north: number;
  readonly polygons: readonly (readonly Float64Array[])[];
}

/** Whether (lon, lat) lies inside the rings of one polygon (even-odd over all of them). */
export function insidePolygon(rings: readonly ArrayLike<number>[], lon: number, lat: number): boolean {
  let inside = false;
  for (const ring of rings) {
    const n = ring.length;
    for (let i = 0, j = n - 2; i < n; j = i, i += 2) {
      const yi = ring[i + 1]!;
      const yj = ring[j + 1]!;
      if (yi > lat !== yj > lat && lon < ((ring[j]! - ring[i]!) * (lat - yi)) / (yj - yi) + ring[i]!) inside = !inside;
    }
  }
  return inside;
}

export class BoundaryIndex {
  private readonly areas: Area[];
  private readonly cells = new Map<number, number[]>();

  constructor(private readonly data: BoundaryShapes) {
    this.areas = data.areas.map((a) => {
      let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
      const polygons = a.polygons.map((rings) =>
        rings.map((ring, r) => {
          if (r === 0)
            for (let i = 0; i < ring.length; i += 2) {
              west = Math.min(west, ring[i]!);
              east = Math.max(east, ring[i]!);
              south = Math.min(south, ring[i + 1]!);
              north = Math.max(north, ring[i + 1]!);
            }
          return ring instanceof Float64Array ? ring : Float64Array.from(ring);
        }),
      );
      return { region: a.region, west, south, east, north, polygons };
    });
    this.areas.forEach((a, i) => {
      for (let x = Math.floor(a.west / CELL); x <= Math.floor(a.east / CELL); x++)
        for (let y = Math.floor(a.south / CELL); y <= Math.floor(a.north / CELL); y++) {
          const key = cellKey(x, y);
          const list = this.cells.get(key);
          if (list) list.push(i);
          else this.cells.set(key, [i]);
        }
    });
  }

  /** The region of the area holding the point, or undefined outside every loaded boundary. */
  locate(lon: number, lat: number): number | undefined {
    const list = this.cells.get(cellKey(Math.floor(lon / CELL), Math.floor(lat / CELL)));
    if (list === undefined) return undefined;
    for (const i of list) {
      const a = this.areas[i]!;
      if (lon < a.west || lon > a.east || lat < a.south || lat > a.north) continue;
      for (const rings of a.polygons) if (insidePolygon(rings, lon, lat)) return a.region;
    }
    return undefined;
  }

  /** The region of the ZIP+4 range holding `zip9` (9 digits), or undefined. */
  zip9(zip9: string): number | undefined {
    const rows = this.data.zip4;
    let lo = 0;
    let hi = rows.length / ZIP4_ROW - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (rows.slice(mid * ZIP4_ROW, mid * ZIP4_ROW + 9) <= zip9) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    if (found < 0) return undefined;
    const at = found * ZIP4_ROW;
    return zip9 <= rows.slice(at + 9, at + 18) ? Number.parseInt(rows.slice(at + 18, at + 21), 36) : undefined;
  }
}

const indexes = new WeakMap<object, Map<string, { readonly from: string; readonly index: BoundaryIndex }>>();

/** The state's boundaries (`text`, the artifact's JSON of them), parsed and indexed on first use and kept for the artifact (`owner`). */
export function boundaryIndex(owner: object, state: string, text: string): { readonly from: string; readonly index: BoundaryIndex } {
  let byState = indexes.get(owner);
  if (!byState) indexes.set(owner, (byState = new Map()));
  let held = byState.get(state);
  if (!held) {
    const data = JSON.parse(text) as BoundaryData;
    const areas = data.areas.map((a) => ({ region: a.region, polygons: a.polygons.map((rings) => rings.map(decodeRing)) }));
    byState.set(state, (held = { from: data.from, index: new BoundaryIndex({ areas, zip4: data.zip4 }) }));
  }
  return held;
}
