// Effective-dated content: a document is computed with the version in force on its date, and a
// new quarterly table is added as a version without rewriting the earlier ones (data/README.md,
// README "Keeping the content current").
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TaxContent } from '../../functions/core/content/tax-content';
import { destinationRates } from '../../functions/core/tax/engine';
import { buildArtifact } from '../../scripts/content/build/artifact';
import { readCsv, toMicro } from '../../scripts/content/files/csv';
import { diffVersions } from '../../scripts/content/reports/version-diff';
import { DERIVED, dataWithDerivedVersion } from '../fixtures/derived-version';
import { derived, taxCents } from '../support/data';
import { content, context, failure, run } from '../support/engine';

const DATA = join(import.meta.dirname, '..', '..', 'data');
const manifest = readCsv(join(DATA, 'content_versions.csv'), ['version', 'effective_from', 'zip_rates']);
const december = readCsv(join(DATA, manifest[0]!.zip_rates), ['state', 'zip', 'combined_rate']);
const march = readCsv(join(DATA, 'us_zip_rates.csv'), ['state', 'zip', 'combined_rate']);
const rateIn = (rows: typeof march, state: string, zip: string) => BigInt(toMicro(rows.find((r) => r.state === state && r.zip === zip)!.combined_rate));

describe('the shipped artifact', () => {
  it('holds every version of data/content_versions.csv, oldest first', () => {
    expect(content.versions()).toEqual(manifest.map((m) => ({ version: m.version, from: m.effective_from })));
    expect(content.coverageFrom).toBe(manifest[0]!.effective_from);
  });

  it('is the same artifact npm run content builds from data/', () => {
    expect(buildArtifact(DATA)).toEqual(content.artifact);
  });

  it('computes a document with the version in force on its date and names it', () => {
    const seattle = { state: 'WA', zip: '98101' };
    const dec = run({ date: '2025-12-31', ship_to: seattle, lines: [{ amount: 100 }] });
    const jan = run({ date: '2026-01-01', ship_to: seattle, lines: [{ amount: 100 }] });
    const mar = run({ date: '2026-03-01', ship_to: seattle, lines: [{ amount: 100 }] });
    expect(dec.content_version).toBe(manifest[0]!.version);
    expect(BigInt(dec.lines[0]!.rate)).toBe(rateIn(december, 'WA', '98101'));
    // Washington changes local rates only on a quarter's first day: the March table's Seattle rate is January's.
    expect(jan.content_version).toBe('2026-01-01');
    expect(BigInt(jan.lines[0]!.rate)).toBe(rateIn(march, 'WA', '98101'));
    expect(mar.content_version).toBe('2026-03-01');
    expect(BigInt(mar.lines[0]!.rate)).toBe(rateIn(march, 'WA', '98101'));
    expect(dec.lines[0]!.rate).not.toBe(jan.lines[0]!.rate);
  });

  it('GET /rates answers with the version of the date', () => {
    expect(destinationRates(content, 'WA', '98101', '2025-12-15').version).toBe(manifest[0]!.version);
    expect(destinationRates(content, 'WA', '98101', '2026-01-15').version).toBe('2026-01-01');
    expect(destinationRates(content, 'WA', '98101', '2026-03-15').version).toBe('2026-03-01');
    // The 2026-04-01 version restates GA, MN and WI only: Seattle keeps its March rate under it.
    const april = destinationRates(content, 'WA', '98101', '2026-04-15');
    expect(april.version).toBe('2026-04-01');
    expect(april.components).toEqual(destinationRates(content, 'WA', '98101', '2026-03-15').components);
  });

  it('the 2026-01-01 version takes the March rows only of states whose local rates change on a quarter, half-year or year start', () => {
    const rules = new Set(readCsv(join(DATA, 'local_rate_change_rules.csv'), ['state']).map((r) => r.state));
    const decRows = new Map(december.map((r) => [`${r.state},${r.zip}`, r.combined_rate]));
    const jan = content.at('2026-01-01').rows();
    // ZIPs whose answer is not their row's (data/README.md, "How a ZIP is answered") are checked in
    // zip-table-consistency.test.ts.
    const ownRow = (state: string, zip: string) =>
      [derived('2026-01-01'), derived('2025-12-01')].every((d) => {
        const a = d.answers.get(state)?.get(zip);
        return (
          a === undefined ||
          a.rates.state + a.rates.county + a.rates.city + a.rates.special === a.row.rates.state + a.row.rates.county + a.row.rates.city + a.row.rates.special
        );
      });
    let fromMarch = 0;
    let kept = 0;
    for (const r of march) {
      const before = decRows.get(`${r.state},${r.zip}`);
      if (r.state === 'PR' || before === undefined || before === r.combined_rate || !ownRow(r.state, r.zip)) continue;
      const expected = rules.has(r.state) ? r.combined_rate : before;
      expect(jan.get(`${r.state},${r.zip}`)?.combined).toBe(toMicro(expected));
      if (rules.has(r.state)) fromMarch++;
      else kept++;
    }
    // Alabama, Alaska, Arizona, Louisiana, New York...: no such rule, their changes wait for the March table.
    expect(fromMarch).toBeGreaterThan(750);
    expect(kept).toBeGreaterThan(0);
  });

  it('refuses dates before the oldest version as before (Kentucky history aside)', () => {
    expect(failure({ date: '2025-11-30', ship_to: { state: 'WA', zip: '98101' }, lines: [{ amount: 1 }] }).code).toBe('rate_unavailable');
    expect(run({ date: '2025-11-30', ship_to: { state: 'KY', zip: '40202' }, lines: [{ amount: 100 }] }).lines[0]!.tax).toBe(600);
  });

  it('stores later versions as differences (far smaller than a second full table)', () => {
    const [first, second] = content.artifact.versions;
    const rows = (v: typeof first) => Object.values(v!.zips).reduce((n, s) => n + s.length, 0);
    expect(rows(second)).toBeLessThan(rows(first) / 10);
    expect(content.at('2026-03-01').rows().size).toBe(march.filter((r) => r.state !== 'PR').length);
    expect(content.at('2025-12-01').rows().size).toBe(december.filter((r) => r.state !== 'PR').length);
  });
});

describe('adding a quarterly table (derived fixture version)', () => {
  const dir = dataWithDerivedVersion();
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const before = content.artifact;
  const after = buildArtifact(dir);
  const added = new TaxContent(after);

  it('adds a version and leaves every earlier one byte for byte as it was', () => {
    expect(after.versions.map((v) => v.version)).toEqual([...before.versions.map((v) => v.version), DERIVED.version]);
    for (const [i, v] of before.versions.entries()) expect(JSON.stringify(after.versions[i])).toBe(JSON.stringify(v));
    expect(after.names.startsWith(before.names)).toBe(true);
    expect(after.regions.slice(0, before.regions.length)).toEqual(before.regions);
  });

  it('computes documents on each side of the new date with their own version', () => {
    const ctx = context({ content: added });
    const doc = (date: string) => run({ date, ship_to: { state: DERIVED.raised.state, zip: DERIVED.raised.zip }, lines: [{ amount: 100 }] }, ctx);
    expect(doc('2026-05-31')).toMatchObject({ content_version: before.version });
    expect(BigInt(doc('2026-05-31').lines[0]!.rate)).toBe(rateIn(march, 'WA', '98101'));
    expect(doc('2026-06-01').content_version).toBe(DERIVED.version);
    expect(doc('2026-06-01').lines[0]!.tax).toBe(taxCents(10_000, BigInt(toMicro(DERIVED.raised.combined))));
    const dropped = { state: DERIVED.dropped.state, zip: DERIVED.dropped.zip };
    expect(run({ date: '2026-05-31', ship_to: dropped, lines: [{ amount: 100 }] }, ctx).lines[0]!.tax).toBe(600);
    expect(failure({ date: '2026-06-01', ship_to: dropped, lines: [{ amount: 100 }] }, ctx).code).toBe('rate_unavailable');
    const newZip = { state: DERIVED.added.state, zip: DERIVED.added.zip };
    expect(run({ date: '2026-06-01', ship_to: newZip, lines: [{ amount: 100 }] }, ctx).lines[0]!.rate).toBe(toMicro(DERIVED.added.combined));
  });

  /** The states whose rates of a date come from their own rate files (Georgia's counties changed on 2026-04-01). */
  const official = new Set(readCsv(join(DATA, 'official_rate_tables.csv'), ['state']).map((r) => r.state));

  it('content diff lists the changed, added and removed ZIPs and the new jurisdiction', () => {
    const diff = diffVersions(added.at('2026-03-01'), added.at(DERIVED.version));
    expect(diff.changed.filter((c) => official.has(c.state)).length).toBeGreaterThan(0);
    expect(diff.changed.filter((c) => !official.has(c.state))).toEqual([
      { state: 'WA', zip: DERIVED.raised.zip, region: 'SEATTLE', before: Number(rateIn(march, 'WA', '98101')), after: toMicro(DERIVED.raised.combined) },
    ]);
    expect(diff.added).toEqual([`TX,${DERIVED.added.zip}`]);
    expect(diff.removed).toEqual([`KY,${DERIVED.dropped.zip}`]);
    // Besides the added ZIP's district, names of Georgia areas whose county rate changed on 2026-04-01.
    expect(diff.newRegions).toContain(DERIVED.added.region);
    expect(diff.caCities).toEqual([]);
  });

  it('costs only the rows that changed', () => {
    const last = after.versions.at(-1)!;
    const officialRows = Object.entries(last.zips)
      .filter(([state]) => official.has(state))
      .reduce((n, [, rows]) => n + rows.length / 14, 0);
    expect(Object.values(last.zips).reduce((n, s) => n + s.length / 14, 0) - officialRows).toBe(2);
    expect(JSON.stringify(after).length - JSON.stringify(before).length).toBeLessThan(30_000);
  });
});

describe('npm run content -- --ingest (the update routine, run as a self-hoster runs it)', () => {
  it('copies the new table into versions/, appends the manifest and builds an artifact with the new version', () => {
    const dir = dataWithDerivedVersion();
    try {
      // Undo the fixture's manifest row: the command is what adds it here.
      const manifestPath = join(dir, 'content_versions.csv');
      const lines = readFileSync(manifestPath, 'utf8').trimEnd().split('\n');
      writeFileSync(manifestPath, `${lines.slice(0, -1).join('\n')}\n`);
      const table = join(dir, 'new-table.csv');
      renameSync(join(dir, 'versions', DERIVED.version, 'us_zip_rates.csv'), table);
      const out = join(dir, 'out.json');
      const root = join(import.meta.dirname, '..', '..');
      execFileSync(
        process.execPath,
        [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(root, 'scripts', 'build-content.ts'), '--data', dir, '--out', out, '--ingest', table],
        {
          stdio: 'pipe',
        },
      );
      const built = JSON.parse(readFileSync(out, 'utf8')) as typeof content.artifact;
      expect(built.versions.map((v) => v.version)).toEqual([...content.artifact.versions.map((v) => v.version), DERIVED.version]);
      expect(readFileSync(manifestPath, 'utf8').trimEnd().split('\n').at(-1)).toMatch(
        new RegExp(`^${DERIVED.version},${DERIVED.version},versions/${DERIVED.version}/us_zip_rates.csv,`),
      );
      expect(existsSync(join(dir, 'versions', DERIVED.version, 'us_zip_rates.csv'))).toBe(true);
      // A second ingest of the same date is refused: versions are only added after the newest.
      expect(() =>
        execFileSync(
          process.execPath,
          [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(root, 'scripts', 'build-content.ts'), '--data', dir, '--out', out, '--ingest', table],
          {
            stdio: 'pipe',
          },
        ),
      ).toThrow(/already listed/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
