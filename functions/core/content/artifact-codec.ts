// The artifact's compact row format (artifact.ts): fixed-width rows of base-36 fields, sorted by
// ZIP, read where they lie instead of being expanded into objects when the artifact loads.
import { AREA_ROW, CITY_RATES_STATE, type ContentArtifact, type Micro, type RateVersion, REGION, ZIP_ROW } from './artifact';
import type { RateRange } from './rate-area';

/** A 5-digit ZIP or ZIP+4, with or without the hyphen. */
export const ZIP_PATTERN = /^(\d{5})(?:-?(\d{4}))?$/;

/** Bisection over sorted fixed-width rows whose first 5 characters are the ZIP; -1 when absent. */
export function findRow(rows: string, width: number, zip: string): number {
  let lo = 0;
  let hi = rows.length / width - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = rows.slice(mid * width, mid * width + 5);
    if (at === zip) return mid * width;
    if (at < zip) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

const b36 = (rows: string, at: number): number => parseInt(rows.slice(at, at + 3), 36);
const rate36 = (rows: string, at: number): number => parseInt(rows.slice(at, at + 4), 36);

/** Where a ZIP row's rate area starts in `regions` (REGION numbers each). */
export const rowRegion = (rows: string, at: number): number => b36(rows, at + 5) * REGION;
/** The index in `names` of a ZIP row's county. */
export const rowCounty = (rows: string, at: number): number => b36(rows, at + 8);
/** The index in `names` of a ZIP row's postal city. */
export const rowCity = (rows: string, at: number): number => b36(rows, at + 11);

/** The lowest and highest rate of a row of `areas` (a ZIP that holds several rate areas). */
export const areaRange = (rows: string, at: number): RateRange => ({ lowest: rate36(rows, at + 5), highest: rate36(rows, at + 9) });

/** The row of (state, zip) in force with version `index`: the newest version back from it that lists or removed it. */
export function zipRow(artifact: ContentArtifact, index: number, state: string, zip: string): { rows: string; at: number } | undefined {
  for (let i = index; i >= 0; i--) {
    const v = artifact.versions[i]!;
    const rows = v.zips[state];
    const at = rows === undefined ? -1 : findRow(rows, ZIP_ROW, zip);
    if (at >= 0) return { rows: rows!, at };
    const removed = v.removed[state];
    if (removed !== undefined && findRow(removed, 5, zip) >= 0) return undefined;
  }
  return undefined;
}

/** The state's rows in force with version `index`, by ZIP: each version's rows replace earlier ones, its removals drop them. */
export function rowsInForce(artifact: ContentArtifact, index: number, state: string): Map<string, { rows: string; at: number }> {
  const inForce = new Map<string, { rows: string; at: number }>();
  for (let i = 0; i <= index; i++) {
    const v = artifact.versions[i]!;
    const rows = v.zips[state] ?? '';
    for (let at = 0; at + ZIP_ROW <= rows.length; at += ZIP_ROW) inForce.set(rows.slice(at, at + 5), { rows, at });
    const removed = v.removed[state] ?? '';
    for (let at = 0; at + 5 <= removed.length; at += 5) inForce.delete(removed.slice(at, at + 5));
  }
  return inForce;
}

/** Every ZIP of a version's `areas`, keyed "ST,ZIP", with the rates found in it. */
export function multiAreaRows(version: RateVersion): Map<string, RateRange> {
  const out = new Map<string, RateRange>();
  for (const [state, rows] of Object.entries(version.areas))
    for (let at = 0; at < rows.length; at += AREA_ROW) out.set(`${state},${rows.slice(at, at + 5)}`, areaRange(rows, at));
  return out;
}

/** The official city rates a version publishes for the state's cities, by upper-case city name (undefined: the state has none). */
export function cityRatesOf(version: RateVersion, state: string): Readonly<Record<string, Micro>> | undefined {
  return state === CITY_RATES_STATE ? version.caCityRates : undefined;
}

/** A five-digit ZIP as a number (its index in a dense table), or -1. */
export function zipNumber(zip: string): number {
  if (zip.length !== 5) return -1;
  // Unrolled, digits checked after reading (each `>>> 0` makes a non-digit's negative offset large):
  // this runs on every line, and a loop of checks costs it a third more.
  const a = zip.charCodeAt(0) - 48;
  const b = zip.charCodeAt(1) - 48;
  const c = zip.charCodeAt(2) - 48;
  const d = zip.charCodeAt(3) - 48;
  const e = zip.charCodeAt(4) - 48;
  if (a >>> 0 > 9 || b >>> 0 > 9 || c >>> 0 > 9 || d >>> 0 > 9 || e >>> 0 > 9) return -1;
  return a * 10_000 + b * 1000 + c * 100 + d * 10 + e;
}

/** A rate source of the artifact by index (publisher, table, date). */
export function rateSourceOf(artifact: ContentArtifact, index: number): string {
  const source = artifact.rateSources[index];
  if (source === undefined) throw new Error(`no rate source ${index}`);
  return source;
}
