// The refresh a self-hoster runs (npm run content:refresh, scripts/content-refresh.ts): gathers the
// publishers' current bulk files (downloaded from the addresses of scripts/content/sources.ts,
// or given in a directory), reads every one of them before anything is written (a file that cannot
// be read refuses the whole refresh, naming the file, line and field), then adds a dated content
// version to the data directory the content build reads:
// - versions/<date>/official/: each file exactly as obtained (the version's record: Streamlined
//   keeps only each state's current file), sources.csv (publisher, file, address, date, sha256,
//   records) and jurisdictions.csv (every rate the files state, one row per jurisdiction and period);
// - versions/<date>/us_zip_rates.csv: the previous version's rows, with the ZIPs whose Streamlined
//   boundary records compose one rate unambiguously (scripts/content/build/sst-compose.ts) at that rate;
// - a row of content_versions.csv naming them.
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AzRateTable } from '../readers/az-dor';
import type { CdtfaArea } from '../readers/cdtfa';
import { buildArtifact } from '../build/artifact';
import { parseCsv } from '../files/csv';
import { FormatError } from '../files/format-error';
import type { GroceryGroup, IdorFile, IdorRateGroup } from '../readers/il-dor';
import { type Location, OFFICIAL_SOURCES, type OfficialSource, type SourceId, sourceOf } from '../sources';
import type { Parts, ZipTableRow } from '../build/rate-areas';
import type { SstBoundaryFile } from '../readers/sst-boundaries';
import { composeSstZips } from '../build/sst-compose';
import type { SstRateFile } from '../readers/sst-rates';
import type { TxRateFile } from '../readers/tx-comptroller';
import type { WaRate } from '../readers/wa-dor';
import { isZip, readZip } from '../files/zip-archive';

/** A file as obtained: `bytes` are kept as the record; `tables` are the publisher's tables in it. */
export interface Obtained {
  readonly name: string;
  readonly bytes: Buffer;
  readonly url: string | null;
  readonly tables: readonly { name: string; text: string; source: OfficialSource }[];
}

export interface Imported {
  readonly obtained: Obtained;
  readonly table: string;
  readonly source: OfficialSource;
  readonly state: string;
  readonly date: string;
  readonly records: number;
  readonly parsed: unknown;
}

/** The tables of a file: itself, or the members of a ZIP archive, each recognised by its name. */
export function tablesOf(name: string, bytes: Buffer): Obtained['tables'] {
  const members = isZip(bytes) ? readZip(bytes, name) : [{ name, data: bytes }];
  const tables = members.flatMap((m) => {
    const base = m.name.split('/').at(-1)!;
    const source = sourceOf(base);
    return source ? [{ name: base, text: m.data.toString('utf8'), source }] : [];
  });
  if (tables.length === 0 && members.some((m) => /\.shp$/i.test(m.name)))
    throw new FormatError(
      name,
      0,
      'format',
      `a shapefile: convert it to GeoJSON first (ogr2ogr -t_srs EPSG:4326 ${name.replace(/\.zip$/i, '.geojson')} /vsizip/${name})`,
    );
  if (tables.length === 0)
    throw new FormatError(name, 0, 'file name', 'not a file of a publisher the refresh knows (npm run content:refresh -- --help lists them)');
  return tables;
}

export function fromDirectory(dir: string): Obtained[] {
  return readdirSync(dir)
    .filter((f) => statSync(join(dir, f)).isFile())
    .sort()
    .map((name) => {
      const bytes = readFileSync(join(dir, name));
      return { name, bytes, url: null, tables: tablesOf(name, bytes) };
    });
}

export interface DownloadOptions {
  /** The refresh's date: dated files after it are not taken. */
  readonly date: string;
  /** Replaces the scheme, host and port of every address (a mirror, or a test's local server). */
  readonly origin?: string;
  readonly sources?: readonly SourceId[];
  /** Streamlined states to take (default every state the publisher lists). */
  readonly states?: readonly string[];
  readonly log?: (line: string) => void;
}

export async function download(options: DownloadOptions): Promise<Obtained[]> {
  const at = (url: string) => {
    if (!options.origin) return url;
    const u = new URL(url);
    return `${options.origin.replace(/\/$/, '')}${u.pathname}${u.search}`;
  };
  const get = async (url: string): Promise<Buffer> => {
    const response = await fetch(at(url), { redirect: 'follow' });
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    return Buffer.from(await response.arrayBuffer());
  };
  const wanted = OFFICIAL_SOURCES.filter((s) => s.location !== null && (!options.sources || options.sources.includes(s.id)));
  const out: Obtained[] = [];
  for (const source of wanted) {
    for (const { url, name } of await addresses(source.location!, get, options)) {
      options.log?.(`  ${source.publisher}: ${url}`);
      const bytes = await get(url);
      out.push({ name, bytes, url, tables: tablesOf(name, bytes) });
    }
  }
  return out;
}

async function addresses(location: Location, get: (url: string) => Promise<Buffer>, options: DownloadOptions): Promise<{ url: string; name: string }[]> {
  if ('url' in location) return [{ url: location.url, name: location.file }];
  const page = (await get(location.page)).toString('utf8');
  const best = new Map<string, { key: string; url: string }>();
  for (const m of page.matchAll(location.link)) {
    const key = location.key(m as RegExpExecArray);
    if (location.dated && key > options.date) continue;
    const group = location.state?.(m as RegExpExecArray) ?? '';
    if (location.state && options.states && !options.states.includes(group)) continue;
    const held = best.get(group);
    if (!held || held.key < key) best.set(group, { key, url: new URL(m[1]!.replaceAll('&amp;', '&'), location.page).href });
  }
  if (best.size === 0) throw new Error(`${location.page}: no link to a file of the expected name`);
  return [...best.values()].map(({ url }) => ({ url, name: decodeURIComponent(new URL(url).pathname.split('/').at(-1)!) }));
}

/** Reads every table; the first that cannot be read throws its FormatError. */
export function importAll(obtained: readonly Obtained[], on: string): Imported[] {
  return obtained.flatMap((o) => o.tables.map((t) => ({ obtained: o, table: t.name, source: t.source, ...t.source.read(t.text, t.name, on) })));
}

const quote = (s: string): string => (/[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s);
const decimal = (micro: number): string => (micro / 1_000_000).toFixed(6).replace(/\.?0+$/, '') || '0';

/** Every rate the imported files state: one row per jurisdiction and period (for review; data/README.md §15). */
export function jurisdictionRows(imported: readonly Imported[]): string[][] {
  const rows: string[][] = [];
  const add = (
    i: Imported,
    line: number,
    kind: string,
    code: string,
    name: string,
    county: string,
    rate: number,
    food: number | null,
    from: string,
    to: string | null,
  ) => rows.push([i.state, i.table, String(line), kind, code, name, county, decimal(rate), food === null ? '' : decimal(food), from, to ?? '']);
  for (const i of imported) {
    switch (i.source.id) {
      case 'sst-rates':
        for (const r of (i.parsed as SstRateFile).records)
          add(i, r.line, `sst type ${r.type}`, r.code, '', '', r.general.intrastate, r.foodDrug.intrastate, r.from, r.to);
        break;
      case 'tx-rates': {
        const seen = new Set<string>();
        for (const r of (i.parsed as TxRateFile).rows)
          for (const [kind, a] of [['city', r.city], ['county', r.county], ...r.districts.map((d) => ['special district', d] as const)] as const)
            if (a && !seen.has(a.code)) {
              seen.add(a.code);
              add(i, r.line, kind, a.code, a.name, '', a.rate, null, '', null);
            }
        break;
      }
      case 'il-rates':
        for (const r of (i.parsed as IdorFile<IdorRateGroup>).records)
          for (const p of [r.current, r.prior])
            if (p)
              add(
                i,
                r.line,
                r.override ? 'varies by address' : 'jurisdiction',
                r.locationId,
                r.name,
                r.county,
                p.groups[0]!.low,
                p.groups[0]!.lowFood,
                p.from,
                p.to,
              );
        break;
      case 'il-grocery':
        for (const r of (i.parsed as IdorFile<GroceryGroup>).records)
          for (const p of [r.current, r.prior])
            if (p) add(i, r.line, 'local grocery (low)', r.locationId, r.name, r.county, p.groups[0]!.low, null, p.from, p.to);
        break;
      case 'az-rates':
        for (const r of (i.parsed as AzRateTable).rates)
          add(i, r.line, `business class ${r.businessCode}`, r.region, r.regionName, '', r.rate, null, r.from, r.to);
        break;
      case 'wa-rates':
        for (const r of (i.parsed as { rates: WaRate[] }).rates) add(i, r.line, 'location code', r.code, r.name, '', r.rate, null, r.from, r.to);
        break;
      case 'ca-areas':
        for (const a of (i.parsed as { areas: CdtfaArea[] }).areas)
          add(i, a.feature.index, a.city === '' ? 'unincorporated' : 'city', '', a.name, a.county, a.rate, null, a.from, null);
        break;
      default: // boundary files state no rate
    }
  }
  return rows;
}

export interface RefreshResult {
  readonly version: string;
  readonly previous: string;
  readonly composed: ReadonlyMap<string, number>;
  readonly unresolved: number;
  readonly files: readonly Imported[];
}

/** Adds the version `date` to the data directory `data` from the imported files (already read). */
export function addVersion(data: string, date: string, imported: readonly Imported[]): RefreshResult {
  const manifestText = readFileSync(join(data, 'content_versions.csv'), 'utf8');
  const header = manifestText.slice(0, manifestText.indexOf('\n')).trim().split(',');
  const manifest = parseCsv(manifestText, ['version', 'effective_from', 'zip_rates', 'ca_cdtfa', 'source']);
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

  mkdirSync(join(dir, 'official'), { recursive: true });
  const table = ['state,zip,region_name,state_rate,county_rate,city_rate,special_rate,combined_rate,county_name,city_name,effective_date'];
  for (const [state, rows] of [...previousRows].sort(([a], [b]) => a.localeCompare(b)))
    for (const [zip, r] of [...rows].sort(([a], [b]) => a.localeCompare(b))) {
      const p = composed.get(state)?.get(zip) ?? r.rates;
      const parts = [p.state, p.county, p.city, p.special];
      table.push([state, zip, r.region, ...parts.map(decimal), decimal(parts.reduce((a, b) => a + b, 0)), r.countyName, r.cityName, date].map(quote).join(','));
    }
  writeFileSync(join(dir, 'us_zip_rates.csv'), `${table.join('\n')}\n`);

  const records = new Set<Obtained>();
  const sources = ['publisher,format,file,table,state,date,address,sha256,bytes,records'];
  for (const i of imported) {
    if (!records.has(i.obtained)) {
      records.add(i.obtained);
      writeFileSync(join(dir, 'official', i.obtained.name), i.obtained.bytes);
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
        .map(quote)
        .join(','),
    );
  }
  writeFileSync(join(dir, 'official', 'sources.csv'), `${sources.join('\n')}\n`);
  const jurisdictions = ['state,file,line,kind,code,name,county,rate,food_rate,from,to', ...jurisdictionRows(imported).map((r) => r.map(quote).join(','))];
  writeFileSync(join(dir, 'official', 'jurisdictions.csv'), `${jurisdictions.join('\n')}\n`);

  const composedStates = [...composed].filter(([, zips]) => zips.size > 0).map(([state, zips]) => `${state} (${zips.size} ZIPs)`);
  const source =
    `Official files imported by npm run content:refresh (versions/${date}/official/sources.csv): ` +
    imported.map((i) => `${i.source.publisher} ${i.table} (${i.date})`).join('; ') +
    `. ZIP rates composed from the Streamlined boundary and rate files: ${composedStates.length ? composedStates.join(', ') : 'none'}; every other row as in version ${previous.version}.`;
  const values: Record<string, string> = {
    version: date,
    effective_from: date,
    zip_rates: `versions/${date}/us_zip_rates.csv`,
    ca_cdtfa: previous.ca_cdtfa,
    source: `"${source.replaceAll('"', "'")}"`,
  };
  const ending = manifestText.endsWith('\n') ? '' : '\n';
  appendFileSync(join(data, 'content_versions.csv'), `${ending}${header.map((h) => (h === 'source' ? values[h]! : quote(values[h] ?? ''))).join(',')}\n`);
  return {
    version: date,
    previous: previous.version,
    composed: new Map([...composed].map(([s, z]) => [s, z.size])),
    unresolved,
    files: imported,
  };
}
