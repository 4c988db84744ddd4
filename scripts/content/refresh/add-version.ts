// Adds a dated content version to the data directory the content build reads, from the publishers'
// files already read (scripts/content/refresh/import.ts):
// - versions/<date>/official/: each file exactly as obtained (the version's record: Streamlined
//   keeps only each state's current file), sources.csv (publisher, file, address, date, sha256,
//   records) and jurisdictions.csv (every rate the files state, one row per jurisdiction and period);
// - versions/<date>/us_zip_rates.csv: the previous version's rows, with the ZIPs whose Streamlined
//   boundary records compose one rate unambiguously (scripts/content/build/sst-compose.ts) at that
//   rate;
// - a row of content_versions.csv naming them; the tables of a state's own that the previous
//   version names (StateVersionTable) stay in force.
// The version is planned in memory first (planVersion), so that the refresh can judge it before
// anything is written (writeVersion).
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildArtifact } from '../build/artifact';
import type { Parts, ZipTableRow } from '../build/rate-areas';
import { composeSstZips } from '../build/sst-compose';
import { parseCsv } from '../files/csv';
import { csvField, decimalText } from '../files/csv-write';
import type { SstBoundaryFile } from '../readers/sst-boundaries';
import type { SstRateFile } from '../readers/sst-rates';
import type { SourceId } from '../sources';
import { stateBuilds } from '../states/registry';
import { type Imported, jurisdictionRows } from './import';
import type { Obtained } from './obtain';

export interface RefreshResult {
  readonly version: string;
  readonly previous: string;
  readonly composed: ReadonlyMap<string, number>;
  readonly unresolved: number;
  readonly files: readonly Imported[];
}

/** A version ready to be written: what it adds, and what the previous version it follows holds. */
export interface VersionPlan {
  readonly result: RefreshResult;
  /** The previous version's rows, by state and ZIP. */
  readonly previousRows: ReadonlyMap<string, ReadonlyMap<string, ZipTableRow>>;
  /** The ZIPs composed from Streamlined files, by state. */
  readonly composedParts: ReadonlyMap<string, ReadonlyMap<string, Parts>>;
  /** The files of the version directory (relative to it), and the manifest row to append. */
  readonly files: ReadonlyMap<string, Buffer | string>;
  readonly manifestRow: string;
}

type ManifestRow = Readonly<Record<'version' | 'effective_from' | 'zip_rates' | 'source', string>> & { readonly [column: string]: string | undefined };

function readManifest(data: string): { text: string; header: string[]; stateTables: string[]; rows: ManifestRow[] } {
  const text = readFileSync(join(data, 'content_versions.csv'), 'utf8');
  const header = text.slice(0, text.indexOf('\n')).trim().split(',');
  const stateTables = stateBuilds().flatMap((s) => (s.versionTable ? [s.versionTable.column] : []));
  // Every row holds every column of the header; parseCsv refuses a manifest that lacks one of these.
  const rows = parseCsv(text, ['version', 'effective_from', 'zip_rates', 'source', ...stateTables]) as ManifestRow[];
  return { text, header, stateTables, rows };
}

/** The versions the data directory lists, oldest first. */
export const listedVersions = (data: string): string[] => readManifest(data).rows.map((r) => r.version);

/** Adds the version `date` to the data directory `data` from the imported files (already read). */
export function addVersion(data: string, date: string, imported: readonly Imported[]): RefreshResult {
  const plan = planVersion(data, date, imported);
  writeVersion(data, date, plan);
  return plan.result;
}

/** Writes a planned version: its directory, then its manifest row (the row makes it part of the content). */
export function writeVersion(data: string, date: string, plan: VersionPlan): void {
  const dir = join(data, 'versions', date);
  mkdirSync(join(dir, 'official'), { recursive: true });
  for (const [file, body] of plan.files) writeFileSync(join(dir, file), body);
  appendFileSync(join(data, 'content_versions.csv'), plan.manifestRow);
}

/** The version `date` planned from the imported files, nothing written. */
export function planVersion(data: string, date: string, imported: readonly Imported[]): VersionPlan {
  const { text: manifestText, header, stateTables, rows: manifest } = readManifest(data);
  const previous = manifest.at(-1)!;
  if (previous.effective_from >= date)
    throw new Error(`a version from ${previous.effective_from} is already listed; a refresh adds a version after the newest (--date)`);
  const dir = join(data, 'versions', date);
  if (existsSync(dir)) throw new Error(`${dir} exists already`);

  let previousRows: ReadonlyMap<string, ReadonlyMap<string, ZipTableRow>> | undefined;
  buildArtifact(data, (d) => {
    if (d.version === previous.version) previousRows = d.rows;
  });
  if (!previousRows) throw new Error(`the build did not derive version ${previous.version}`);

  // Streamlined states with both files: the ZIPs their boundary records compose unambiguously.
  const composed = new Map<string, Map<string, Parts>>();
  let unresolved = 0;
  const sst = (id: SourceId) => new Map(imported.filter((i) => i.source.id === id).map((i) => [i.state, i.parsed]));
  const sstRates = sst('sst-rates') as Map<string, SstRateFile>;
  for (const [state, boundaries] of sst('sst-boundaries') as Map<string, SstBoundaryFile>) {
    const rates = sstRates.get(state);
    if (!rates) continue;
    const result = composeSstZips(rates, boundaries, date);
    const rows = previousRows.get(state);
    const zips = new Map([...result.rates].filter(([zip]) => rows?.has(zip)));
    composed.set(state, zips);
    unresolved += [...result.unresolved.keys()].filter((zip) => rows?.has(zip)).length;
  }

  const files = new Map<string, Buffer | string>();
  const table = ['state,zip,region_name,state_rate,county_rate,city_rate,special_rate,combined_rate,county_name,city_name,effective_date'];
  for (const [state, rows] of [...previousRows].sort(([a], [b]) => a.localeCompare(b)))
    for (const [zip, r] of [...rows].sort(([a], [b]) => a.localeCompare(b))) {
      const p = composed.get(state)?.get(zip) ?? r.rates;
      const parts = [p.state, p.county, p.city, p.special];
      table.push(
        [state, zip, r.region, ...parts.map(decimalText), decimalText(parts.reduce((a, b) => a + b, 0)), r.countyName, r.cityName, date]
          .map(csvField)
          .join(','),
      );
    }
  files.set('us_zip_rates.csv', `${table.join('\n')}\n`);

  const records = new Set<Obtained>();
  const sources = ['publisher,format,file,table,state,date,address,sha256,bytes,records'];
  for (const i of imported) {
    if (!records.has(i.obtained)) {
      records.add(i.obtained);
      files.set(join('official', i.obtained.name), i.obtained.bytes);
    }
    const sha = createHash('sha256').update(i.obtained.bytes).digest('hex');
    sources.push(
      [
        i.source.publisher,
        i.source.format,
        i.obtained.name,
        i.table,
        i.state,
        i.date,
        i.obtained.url ?? 'given with --from-dir',
        sha,
        String(i.obtained.bytes.length),
        String(i.records),
      ]
        .map(csvField)
        .join(','),
    );
  }
  files.set(join('official', 'sources.csv'), `${sources.join('\n')}\n`);
  const jurisdictions = ['state,file,line,kind,code,name,county,rate,food_rate,from,to', ...jurisdictionRows(imported).map((r) => r.map(csvField).join(','))];
  files.set(join('official', 'jurisdictions.csv'), `${jurisdictions.join('\n')}\n`);

  const composedStates = [...composed].filter(([, zips]) => zips.size > 0).map(([state, zips]) => `${state} (${zips.size} ZIPs)`);
  const source =
    `Official files imported by npm run content:refresh (versions/${date}/official/sources.csv): ` +
    imported.map((i) => `${i.source.publisher} ${i.table} (${i.date})`).join('; ') +
    `. ZIP rates composed from the Streamlined boundary and rate files: ${composedStates.length ? composedStates.join(', ') : 'none'}; every other row as in version ${previous.version}.`;
  const values: Record<string, string> = {
    version: date,
    effective_from: date,
    zip_rates: `versions/${date}/us_zip_rates.csv`,
    ...Object.fromEntries(stateTables.map((column) => [column, previous[column] ?? ''])),
    source: `"${source.replaceAll('"', "'")}"`,
    // The table keeps the earlier version's rows besides those composed from official files: its
    // weakest kind is the vendor table's.
    source_kind: 'vendor_table',
  };
  const ending = manifestText.endsWith('\n') ? '' : '\n';
  return {
    result: {
      version: date,
      previous: previous.version,
      composed: new Map([...composed].map(([s, z]) => [s, z.size])),
      unresolved,
      files: imported,
    },
    previousRows,
    composedParts: composed,
    files,
    manifestRow: `${ending}${header.map((h) => (h === 'source' ? values[h]! : csvField(values[h] ?? ''))).join(',')}\n`,
  };
}
