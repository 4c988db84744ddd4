// The content refresh on AWS: a function EventBridge invokes around each quarter's turn (lib/
// constructs/content-store.ts). It refreshes a copy of the bundled data/ folder, overlaid with
// the source files earlier refreshes kept in the content bucket (so each run diffs against the
// version last published, not the one deployed), and on `published` keeps the files it changed and
// publishes the artifact and then the pointer (functions/adapters/content/s3-content-publisher.ts).
// A refusal or an unchanged run writes nothing. Each problem kind and outcome is a metric with an
// alarm (docs/taxes-and-content.md, "The scheduled refresh on AWS").
// The entry lives with the pipeline: functions/ may not import scripts/.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Context } from 'aws-lambda';
import { publishContent } from '../../../functions/adapters/content/s3-content-publisher';
import { CONTENT_REFRESH_METRICS, CONTENT_STORE } from '../../../functions/manifest/resources';
import { invocationLogger } from '../../../functions/shared/powertools';
import { refreshQuarter } from './quarter';
import { refreshContent } from './refresh';
import type { RefreshReport } from './report';

export interface ScheduledRefreshInput {
  readonly client: S3Client;
  readonly bucket: string;
  /** The data/ folder deployed with the function. */
  readonly bundledData: string;
  /** An empty-able working directory (Lambda: under /tmp); it is cleared first. */
  readonly workDir: string;
  readonly now: Date;
  /** Read the publishers' files from here instead of downloading (the tests). */
  readonly fromDir?: string;
  readonly log: (line: string) => void;
}

/** One refresh: working copy, overlay, refresh, and on `published` the changed files, the artifact and the pointer. */
export async function runScheduledRefresh(input: ScheduledRefreshInput): Promise<RefreshReport> {
  const { client, bucket, workDir, log } = input;
  rmSync(workDir, { recursive: true, force: true });
  const data = join(workDir, 'data');
  cpSync(input.bundledData, data, { recursive: true });
  const overlaid = await overlayStoredData(client, bucket, data);
  if (overlaid > 0) log(`overlaid ${overlaid} files kept by earlier refreshes`);
  const before = fileHashes(data);
  const date = refreshQuarter(input.now.toISOString().slice(0, 10));
  const out = join(workDir, 'tax-content.json');
  const report = await refreshContent({ data, out, date, ...(input.fromDir ? { fromDir: input.fromDir } : {}) }, log);
  if (report.outcome !== 'published') return report;
  // The artifact and pointer first, then the source files: were the files lost, the next run would
  // plan and publish the same version again; kept before a failed publish, it would find nothing
  // changed and never publish it.
  const pointer = await publishContent(client, bucket, readFileSync(out, 'utf8'), report.version!, input.now);
  const after = fileHashes(data);
  const changed = [...after].filter(([file, hash]) => before.get(file) !== hash).map(([file]) => file);
  for (const file of changed)
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: `${CONTENT_STORE.dataPrefix}${file}`, Body: readFileSync(join(data, file)) }));
  log(`published ${pointer.version} as ${pointer.key} (${changed.length} source files kept)`);
  return report;
}

/** Writes every object under dataPrefix over the working data/ folder; the count written. */
async function overlayStoredData(client: S3Client, bucket: string, data: string): Promise<number> {
  let count = 0;
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: CONTENT_STORE.dataPrefix, ContinuationToken: token }));
    for (const { Key } of page.Contents ?? []) {
      if (!Key || Key.endsWith('/')) continue;
      const target = resolve(data, Key.slice(CONTENT_STORE.dataPrefix.length));
      // A key is a path below data/, never above it.
      if (!target.startsWith(`${resolve(data)}${sep}`)) throw new Error(`content store key ${Key} leaves the data folder`);
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key }));
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, await object.Body!.transformToByteArray());
      count++;
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return count;
}

/** Every file below `dir` (posix path relative to it) with its SHA-256. */
function fileHashes(dir: string): Map<string, string> {
  const hashes = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    hashes.set(relative(dir, path).split(sep).join('/'), createHash('sha256').update(readFileSync(path)).digest('hex'));
  }
  return hashes;
}

/** The counts a run emits: one per problem kind, and whether it published (a thrown run counts `failed` instead). */
export function refreshMetricValues(report: RefreshReport): Record<string, number> {
  const count = (kind: string) => report.problems.filter((p) => p.kind === kind).length;
  return {
    [CONTENT_REFRESH_METRICS.late]: count('late'),
    [CONTENT_REFRESH_METRICS.unreadable]: count('unreadable'),
    [CONTENT_REFRESH_METRICS.implausible]: count('implausible'),
    [CONTENT_REFRESH_METRICS.published]: report.outcome === 'published' ? 1 : 0,
    [CONTENT_REFRESH_METRICS.failed]: 0,
  };
}

/** data/ next to the bundle on Lambda (lib/bundling.ts copies it there); the project's own elsewhere. */
function bundledDataDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const beside = join(here, 'data');
  return process.env.CONTENT_DATA_DIR ?? (existsSync(beside) ? beside : join(here, '..', '..', '..', 'data'));
}

export const handler = async (_event: unknown, context?: Context): Promise<RefreshReport> => {
  const log = invocationLogger(context);
  const bucket = process.env[CONTENT_STORE.envVar];
  if (!bucket) throw new Error(`${CONTENT_STORE.envVar} is not set`);
  // A namespace of its own (the alarms': lib/constructs/content-store.ts), one `Stage` dimension so stages never mix.
  const metrics = new Metrics({ namespace: CONTENT_REFRESH_METRICS.namespace, serviceName: 'salestax' });
  metrics.addDimension('Stage', process.env.STX_STAGE ?? 'local');
  try {
    const report = await runScheduledRefresh({
      client: new S3Client({}),
      bucket,
      bundledData: bundledDataDir(),
      workDir: '/tmp/content-refresh',
      now: new Date(),
      log: (line) => log.info(line),
    });
    for (const [name, value] of Object.entries(refreshMetricValues(report))) metrics.addMetric(name, MetricUnit.Count, value);
    if (report.outcome === 'refused') log.error('content refresh refused', { report });
    else if (report.problems.length > 0) log.warn(`content refresh ${report.outcome} with problems`, { report });
    else log.info(`content refresh ${report.outcome}`, { report });
    return report;
  } catch (error) {
    metrics.addMetric(CONTENT_REFRESH_METRICS.failed, MetricUnit.Count, 1);
    log.error('content refresh failed', { error });
    throw error;
  } finally {
    metrics.publishStoredMetrics();
  }
};
