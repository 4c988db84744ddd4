// Loads the ZIP centroids asset once per process, on first use: only the address-resolve functions
// ship it (their routes' `files`), and they read it only when an address is placed. In a Lambda
// bundle the file sits next to the handler; on a developer machine it is the project's
// content/zip-centroids.json.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ZipCentroids, type ZipCentroidsArtifact } from '../../core/content/zip-centroids';

export const ZIP_CENTROIDS_FILE_NAME = 'zip-centroids.json';

let loaded: ZipCentroids | undefined;

function centroidsPath(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [join(here, ZIP_CENTROIDS_FILE_NAME), join(here, '..', '..', '..', 'content', ZIP_CENTROIDS_FILE_NAME)];
  const found = candidates.find((p) => existsSync(p));
  if (!found) throw new Error(`ZIP centroids not found (looked in ${candidates.join(', ')}); run npm run content`);
  return found;
}

/** The process's ZIP centroids; the first call reads the asset. */
export function zipCentroids(): ZipCentroids {
  loaded ??= new ZipCentroids(JSON.parse(readFileSync(centroidsPath(), 'utf8')) as ZipCentroidsArtifact);
  return loaded;
}
