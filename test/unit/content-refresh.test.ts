// npm run content:refresh (scripts/content-refresh.ts, scripts/content/refresh/): the download path
// against a local HTTP server that serves the publishers' slices (test/fixtures/official/) at the
// publishers' own paths, the version it adds to a copy of data/, the ZIPs it composes from
// Streamlined boundary records, the refusal of a broken file (file, line, field; exit 1; nothing
// written), a late publisher left out, and the refusal of an implausible change (exit 2; the
// previous version kept).
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
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
import { readZip } from '../../scripts/content/files/zip-archive';
import { readSstBoundaries } from '../../scripts/content/readers/sst-boundaries';
import { readSstRates } from '../../scripts/content/readers/sst-rates';
import { addVersion } from '../../scripts/content/refresh/add-version';
import { importAll } from '../../scripts/content/refresh/import';
import { download, fromDirectory } from '../../scripts/content/refresh/obtain';
import { refreshContent } from '../../scripts/content/refresh/refresh';
import type { RefreshReport } from '../../scripts/content/refresh/report';

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

/**
 * The slices of an earlier quarter's files, named as the files of the fourth quarter of 2026 (the
 * refreshes' quarter: a page that lists only an earlier quarter's file is late). The names are of
 * equal length, so a ZIP archive's member keeps its place.
 */
const Q4 = (text: string) => text.replaceAll('2026Q2FEB18', '2026Q4SEP18');
const MN_RATES_Q4 = Buffer.from(Q4(fixture('MNR2026Q2FEB18.zip').toString('latin1')), 'latin1');

/** The publishers' paths (scripts/content/sources.ts), served from the slices. */
function routes(boundary: string): Record<string, { type: string; body: Buffer | string }> {
  return {
    '/ratesandboundry/Rates/': html(['/ratesandboundry/Rates/MNR2025Q4OCT20.zip', '/ratesandboundry/Rates/MNR2026Q4SEP18.zip']),
    '/ratesandboundry/Rates/MNR2026Q4SEP18.zip': { type: 'application/zip', body: MN_RATES_Q4 },
    '/ratesandboundry/Boundary/': html(['MNB2026Q4SEP18.csv']),
    '/ratesandboundry/Boundary/MNB2026Q4SEP18.csv': { type: 'text/csv', body: boundary },
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
    '/taxes-rates/sales-and-use-tax-rates/downloadable-database': html([
      '/sites/default/files/2026-05/Rates_26Q3.csv',
      '/sites/default/files/2026-08/Rates_26Q4.csv',
    ]),
    '/sites/default/files/2026-05/Rates_26Q3.csv': { type: 'text/csv', body: fixture('Rates_26Q3.csv') },
    '/sites/default/files/2026-08/Rates_26Q4.csv': { type: 'text/csv', body: fixture('Rates_26Q3.csv') },
    '/api/download/v1/items/01883a79765a4afba132ba54da408d8b/geojson': { type: 'application/geo+json', body: fixture('cdtfa_tax_areas.geojson') },
  };
}

function html(links: string[]) {
  return { type: 'text/html', body: `<html><body>${links.map((l) => `<a href="${l}">${l}</a>`).join('\n')}</body></html>` };
}

let server: Server;
let origin: string;
let served: Record<string, { type: string; body: Buffer | string }> = routes(OPEN_MN_BOUNDARY);
const requested: string[] = [];
/** Paths whose next requests (so many) have their connection reset, as a server dropping a kept-alive socket does. */
const resets = new Map<string, number>();

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url!, 'http://x').pathname;
    requested.push(path);
    const left = resets.get(path) ?? 0;
    if (left > 0) {
      resets.set(path, left - 1);
      req.socket.destroy();
      return;
    }
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
      const { files: obtained, late } = await download({ date: '2026-10-01', origin });
      expect(late).toEqual([]);
      expect(obtained.map((o) => o.name)).toEqual([
        'MNR2026Q4SEP18.zip',
        'MNB2026Q4SEP18.csv',
        'taxrates.txt',
        'ordmache-current.txt',
        'grocerymache-current.txt',
        'TPT_RATETABLE_ALL_09012026.csv',
        'Rates_26Q4.csv',
        'cdtfa_tax_areas.geojson',
      ]);
      expect(requested).not.toContain('/sites/default/files/document/TPT_RATETABLE_ALL_11012026.csv');
      expect(requested).not.toContain('/ratesandboundry/Rates/MNR2025Q4OCT20.zip');
      const imported = importAll(obtained, '2026-10-01');
      expect(imported.find((i) => i.table === 'MNR2026Q4SEP18.csv')).toMatchObject({ state: 'MN', records: 148 });

      const data = join(dir, 'data');
      const result = addVersion(data, '2026-10-01', imported);
      expect(result).toMatchObject({ version: '2026-10-01', previous: NEWEST, unresolved: 0 });
      expect(result.composed.get('MN')).toBe(5);
      // Each file is kept as obtained (the ZIP archive as the publisher ships it), with its record.
      const kept = join(data, 'versions', '2026-10-01', 'official');
      expect(readFileSync(join(kept, 'MNR2026Q4SEP18.zip')).equals(MN_RATES_Q4)).toBe(true);
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
      const report = join(dir, 'report.json');
      const r = await run(['--origin', origin, '--date', '2026-10-01', '--data', join(dir, 'data'), '--out', out, '--report', report]);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(JSON.parse(readFileSync(report, 'utf8'))).toMatchObject({ outcome: 'published', version: '2026-10-01', previous: NEWEST, problems: [] });
      expect(JSON.parse(readFileSync(report, 'utf8')).changed_zips).toBeGreaterThanOrEqual(5);
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
      const report = join(dir, 'report.json');
      const r = await run(['--from-dir', given, '--date', '2026-10-01', '--data', join(dir, 'data'), '--out', join(dir, 'out.json'), '--report', report]);
      expect(r.code).toBe(1);
      expect(r.stderr.trim()).toBe('refused: taxrates.txt:4: city rate: not a rate: "1%" (nothing was written)');
      expect(JSON.parse(readFileSync(report, 'utf8'))).toEqual({
        outcome: 'refused',
        previous: NEWEST,
        problems: [{ source: 'tx-rates', kind: 'unreadable', detail: 'taxrates.txt:4: city rate: not a rate: "1%"' }],
      });
      expect(readFileSync(join(dir, 'data', 'content_versions.csv'), 'utf8')).toBe(manifest);
      expect(existsSync(join(dir, 'data', 'versions', '2026-10-01'))).toBe(false);
      expect(existsSync(join(dir, 'out.json'))).toBe(false);

      // A broken download is refused the same way.
      served = {
        ...routes(OPEN_MN_BOUNDARY),
        '/ratesandboundry/Boundary/MNB2026Q4SEP18.csv': { type: 'text/csv', body: OPEN_MN_BOUNDARY.replace('55128', '5512') },
      };
      const d = await run(['--origin', origin, '--date', '2026-10-01', '--data', join(dir, 'data'), '--out', join(dir, 'out.json')]);
      expect(d.code).toBe(1);
      expect(d.stderr).toContain('refused: MNB2026Q4SEP18.csv:7: low ZIP: not a 5-digit ZIP: "5512"');
      expect(readdirSync(join(dir, 'data', 'versions'))).toEqual(['2025-12-01']);
    } finally {
      served = routes(OPEN_MN_BOUNDARY);
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('asks again for a file whose connection was reset, and gives up after three resets', async () => {
    const path = '/data/edi/sales-tax/taxrates.txt';
    const asked = () => requested.filter((p) => p === path).length;
    try {
      requested.length = 0;
      resets.set(path, 1);
      const { files } = await download({ date: '2026-10-01', origin, sources: ['tx-rates'] });
      expect(files.map((f) => f.name)).toEqual(['taxrates.txt']);
      expect(asked()).toBe(2);
      // A server that resets every time: the error is the network's, after three tries.
      requested.length = 0;
      resets.set(path, 3);
      await expect(download({ date: '2026-10-01', origin, sources: ['tx-rates'] })).rejects.toThrow(/fetch failed/);
      expect(asked()).toBe(3);
    } finally {
      resets.clear();
    }
  });

  it("fails on a file the publisher's page lists but does not serve, and on a page without a link", async () => {
    served = { ...routes(OPEN_MN_BOUNDARY) };
    delete served['/sites/default/files/document/TPT_RATETABLE_ALL_09012026.csv'];
    try {
      await expect(download({ date: '2026-10-01', origin, sources: ['az-rates'] })).rejects.toThrow(
        'https://azdor.gov/sites/default/files/document/TPT_RATETABLE_ALL_09012026.csv: HTTP 404',
      );
      // Only tables dated after the refresh: none to take.
      await expect(download({ date: '2026-08-31', origin, sources: ['az-rates'] })).rejects.toThrow(/tax-rate-table: no link to a file of the expected name/);
      // Streamlined: the states asked for only; one the page does not list is late.
      served = routes(OPEN_MN_BOUNDARY);
      expect(await download({ date: '2026-10-01', origin, sources: ['sst-rates'], states: ['GA'] })).toEqual({
        files: [],
        late: [{ source: 'sst-rates', state: 'GA', newest: null }],
      });
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

/** Every file under a directory with its sha256: equal before and after means nothing was written. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of readdirSync(dir, { recursive: true, withFileTypes: true }))
    if (f.isFile())
      out[join(f.parentPath, f.name).slice(dir.length)] = createHash('sha256')
        .update(readFileSync(join(f.parentPath, f.name)))
        .digest('hex');
  return out;
}

/** The Minnesota rate table of the slice, as plain text (the page may list a CSV as well as a ZIP). */
const MN_RATES_TEXT = Q4(readZip(fixture('MNR2026Q2FEB18.zip'), 'MNR2026Q2FEB18.zip')[0]!.data.toString('utf8'));

describe('the guards of npm run content:refresh', () => {
  const quiet = () => {};

  it('leaves out a publisher whose page lists only an earlier quarter and applies the others', async () => {
    const dir = copyOfData();
    served = {
      ...routes(OPEN_MN_BOUNDARY),
      '/ratesandboundry/Rates/': html(['/ratesandboundry/Rates/MNR2026Q2FEB18.zip']),
      '/ratesandboundry/Rates/MNR2026Q2FEB18.zip': { type: 'application/zip', body: fixture('MNR2026Q2FEB18.zip') },
      '/taxes-rates/sales-and-use-tax-rates/downloadable-database': html(['/sites/default/files/2026-05/Rates_26Q3.csv']),
    };
    try {
      const data = join(dir, 'data');
      const report = await refreshContent({ data, out: join(dir, 'out.json'), date: '2026-10-01', origin }, quiet);
      expect(report).toMatchObject({ outcome: 'published', version: '2026-10-01', previous: NEWEST });
      expect(report.problems).toEqual([
        {
          source: 'sst-rates',
          state: 'MN',
          kind: 'late',
          detail: 'no file for the quarter of 2026-10-01: the newest listed is MNR2026Q2FEB18.zip (for 2026-04-01)',
        },
        { source: 'wa-rates', kind: 'late', detail: 'no file for the quarter of 2026-10-01: the newest listed is Rates_26Q3.csv (for 2026-07-01)' },
      ]);
      const sources = readFileSync(join(data, 'versions', '2026-10-01', 'official', 'sources.csv'), 'utf8');
      expect(sources).toContain(',taxrates.txt,');
      expect(sources).toContain(',MNB2026Q4SEP18.csv,');
      expect(sources).not.toContain('Rates_26Q');
      expect(sources).not.toContain('MNR2026');

      // None current: nothing is written.
      const before = snapshot(data);
      expect(await refreshContent({ data, out: join(dir, 'out.json'), date: '2027-01-01', origin, sources: ['wa-rates'] }, quiet)).toEqual({
        outcome: 'refused',
        previous: '2026-10-01',
        problems: [{ source: 'wa-rates', kind: 'late', detail: 'no file for the quarter of 2027-01-01: the newest listed is Rates_26Q3.csv (for 2026-07-01)' }],
      });
      expect(snapshot(data)).toEqual(before);
    } finally {
      served = routes(OPEN_MN_BOUNDARY);
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('refuses a county rate of 30 % and keeps the previous version (exit 2, nothing written)', async () => {
    const dir = copyOfData();
    const hennepin = '27,00,053,0.0015,0.0015,0.0015,0.0015,';
    expect(MN_RATES_TEXT).toContain(hennepin);
    served = {
      ...routes(OPEN_MN_BOUNDARY),
      '/ratesandboundry/Rates/': html(['/ratesandboundry/Rates/MNR2026Q4SEP18.csv']),
      '/ratesandboundry/Rates/MNR2026Q4SEP18.csv': { type: 'text/csv', body: MN_RATES_TEXT.replace(hennepin, '27,00,053,0.30,0.30,0.30,0.30,') },
    };
    try {
      const data = join(dir, 'data');
      const out = join(dir, 'out.json');
      writeFileSync(out, 'the artifact in force');
      const before = snapshot(data);
      const report = join(dir, 'report.json');
      const r = await run(['--origin', origin, '--date', '2026-10-01', '--data', data, '--out', out, '--report', report]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('refused: sst-rates MN: MNR2026Q4SEP18.csv:8: rate 30 % outside 0–12 % (nothing was written)');
      expect(r.stderr).toMatch(/refused: sst-rates MN: ZIP 55401: combined rate 37\.875 % outside 0–16 %/);
      expect(r.stderr).toMatch(/ZIP 55401: 9\.025 % → 37\.875 %, a move over 2 %/);
      const json = JSON.parse(readFileSync(report, 'utf8')) as RefreshReport;
      expect(json).toMatchObject({ outcome: 'refused', previous: NEWEST, changed_zips: 5 });
      expect(new Set(json.problems.map((p) => `${p.kind} ${p.source} ${p.state}`))).toEqual(new Set(['implausible sst-rates MN']));
      expect(snapshot(data)).toEqual(before);
      expect(readFileSync(out, 'utf8')).toBe('the artifact in force');

      // The same files publish (exit 0) once the rate is right; a lower --max-change refuses the share of ZIPs that change.
      served = routes(OPEN_MN_BOUNDARY);
      const share = await run(['--origin', origin, '--date', '2026-10-01', '--data', data, '--out', out, '--max-change', '0.001']);
      expect(share.code).toBe(2);
      expect(share.stderr).toContain('refused: sst-rates MN: 5 of 956 ZIPs change rate (0.5 %, over 0.1 %) (nothing was written)');
      expect(snapshot(data)).toEqual(before);
    } finally {
      served = routes(OPEN_MN_BOUNDARY);
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('knows a file it has published, and refuses one with less than half the records of the last', async () => {
    const dir = copyOfData();
    try {
      const data = join(dir, 'data');
      const given = join(dir, 'given');
      cpSync(FIXTURES, given, { recursive: true });
      rmSync(join(given, 'WAB2024Q2JAN01.csv'));
      const refresh = (date: string) => refreshContent({ data, out: join(dir, 'out.json'), date, fromDir: given }, quiet);
      expect((await refresh('2026-10-01')).outcome).toBe('published');
      const before = snapshot(data);
      expect(await refresh('2027-01-01')).toEqual({ outcome: 'unchanged', previous: '2026-10-01', problems: [] });
      writeFileSync(join(given, 'taxrates.txt'), fixture('taxrates.txt').toString('utf8').split('\n').slice(0, 3).join('\n'));
      expect(await refresh('2027-01-01')).toEqual({
        outcome: 'refused',
        previous: '2026-10-01',
        problems: [{ source: 'tx-rates', state: 'TX', kind: 'implausible', detail: '2 records, 5 in version 2026-10-01 (below 50 %)' }],
        changed_zips: 0,
      });
      expect(snapshot(data)).toEqual(before);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
