// What the earlier refreshed versions record of each publisher's file (versions/<v>/official/sources.csv):
// its record count and sha256, by source and state, from the newest version that records it. A
// refresh judges a new file's size against it, and knows a file it has already published.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCsv } from '../files/csv';
import { type SourceId, sourceOf } from '../sources';

export interface PreviousRecord {
  readonly version: string;
  readonly records: number;
  readonly sha256: readonly string[];
}

/** By `<source>/<state>`; `versions` oldest first. */
export function previousRecords(data: string, versions: readonly string[]): Map<string, PreviousRecord> {
  const out = new Map<string, PreviousRecord>();
  for (const version of [...versions].reverse()) {
    const file = join(data, 'versions', version, 'official', 'sources.csv');
    if (!existsSync(file)) continue;
    const found = new Map<string, { records: number; sha256: string[] }>();
    for (const row of parseCsv(readFileSync(file, 'utf8'), ['table', 'state', 'sha256', 'records'])) {
      const source = sourceOf(row.table)?.id;
      if (!source) continue;
      const key = recordKey(source, row.state);
      const held = found.get(key) ?? { records: 0, sha256: [] };
      found.set(key, { records: held.records + Number(row.records), sha256: [...held.sha256, row.sha256] });
    }
    for (const [key, r] of found) if (!out.has(key)) out.set(key, { version, ...r });
  }
  return out;
}

export const recordKey = (source: SourceId, state: string): string => `${source}/${state}`;
