// A refreshed version's record (data/versions/<date>/official/sources.csv: the publishers' files with
// their sha256, written by npm run content:refresh) is listed among the artifact's sources.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Build } from './build';

export function listVersionRecords(build: Build, versions: readonly { readonly version: string }[]): void {
  for (const v of versions)
    if (existsSync(join(build.data, 'versions', v.version, 'official', 'sources.csv')))
      build.load(`versions/${v.version}/official/sources.csv`, ['file', 'sha256']);
}
