// The ZIP centroids asset (content/zip-centroids.json, built by `npm run content` from
// data/us_zip_geo.csv): the point GeoNames gives each ZIP code. It is a file of its own, not a field
// of the tax artifact, so only the functions that answer coordinates (AvaTax's address resolution)
// ship and load it; every other function keeps the tax artifact's size and load time. Like the
// artifact's ZIP tables it is one sorted fixed-width string searched by bisection, so nothing is
// indexed when it loads.
import { findRow } from './artifact-codec';

/**
 * GeoNames' accuracy code of a point: 1 estimated (the average of neighbouring postal codes, where
 * GeoNames found no place of the code's name), 4 the place GeoNames names the code after, 6 the
 * centroid of the code's addresses or shape; 0 where GeoNames gives none.
 */
export type GeoNamesAccuracy = 0 | 1 | 4 | 6;
const ACCURACIES: readonly GeoNamesAccuracy[] = [0, 1, 4, 6];

export interface ZipCentroidsArtifact {
  readonly format: 1;
  /** The data file the points come from: its path under the project, sha256 and rows read. */
  readonly source: { readonly file: string; readonly sha256: string; readonly rows: number };
  /** The credit the data's licence asks for. */
  readonly attribution: string;
  /**
   * ZIP_CENTROID_ROW characters per ZIP, sorted by ZIP: the ZIP (5 digits), latitude + 90 and
   * longitude + 180 in ten-thousandths of a degree (5 base-36 digits each), GeoNames' accuracy (1 digit).
   */
  readonly rows: string;
}

export const ZIP_CENTROID_ROW = 16;
/** Decimals kept of a coordinate: GeoNames publishes four (about 11 m), more than a ZIP's centroid means. */
export const CENTROID_SCALE = 10_000;

export interface ZipCentroid {
  readonly latitude: number;
  readonly longitude: number;
  readonly accuracy: GeoNamesAccuracy;
}

/** A coordinate within ±offset degrees as its field (5 base-36 digits hold up to 2 × 180 degrees). */
const field = (degrees: number, offset: number): string => {
  if (!(Math.abs(degrees) <= offset)) throw new Error(`coordinate ${degrees} out of range`);
  return Math.round((degrees + offset) * CENTROID_SCALE)
    .toString(36)
    .padStart(5, '0');
};

/** One row of `rows` (the build writes them; the reader below is its inverse). */
export function centroidRow(zip: string, point: ZipCentroid): string {
  if (!/^\d{5}$/.test(zip)) throw new Error(`ZIP ${zip} is not 5 digits`);
  if (!ACCURACIES.includes(point.accuracy)) throw new Error(`accuracy ${point.accuracy} is not a GeoNames code`);
  return `${zip}${field(point.latitude, 90)}${field(point.longitude, 180)}${point.accuracy}`;
}

const coordinate = (rows: string, at: number, offset: number): number => parseInt(rows.slice(at, at + 5), 36) / CENTROID_SCALE - offset;

export class ZipCentroids {
  constructor(readonly artifact: ZipCentroidsArtifact) {
    if (artifact.format !== 1 || artifact.rows.length % ZIP_CENTROID_ROW !== 0) throw new Error('not a ZIP centroids asset of format 1');
  }

  /** The point of a 5-digit ZIP, or undefined when GeoNames has none. */
  at(zip: string): ZipCentroid | undefined {
    const at = findRow(this.artifact.rows, ZIP_CENTROID_ROW, zip);
    if (at < 0) return undefined;
    const { rows } = this.artifact;
    // Rounded again so that the division's binary noise never shows past the fourth decimal.
    const round = (n: number) => Math.round(n * CENTROID_SCALE) / CENTROID_SCALE;
    return {
      latitude: round(coordinate(rows, at + 5, 90)),
      longitude: round(coordinate(rows, at + 10, 180)),
      accuracy: Number(rows[at + 15]) as GeoNamesAccuracy,
    };
  }

  get size(): number {
    return this.artifact.rows.length / ZIP_CENTROID_ROW;
  }
}
