// The publishers' bulk files a refresh reads: downloaded from the addresses of the registry of
// official sources (scripts/content/sources.ts), or given in a directory (fetched by hand). A file is
// recognised by its name; a ZIP archive is opened and its tables recognised the same way.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { FormatError } from '../files/format-error';
import { isZip, readZip } from '../files/zip-archive';
import { type Location, OFFICIAL_SOURCES, type OfficialSource, type SourceId, sourceOf } from '../sources';
import { quarterStart } from './quarter';

/** A file as obtained: `bytes` are kept as the record; `tables` are the publisher's tables in it. */
export interface Obtained {
  readonly name: string;
  readonly bytes: Buffer;
  readonly url: string | null;
  readonly tables: readonly { name: string; text: string; source: OfficialSource }[];
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

/**
 * A source whose page lists no file for the quarter of the refresh's date (its newest is for an
 * earlier quarter, or there is none): it is not taken, and the others go on without it.
 */
export interface Late {
  readonly source: SourceId;
  readonly state?: string;
  /** The newest file the page lists, and the first day of the period it is for. */
  readonly newest: { readonly file: string; readonly period: string } | null;
}

export interface Downloaded {
  readonly files: Obtained[];
  readonly late: Late[];
}

/** Tries of one address before a network error ends the refresh. */
const GET_ATTEMPTS = 3;

export async function download(options: DownloadOptions): Promise<Downloaded> {
  const at = (url: string) => {
    if (!options.origin) return url;
    const u = new URL(url);
    return `${options.origin.replace(/\/$/, '')}${u.pathname}${u.search}`;
  };
  const get = async (url: string): Promise<Buffer> => {
    for (let attempt = 1; ; attempt++) {
      let response: Response;
      let bytes: Buffer;
      try {
        response = await fetch(at(url), { redirect: 'follow' });
        bytes = Buffer.from(await response.arrayBuffer());
      } catch (error) {
        // A connection reset or closed under the request (a server dropping a kept-alive socket
        // as it is reused): the same GET again is safe. An HTTP status is an answer, not retried.
        if (attempt >= GET_ATTEMPTS) throw error;
        await new Promise((r) => setTimeout(r, 250 * attempt));
        continue;
      }
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
      return bytes;
    }
  };
  const wanted = OFFICIAL_SOURCES.filter((s) => s.location !== null && (!options.sources || options.sources.includes(s.id)));
  const files: Obtained[] = [];
  const late: Late[] = [];
  for (const source of wanted) {
    const found = await addresses(source.location!, get, options);
    for (const l of found.late) late.push({ source: source.id, ...l });
    for (const { url, name } of found.current) {
      options.log?.(`  ${source.publisher}: ${url}`);
      const bytes = await get(url);
      files.push({ name, bytes, url, tables: tablesOf(name, bytes) });
    }
  }
  return { files, late };
}

type Found = { current: { url: string; name: string }[]; late: Omit<Late, 'source'>[] };

async function addresses(location: Location, get: (url: string) => Promise<Buffer>, options: DownloadOptions): Promise<Found> {
  if ('url' in location) return { current: [{ url: location.url, name: location.file }], late: [] };
  const page = (await get(location.page)).toString('utf8');
  const fileOf = (url: string) => decodeURIComponent(new URL(url).pathname.split('/').at(-1)!);
  const best = new Map<string, { key: string; url: string }>();
  // The newest file listed, whatever its date: a page that lists a file of the refresh's quarter
  // dated after the refresh (a table published ahead) is not late, though that file is not taken.
  const newest = new Map<string, { key: string; url: string; period: string }>();
  for (const m of page.matchAll(location.link)) {
    const match = m as RegExpExecArray;
    const key = location.key(match);
    const group = location.state?.(match) ?? '';
    if (location.state && options.states && !options.states.includes(group)) continue;
    const url = new URL(m[1]!.replaceAll('&amp;', '&'), location.page).href;
    const top = newest.get(group);
    if (!top || top.key < key) newest.set(group, { key, url, period: location.period?.(match) ?? key });
    if (location.dated && key > options.date) continue;
    const held = best.get(group);
    if (!held || held.key < key) best.set(group, { key, url });
  }
  const quarter = quarterStart(options.date);
  const late: Found['late'] = [];
  const groups = location.state && options.states ? options.states : newest.size ? [...newest.keys()] : [''];
  for (const group of groups) {
    const top = newest.get(group);
    if (top && top.period >= quarter) continue;
    late.push({ ...(group ? { state: group } : {}), newest: top ? { file: fileOf(top.url), period: top.period } : null });
    best.delete(group);
  }
  if (best.size === 0 && late.length === 0) throw new Error(`${location.page}: no link to a file of the expected name on or before ${options.date}`);
  return { current: [...best.values()].map(({ url }) => ({ url, name: fileOf(url) })), late };
}
