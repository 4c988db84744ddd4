// Adds a quarterly ZIP table as the newest content version (npm run content -- --ingest): the files
// are copied to data/versions/<date>/ and a row is appended to content_versions.csv, so earlier
// tables and their versions stay exactly as they were (docs/taxes-and-content.md, "Refreshing the
// content").
import { appendFileSync, copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { parseCsv } from './files/csv';

export interface Ingest {
  /** A ZIP table in the layout of data/us_zip_rates.csv, of one effective date. */
  readonly zipTable: string;
  /** The CDTFA city and county rates published with it. */
  readonly cdtfa?: string;
  /** Where the table came from (kept in the manifest). */
  readonly source?: string;
}

/** Adds the table to the data directory `data`; returns the new version's date. */
export function ingestZipTable(data: string, ingest: Ingest): string {
  const rows = parseCsv(readFileSync(ingest.zipTable, 'utf8'), ['effective_date']);
  const dates = new Set(rows.map((r) => r.effective_date));
  if (dates.size !== 1) throw new Error(`${ingest.zipTable}: one effective_date expected, found ${[...dates].join(', ')}`);
  const date = [...dates][0]!;
  const manifest = parseCsv(readFileSync(join(data, 'content_versions.csv'), 'utf8'), ['version', 'effective_from']);
  if (manifest.some((m) => m.effective_from >= date))
    throw new Error(`a version from ${date} or later is already listed; versions are only added after the newest`);
  const dir = join(data, 'versions', date);
  mkdirSync(dir, { recursive: true });
  const zipTarget = join(dir, 'us_zip_rates.csv');
  if (!existsSync(zipTarget) || resolve(zipTarget) !== resolve(ingest.zipTable)) copyFileSync(ingest.zipTable, zipTarget);
  let cdtfaPath = '';
  if (ingest.cdtfa) {
    cdtfaPath = `versions/${date}/${basename(ingest.cdtfa)}`;
    copyFileSync(ingest.cdtfa, join(data, cdtfaPath));
  }
  const source = (ingest.source ?? `ingested from ${basename(ingest.zipTable)}`).replaceAll('"', "'");
  appendFileSync(join(data, 'content_versions.csv'), `${date},${date},versions/${date}/us_zip_rates.csv,${cdtfaPath},"${source}",,vendor_table\n`);
  return date;
}
