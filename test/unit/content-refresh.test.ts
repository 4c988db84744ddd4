// npm run content:refresh (scripts/content-refresh.ts, scripts/content/refresh/): the download path
// against a local HTTP server that serves the publishers' slices (test/fixtures/official/) at the
// publishers' own paths, the version it adds to a copy of data/, the ZIPs it composes from
// Streamlined boundary records, and the refusal of a broken file (file, line, field; exit 1; nothing
// written).
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TaxContent } from '../../functions/core/content/tax-content';
import { buildArtifact } from '../../scripts/content/build/artifact';
import { composeSstZips } from '../../scripts/content/build/sst-compose';
import { readSstBoundaries } from '../../scripts/content/readers/sst-boundaries';
import { readSstRates } from '../../scripts/content/readers/sst-rates';
import { addVersion } from '../../scripts/content/refresh/add-version';
import { importAll } from '../../scripts/content/refresh/import';
import { download, fromDirectory } from '../../scripts/content/refresh/obtain';

const ROOT = join(import.meta.dirname, '..', '..');
const FIXTURES = join(ROOT, 'test', 'fixtures', 'official');
const fixture = (file: string) => readFileSync(join(FIXTURES, file));
/** The newest version of data/ (the one a refresh adds after). */
const NEWEST = readFileSync(join(ROOT, 'data', 'content_versions.csv'), 'utf8')
  .trim()
  .split('\n')
  .at(-1)!
  .split(',')[0]!;

/** The Minnesota boundary slice with its 55401-55405 record (ended 2019-03-31) made open-ended: in force in 2026. */
const OPEN_MN_BOUNDARY = fixture('MNB2026Q2FEB18.csv')
  .toString('utf8')
  .replace(/^z,20171001,20190331,(,{14}55401,)/m, 'z,20171001,29991231,$1');

/** The publishers' paths (scripts/content/sources.ts), served from the slices. */
function routes(boundary: string): Record<string, { type: string; body: Buffer | string }> {
  const html = (links: string[]) => ({ type: 'text/html', body: `<html><body>${links.map((l) => `<a href="${l}">${l}</a>`).join('\n')}</body></html>` });
  return {
    '/ratesandboundry/Rates/': html(['/ratesandboundry/Rates/MNR2025Q4OCT20.zip', '/ratesandboundry/Rates/MNR2026Q2FEB18.zip']),
    '/ratesandboundry/Rates/MNR2026Q2FEB18.zip': { type: 'application/zip', body: fixture('MNR2026Q2FEB18.zip') },
    '/ratesandboundry/Boundary/': html(['MNB2026Q2FEB18.csv']),
    '/ratesandboundry/Boundary/MNB2026Q2FEB18.csv': { type: 'text/csv', body: boundary },
    '/data/edi/sales-tax/taxrates.txt': { type: 'text/plain', body: fixture('taxrates.txt') },
    '/content/dam/soi/en/web/tax/research/taxrates/documents/salestaxrates/ordmache-current.txt': { type: 'text/plain', body: fixture('ordmache-current.txt') },
    '/content/dam/soi/en/web/tax/research/taxrates/documents/salestaxrates/grocerymache-current.txt': {
      type: 'text/plain',
      body: fixture('grocerymache-current.txt'),
    },
    // A table dated after the refresh is not taken.
    '/business/transaction-privilege-tax/tax-rate-table': html([
      '/sites/default/files/document/TPT_RATETABLE_ALL_09012026.csv',
      '/sites/default/files/document/TPT_RATETABLE_ALL_11012026.csv',
    ]),
    '/sites/default/files/document/TPT_RATETABLE_ALL_09012026.csv': { type: 'text/csv', body: fixture('TPT_RATETABLE_ALL_09012026.csv') },
    '/taxes-rates/sales-and-use-tax-rates/downloadable-database': html(['/sites/default/files/2026-05/Rates_26Q3.csv']),
    '/sites/default/files/2026-05/Rates_26Q3.csv': { type: 'text/csv', body: fixture('Rates_26Q3.csv') },
    '/api/download/v1/items/01883a79765a4afba132ba54da408d8b/geojson': { type: 'application/geo+json', body: fixture('cdtfa_tax_areas.geojson') },
  };
}

let server: Server;
let origin: string;
let served: Record<string, { type: string; body: Buffer | string }> = routes(OPEN_MN_BOUNDARY);
const requested: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url!, 'http://x').pathname;
    requested.push(path);
    const hit = served[path];
    if (!hit) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': hit.type }).end(hit.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const copyOfData = () => {
  const dir = mkdtempSync(join(tmpdir(), 'refresh-'));
  cpSync(join(ROOT, 'data'), join(dir, 'data'), { recursive: true });
  return dir;
};

const run = (args: string[]) =>
  promisify(execFile)(process.execPath, [join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(ROOT, 'scripts', 'content-refresh.ts'), ...args], {
    maxBuffer: 16 << 20,
  }).then(
    (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );

describe('composing ZIP rates from Streamlined boundary records', () => {
  it('adds the rates of the jurisdictions a record names, and leaves a ZIP whose record names one the rate file lacks', () => {
    const rates = readSstRates(readFileSync(join(ROOT, 'data', 'sst', 'MNR2026Q2FEB18.csv'), 'utf8'), 'MNR2026Q2FEB18.csv');
    const boundaries = readSstBoundaries(OPEN_MN_BOUNDARY, 'MNB2026Q2FEB18.csv');
    const { rates: zips, unresolved } = composeSstZips(rates, boundaries, '2026-10-01');
    // State 6.875 % (45:27), Hennepin County 0.15 % (00:053), Minneapolis 0.5 % (01:43000), district 80004 0.5 % (63:80004).
    expect([...zips.keys()]).toEqual(['55401', '55402', '55403', '55404', '55405']);
    expect(zips.get('55403')).toEqual({ state: 68_750, county: 1500, city: 5000, special: 5000 });
    expect(unresolved.size).toBe(0);
    const missing = readSstBoundaries(OPEN_MN_BOUNDARY.replace(',053,43000,,,,ST,80004,63', ',053,43000,,,,ST,89999,63'), 'MNB2026Q2FEB18.csv');
    const left = composeSstZips(rates, missing, '2026-10-01');
    expect(left.rates.size).toBe(0);
    expect(left.unresolved.get('55401')).toMatch(/names 63:89999, not in MNR2026Q2FEB18.csv/);
  });
});

describe('npm run content:refresh', () => {
  it("downloads the current files from the publishers' paths and adds them as a dated version", async () => {
    const dir = copyOfData();
    try {
      requested.length = 0;
      const obtained = await download({ date: '2026-10-01', origin });
      expect(obtained.map((o) => o.name)).toEqual([
        'MNR2026Q2FEB18.zip',
        'MNB2026Q2FEB18.csv',
        'taxrates.txt',
        'ordmache-current.txt',
        'grocerymache-current.txt',
        'TPT_RATETABLE_ALL_09012026.csv',
        'Rates_26Q3.csv',
        'cdtfa_tax_areas.geojson',
      ]);
      expect(requested).not.toContain('/sites/default/files/document/TPT_RATETABLE_ALL_11012026.csv');
      expect(requested).not.toContain('/ratesandboundry/Rates/MNR2025Q4OCT20.zip');
      const imported = importAll(obtained, '2026-10-01');
      expect(imported.find((i) => i.table === 'MNR2026Q2FEB18.csv')).toMatchObject({ state: 'MN', records: 148 });

      const data = join(dir, 'data');
      const result = addVersion(data, '2026-10-01', imported);
      expect(result).toMatchObject({ version: '2026-10-01', previous: NEWEST, unresolved: 0 });
      expect(result.composed.get('MN')).toBe(5);
      // Each file is kept as obtained (the ZIP archive as the publisher ships it), with its record.
      const kept = join(data, 'versions', '2026-10-01', 'official');
      expect(readFileSync(join(kept, 'MNR2026Q2FEB18.zip')).equals(fixture('MNR2026Q2FEB18.zip'))).toBe(true);
      const sources = readFileSync(join(kept, 'sources.csv'), 'utf8');
      expect(sources).toContain(
        'Texas Comptroller of Public Accounts,taxrates.txt (tab-separated local rates),taxrates.txt,taxrates.txt,TX,2026-07-01,https://comptroller.texas.gov/data/edi/sales-tax/taxrates.txt,',
      );
      expect(readFileSync(join(kept, 'jurisdictions.csv'), 'utf8')).toContain(
        'IL,ordmache-current.txt,1,jurisdiction,016-0001-1,CHICAGO,COOK,0.105,0.025,2026-08-01,',
      );
      expect(readFileSync(join(data, 'content_versions.csv'), 'utf8').trimEnd().split('\n').at(-1)).toMatch(
        /^2026-10-01,2026-10-01,versions\/2026-10-01\/us_zip_rates\.csv,ca_cdtfa_city_county_rates\.csv,"Official files imported by npm run content:refresh/,
      );

      // The content build reads the version: the composed ZIPs answer the Streamlined rate.
      const artifact = buildArtifact(data);
      expect(artifact.sources.map((x) => x.file)).toContain('data/versions/2026-10-01/official/sources.csv');
      const content = new TaxContent(artifact);
      expect(content.versions().at(-1)).toEqual({ version: '2026-10-01', from: '2026-10-01' });
      expect(content.at('2026-10-01').rows().get('MN,55403')?.combined).toBe(80_250);
      expect(content.at('2026-09-30').rows().get('MN,55403')?.combined).toBe(
        new TaxContent(buildArtifact(join(ROOT, 'data'))).at('2026-09-30').rows().get('MN,55403')?.combined,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('runs as a self-hoster runs it: downloads, prints the diff against the previous version, rebuilds the artifact', async () => {
    const dir = copyOfData();
    try {
      const out = join(dir, 'out.json');
      const r = await run(['--origin', origin, '--date', '2026-10-01', '--data', join(dir, 'data'), '--out', out]);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('read ordmache-current.txt (Illinois Department of Revenue, IL, 2026-08-01): 8 records');
      expect(r.stdout).toContain(`content diff ${NEWEST} → 2026-10-01`);
      expect(r.stdout).toMatch(/MN 55403 [A-Z ]+: [\d.]+ % → 8\.025 %/);
      expect(JSON.parse(readFileSync(out, 'utf8')).version).toBe('2026-10-01');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('refuses a file it cannot read, naming the file, line and field, and writes nothing', async () => {
    const dir = copyOfData();
    try {
      const given = join(dir, 'given');
      cpSync(FIXTURES, given, { recursive: true });
      rmSync(join(given, 'WAB2024Q2JAN01.csv'));
      writeFileSync(join(given, 'taxrates.txt'), fixture('taxrates.txt').toString('utf8').replace('Addison \t2057217\t0.01', 'Addison \t2057217\t1%'));
      const manifest = readFileSync(join(dir, 'data', 'content_versions.csv'), 'utf8');
      const r = await run(['--from-dir', given, '--date', '2026-10-01', '--data', join(dir, 'data'), '--out', join(dir, 'out.json')]);
      expect(r.code).toBe(1);
      expect(r.stderr.trim()).toBe('refused: taxrates.txt:4: city rate: not a rate: "1%" (nothing was written)');
      expect(readFileSync(join(dir, 'data', 'content_versions.csv'), 'utf8')).toBe(manifest);
      expect(existsSync(join(dir, 'data', 'versions', '2026-10-01'))).toBe(false);
      expect(existsSync(join(dir, 'out.json'))).toBe(false);

      // A broken download is refused the same way.
      served = {
        ...routes(OPEN_MN_BOUNDARY),
        '/ratesandboundry/Boundary/MNB2026Q2FEB18.csv': { type: 'text/csv', body: OPEN_MN_BOUNDARY.replace('55128', '5512') },
      };
      const d = await run(['--origin', origin, '--date', '2026-10-01', '--data', join(dir, 'data'), '--out', join(dir, 'out.json')]);
      expect(d.code).toBe(1);
      expect(d.stderr).toContain('refused: MNB2026Q2FEB18.csv:7: low ZIP: not a 5-digit ZIP: "5512"');
      expect(readdirSync(join(dir, 'data', 'versions'))).toEqual(['2025-12-01']);
    } finally {
      served = routes(OPEN_MN_BOUNDARY);
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("fails on a file the publisher's page lists but does not serve, and on a page without a link", async () => {
    served = { ...routes(OPEN_MN_BOUNDARY) };
    delete served['/sites/default/files/document/TPT_RATETABLE_ALL_09012026.csv'];
    try {
      await expect(download({ date: '2026-10-01', origin, sources: ['az-rates'] })).rejects.toThrow(
        'https://azdor.gov/sites/default/files/document/TPT_RATETABLE_ALL_09012026.csv: HTTP 404',
      );
      // Only tables dated after the refresh: none to take.
      await expect(download({ date: '2026-08-31', origin, sources: ['az-rates'] })).rejects.toThrow(/tax-rate-table: no link to a file of the expected name/);
      // Streamlined: the states asked for only.
      served = routes(OPEN_MN_BOUNDARY);
      expect((await download({ date: '2026-10-01', origin, sources: ['sst-rates'], states: ['GA'] }).catch((e: Error) => e.message)) as string).toMatch(
        /no link to a file of the expected name/,
      );
    } finally {
      served = routes(OPEN_MN_BOUNDARY);
    }
  });

  it('reads a directory of files fetched by hand, refusing one of no known publisher', () => {
    const dir = mkdtempSync(join(tmpdir(), 'given-'));
    try {
      writeFileSync(join(dir, 'taxrates.txt'), fixture('taxrates.txt'));
      expect(fromDirectory(dir).map((o) => o.tables.map((t) => t.source.id))).toEqual([['tx-rates']]);
      writeFileSync(join(dir, 'notes.txt'), 'hello');
      expect(() => fromDirectory(dir)).toThrow(/notes\.txt:0: file name: not a file of a publisher the refresh knows/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
