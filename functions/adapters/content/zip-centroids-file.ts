// Loads the ZIP centroids asset once per process, on first use: only the address-resolve functions
// ship it (their routes' `files`), and they read it only when an address is placed. In a Lambda
// bundle the file sits next to the handler; on a developer machine it is the project's
// content/zip-centroids.json.
import { readFileSync } from 'node:fs';
import { ZipCentroids, type ZipCentroidsArtifact } from '../../core/content/zip-centroids';
import { contentFilePath } from './content-path';

export const ZIP_CENTROIDS_FILE_NAME = 'zip-centroids.json';

let loaded: ZipCentroids | undefined;

/** The process's ZIP centroids; the first call reads the asset. */
export function zipCentroids(): ZipCentroids {
  loaded ??= new ZipCentroids(JSON.parse(readFileSync(contentFilePath(ZIP_CENTROIDS_FILE_NAME, 'ZIP centroids'), 'utf8')) as ZipCentroidsArtifact);
  return loaded;
}
