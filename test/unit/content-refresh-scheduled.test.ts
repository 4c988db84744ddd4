// The scheduled content refresh (scripts/content/refresh/scheduled.ts) against the s3rver S3
// emulator on the loopback interface, with a real S3 client: a published run leaves the artifact
// and then the pointer naming it, and the source files it changed; the next run reads those files
// back and finds nothing new; a refused run leaves the pointer as it was. The publishers' files are
// the slices the other refresh tests read (test/fixtures/official/), given as a directory. Here
// rather than in test/integration: it needs the emulator only, not the local runner.
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentBuild } from '../../functions/adapters/content/content-build';
import { publishContent } from '../../functions/adapters/content/s3-content-publisher';
import { CONTENT_REFRESH_METRICS, CONTENT_STORE, type ContentPointer } from '../../functions/manifest/resources';
import { refreshMetricValues, runScheduledRefresh } from '../../scripts/content/refresh/scheduled';
import { type S3Emulator, startS3Emulator } from '../support/s3-emulator';

const ROOT = join(import.meta.dirname, '..', '..');
const FIXTURES = join(ROOT, 'test', 'fixtures', 'official');
const BUCKET = 'content-test';

let s3: S3Emulator;
let client: S3Client;
let dir: string;

beforeAll(async () => {
  s3 = await startS3Emulator(BUCKET);
  ({ client, dir } = s3);
});
afterAll(() => s3?.stop());

const text = async (key: string) => (await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }))).Body!.transformToString();
const keys = async (prefix: string) =>
  ((await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }))).Contents ?? []).map((o) => ({ key: o.Key!, modified: o.LastModified! }));

/** The publishers' files as a directory (`fromDir`), optionally with one changed. */
function given(name: string, change?: (files: string) => void): string {
  const path = join(dir, name);
  cpSync(FIXTURES, path, { recursive: true });
  // Its sixth record names another state (a reader test's case): a refresh refuses it.
  rmSync(join(path, 'WAB2024Q2JAN01.csv'));
  change?.(path);
  return path;
}

const refresh = (fromDir: string, now: string) =>
  runScheduledRefresh({ client, bucket: BUCKET, bundledData: join(ROOT, 'data'), workDir: join(dir, 'work'), now: new Date(now), fromDir, log: () => {} });

describe('publishContent', () => {
  it('writes the artifact under its build id, then the pointer naming it', async () => {
    const json = JSON.stringify({ version: 'x' });
    const pointer = await publishContent(client, 'content-test', json, '2030-01-01', new Date('2029-12-15T06:00:00Z'));
    const build = contentBuild(Buffer.from(json));
    expect(build).toMatch(/^[0-9a-f]{16}$/);
    expect(pointer).toEqual({ build, key: `${CONTENT_STORE.artifactPrefix}${build}.json`, version: '2030-01-01', published_at: '2029-12-15T06:00:00.000Z' });
    expect(await text(pointer.key)).toBe(json);
    expect(JSON.parse(await text(CONTENT_STORE.pointerKey))).toEqual(pointer);
    const [artifact] = await keys(pointer.key);
    const [current] = await keys(CONTENT_STORE.pointerKey);
    expect(artifact!.modified.getTime()).toBeLessThanOrEqual(current!.modified.getTime());
  });
});

describe('the scheduled refresh', () => {
  it('publishes the next quarter in a quarter’s last month, keeps its source files, and finds nothing new on the next run', async () => {
    const files = given('current');
    const report = await refresh(files, '2026-09-15T06:00:00Z');
    expect(report.problems).toEqual([]);
    expect(report.outcome).toBe('published');
    expect(report.version).toBe('2026-10-01');
    const pointer = JSON.parse(await text(CONTENT_STORE.pointerKey)) as ContentPointer;
    expect(pointer).toMatchObject({ version: '2026-10-01', published_at: '2026-09-15T06:00:00.000Z' });
    const artifact = await text(pointer.key);
    expect(contentBuild(Buffer.from(artifact))).toBe(pointer.build);
    expect(JSON.parse(artifact).version).toBe('2026-10-01');
    const kept = (await keys(CONTENT_STORE.dataPrefix)).map((o) => o.key);
    expect(kept).toContain(`${CONTENT_STORE.dataPrefix}content_versions.csv`);
    expect(kept.some((k) => k.startsWith(`${CONTENT_STORE.dataPrefix}versions/2026-10-01/`))).toBe(true);
    expect(refreshMetricValues(report)).toMatchObject({ [CONTENT_REFRESH_METRICS.published]: 1, [CONTENT_REFRESH_METRICS.failed]: 0 });

    // The bundled data/ lacks 2026-10-01; the kept files bring it back, so the same files change nothing.
    const again = await refresh(files, '2026-10-02T06:00:00Z');
    expect(again).toMatchObject({ outcome: 'unchanged', previous: '2026-10-01' });
    expect(JSON.parse(await text(CONTENT_STORE.pointerKey))).toEqual(pointer);
  }, 120_000);

  it('leaves the pointer untouched when it refuses a file it cannot read', async () => {
    const before = await text(CONTENT_STORE.pointerKey);
    const broken = given('broken', (path) =>
      writeFileSync(
        join(path, 'taxrates.txt'),
        readFileSync(join(FIXTURES, 'taxrates.txt'), 'utf8').replace('Addison \t2057217\t0.01', 'Addison \t2057217\t1%'),
      ),
    );
    const artifacts = await keys(CONTENT_STORE.artifactPrefix);
    const report = await refresh(broken, '2026-12-25T06:00:00Z');
    expect(report.outcome).toBe('refused');
    expect(report.problems.map((p) => p.kind)).toEqual(['unreadable']);
    expect(refreshMetricValues(report)).toMatchObject({ [CONTENT_REFRESH_METRICS.unreadable]: 1, [CONTENT_REFRESH_METRICS.published]: 0 });
    expect(await text(CONTENT_STORE.pointerKey)).toBe(before);
    expect(await keys(CONTENT_STORE.artifactPrefix)).toEqual(artifacts);
  }, 120_000);
});
