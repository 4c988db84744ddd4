// Builds the ZIP centroids asset (functions/core/content/zip-centroids.ts) from GeoNames' record of
// each ZIP (data/us_zip_geo.csv, data/README.md §2): its latitude, longitude and accuracy code, for
// the ZIPs of the 50 states and DC (the places an address may resolve to; the military APO/FPO and
// Marshall Islands codes are left out, which also leaves every ZIP one row).
import { US_STATES } from '../../../functions/core/content/states';
import { centroidRow, type GeoNamesAccuracy, type ZipCentroidsArtifact } from '../../../functions/core/content/zip-centroids';
import { ATTRIBUTION } from './attribution';
import { DataFiles } from './data-files';

export const ZIP_CENTROIDS_SOURCE = 'us_zip_geo.csv';

const ACCURACY: Readonly<Record<string, GeoNamesAccuracy>> = { '': 0, '1': 1, '4': 4, '6': 6 };

export function buildZipCentroids(data: string): ZipCentroidsArtifact {
  const files = new DataFiles(data);
  const rows = files.load(ZIP_CENTROIDS_SOURCE, ['zip', 'state', 'lat', 'lon', 'accuracy']);
  const states = new Set<string>(US_STATES);
  const points = new Map<string, string>();
  rows.forEach((r, i) => {
    if (!states.has(r.state)) return;
    const where = `${ZIP_CENTROIDS_SOURCE}:${i + 2}`;
    const accuracy = ACCURACY[r.accuracy];
    if (r.lat === '' || r.lon === '') throw new Error(`${where}: no lat/lon`);
    if (accuracy === undefined) throw new Error(`${where}: accuracy ${r.accuracy} is not a GeoNames accuracy code`);
    if (points.has(r.zip)) throw new Error(`${where}: ZIP ${r.zip} listed twice in the states`);
    try {
      points.set(r.zip, centroidRow(r.zip, { latitude: Number(r.lat), longitude: Number(r.lon), accuracy }));
    } catch (error) {
      throw new Error(`${where}: ${(error as Error).message}`);
    }
  });
  const attribution = ATTRIBUTION.find((line) => line.includes('GeoNames'));
  if (attribution === undefined) throw new Error('no GeoNames credit in the attribution');
  return {
    format: 1,
    source: files.sources[0]!,
    attribution,
    rows: [...points.keys()]
      .sort()
      .map((zip) => points.get(zip)!)
      .join(''),
  };
}
