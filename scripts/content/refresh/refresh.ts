// The refresh a self-hoster runs (npm run content:refresh, docs/taxes-and-content.md, "Refreshing
// content from the publishers' own files"): obtains the publishers' current bulk files
// (scripts/content/refresh/obtain.ts), reads every one of them before anything is written (a file
// that cannot be read refuses the whole refresh with its FormatError, naming the file, line and
// field), adds them as a dated content version (scripts/content/refresh/add-version.ts), rebuilds
// the artifact and reports what changed against the previous version.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ContentArtifact } from '../../../functions/core/content/artifact';
import { TaxContent } from '../../../functions/core/content/tax-content';
import { buildArtifact } from '../build/artifact';
import { diffVersions, formatDiff } from '../reports/version-diff';
import type { SourceId } from '../sources';
import { addVersion } from './add-version';
import { importAll } from './import';
import { download, fromDirectory, type Obtained } from './obtain';

export interface RefreshOptions {
  /** The data directory to add the version to, and the artifact to write. */
  readonly data: string;
  readonly out: string;
  /** The new version's effective date. */
  readonly date: string;
  /** Read the files fetched by hand from this directory instead of downloading. */
  readonly fromDir?: string;
  /** Fetch every address from this origin instead of the publisher's (a mirror). */
  readonly origin?: string;
  readonly sources?: readonly SourceId[];
  readonly states?: readonly string[];
}

/** The first day of the quarter holding an ISO date. */
export function quarterStart(date: string): string {
  return `${date.slice(0, 5)}${String(Math.floor((Number(date.slice(5, 7)) - 1) / 3) * 3 + 1).padStart(2, '0')}-01`;
}

export async function refreshContent(options: RefreshOptions, log: (line: string) => void): Promise<void> {
  const { data, out, date } = options;
  let obtained: Obtained[];
  if (options.fromDir) obtained = fromDirectory(options.fromDir);
  else {
    log(`downloading the current files (${date}):`);
    obtained = await download({ date, origin: options.origin, sources: options.sources, states: options.states, log });
  }
  const imported = importAll(obtained, date);
  for (const i of imported) log(`read ${i.table} (${i.source.publisher}, ${i.state}, ${i.date}): ${i.records} records`);
  const result = addVersion(data, date, imported);
  log(
    `added version ${result.version} to ${join(data, 'content_versions.csv')}; ZIPs composed from Streamlined files: ${
      [...result.composed].map(([s, n]) => `${s} ${n}`).join(', ') || 'none'
    }${result.unresolved ? ` (${result.unresolved} left as they were: see the boundary records)` : ''}`,
  );
  const artifact: ContentArtifact = buildArtifact(data);
  writeFileSync(out, JSON.stringify(artifact));
  const content = new TaxContent(artifact);
  const from = (version: string) => content.versions().find((v) => v.version === version)!.from;
  for (const line of formatDiff(diffVersions(content.at(from(result.previous)), content.at(from(result.version))), result.previous, result.version)) log(line);
  const json = JSON.stringify(artifact);
  // Each state's boundaries are parsed on its first lookup; the artifact's load only reads past them.
  for (const [state, text] of Object.entries(artifact.boundaries ?? {}))
    log(`  official boundaries of ${state}: ${Buffer.byteLength(text)} bytes (read on its first lookup)`);
  log(`content ${artifact.version} → ${out} (${Buffer.byteLength(json)} bytes)`);
}
