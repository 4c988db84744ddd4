// The refresh a self-hoster runs (npm run content:refresh, docs/taxes-and-content.md, "Refreshing
// content from the publishers' own files"): obtains the publishers' current bulk files
// (scripts/content/refresh/obtain.ts), leaving out a late publisher's, reads every one of them (a
// file that cannot be read refuses the whole refresh with its FormatError, naming the file, line and
// field), plans the dated content version in memory (scripts/content/refresh/add-version.ts),
// refuses it when it is implausible against the previous version (plausibility.ts), and only then
// writes it, rebuilds the artifact and reports what changed. A refusal writes nothing.
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ContentArtifact } from '../../../functions/core/content/artifact';
import { TaxContent } from '../../../functions/core/content/tax-content';
import { buildArtifact } from '../build/artifact';
import { combined } from '../build/rate-areas';
import { FormatError } from '../files/format-error';
import { diffVersions, formatDiff } from '../reports/version-diff';
import { type SourceId, sourceOf } from '../sources';
import { listedVersions, planVersion, type VersionPlan, writeVersion } from './add-version';
import { type Imported, importAll, statedRates } from './import';
import { download, fromDirectory, type Late, type Obtained } from './obtain';
import { type Candidate, changedZips, DEFAULT_LIMITS, implausibilities, type Limits } from './plausibility';
import { previousRecords, recordKey } from './previous-records';
import type { Problem, RefreshReport } from './report';

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
  /** The plausibility limits (plausibility.ts), each defaulting to DEFAULT_LIMITS. */
  readonly limits?: Partial<Limits>;
}

const lateProblem = (l: Late, date: string): Problem => ({
  source: l.source,
  ...(l.state ? { state: l.state } : {}),
  kind: 'late',
  detail: l.newest
    ? `no file for the quarter of ${date}: the newest listed is ${l.newest.file} (for ${l.newest.period})`
    : `no file listed for the quarter of ${date}`,
});

export async function refreshContent(options: RefreshOptions, log: (line: string) => void): Promise<RefreshReport> {
  const { data, out, date } = options;
  const versions = listedVersions(data);
  const previous = versions.at(-1)!;
  const problems: Problem[] = [];
  const refused = (more: Problem[], changed?: number): RefreshReport => ({
    outcome: 'refused',
    previous,
    problems: [...problems, ...more],
    ...(changed === undefined ? {} : { changed_zips: changed }),
  });

  let obtained: Obtained[];
  try {
    if (options.fromDir) obtained = fromDirectory(options.fromDir);
    else {
      log(`downloading the current files (${date}):`);
      const got = await download({ date, origin: options.origin, sources: options.sources, states: options.states, log });
      obtained = got.files;
      for (const l of got.late) {
        const p = lateProblem(l, date);
        problems.push(p);
        log(`late: ${p.source}${p.state ? ` ${p.state}` : ''}: ${p.detail} (left out)`);
      }
    }
  } catch (e) {
    if (e instanceof FormatError) return refused([unreadable(e)]);
    throw e;
  }
  if (obtained.length === 0) return refused([]);

  let imported: Imported[];
  try {
    imported = importAll(obtained, date);
  } catch (e) {
    if (e instanceof FormatError) return refused([unreadable(e)]);
    throw e;
  }
  for (const i of imported) log(`read ${i.table} (${i.source.publisher}, ${i.state}, ${i.date}): ${i.records} records`);

  const records = previousRecords(data, versions);
  if (imported.every((i) => records.get(recordKey(i.source.id, i.state))?.sha256.includes(sha256(i.obtained.bytes)))) {
    log(`unchanged: every file is as version ${previous} records it (nothing written)`);
    return { outcome: 'unchanged', previous, problems };
  }

  const plan = planVersion(data, date, imported);
  const candidate = candidateOf(plan, imported, records);
  const implausible = implausibilities(candidate, { ...DEFAULT_LIMITS, ...options.limits });
  if (implausible.length > 0) return refused(implausible, changedZips(candidate));

  writeVersion(data, date, plan);
  const result = plan.result;
  log(
    `added version ${result.version} to ${join(data, 'content_versions.csv')}; ZIPs composed from Streamlined files: ${
      [...result.composed].map(([s, n]) => `${s} ${n}`).join(', ') || 'none'
    }${result.unresolved ? ` (${result.unresolved} left as they were: see the boundary records)` : ''}`,
  );
  const artifact: ContentArtifact = buildArtifact(data);
  writeFileSync(out, JSON.stringify(artifact));
  const content = new TaxContent(artifact);
  const from = (version: string) => content.versions().find((v) => v.version === version)!.from;
  const diff = diffVersions(content.at(from(result.previous)), content.at(from(result.version)));
  for (const line of formatDiff(diff, result.previous, result.version)) log(line);
  const json = JSON.stringify(artifact);
  // Each state's boundaries are parsed on its first lookup; the artifact's load only reads past them.
  for (const [state, text] of Object.entries(artifact.boundaries ?? {}))
    log(`  official boundaries of ${state}: ${Buffer.byteLength(text)} bytes (read on its first lookup)`);
  log(`content ${artifact.version} → ${out} (${Buffer.byteLength(json)} bytes)`);
  return { outcome: 'published', version: result.version, previous, problems, changed_zips: diff.changed.length };
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function unreadable(e: FormatError): Problem {
  return { source: sourceOf(e.file)?.id ?? 'unknown', kind: 'unreadable', detail: e.message };
}

function candidateOf(plan: VersionPlan, imported: readonly Imported[], records: ReturnType<typeof previousRecords>): Candidate {
  const counts = new Map<string, { source: SourceId; state: string; records: number }>();
  for (const i of imported) {
    const key = recordKey(i.source.id, i.state);
    const held = counts.get(key);
    counts.set(key, { source: i.source.id, state: i.state, records: (held?.records ?? 0) + i.records });
  }
  return {
    previous: new Map([...plan.previousRows].map(([state, rows]) => [state, new Map([...rows].map(([zip, r]) => [zip, combined(r.rates)]))])),
    composed: plan.composedParts,
    composedFrom: 'sst-rates',
    stated: statedRates(imported).map((r) => ({
      source: r.imported.source.id,
      state: r.imported.state,
      file: r.imported.table,
      line: r.line,
      rate: r.rate,
      total: r.imported.source.totals === true,
    })),
    records: [...counts.entries()].map(([key, c]) => {
      const p = records.get(key);
      return { ...c, ...(p ? { previous: { version: p.version, records: p.records } } : {}) };
    }),
  };
}
