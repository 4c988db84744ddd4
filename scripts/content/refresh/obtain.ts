// The publishers' bulk files a refresh reads: downloaded from the addresses of the registry of
// official sources (scripts/content/sources.ts), or given in a directory (fetched by hand). A file is
// recognised by its name; a ZIP archive is opened and its tables recognised the same way.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { FormatError } from '../files/format-error';
import { isZip, readZip } from '../files/zip-archive';
import { type Location, OFFICIAL_SOURCES, type OfficialSource, type SourceId, sourceOf } from '../sources';

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
