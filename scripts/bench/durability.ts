// Durability figures of `npm run bench`:
//   - restart_recovery_s: a runner started on a data directory holding N documents (100,000 by
//     default, BENCH_RESTART_DOCUMENTS), from spawn until it prints `ready:` — the documents are
//     cloned from one committed through the API, written with BatchWriteItem straight into DynamoDB
//     Local (25 per call, 32 calls in flight), so generating them does not dominate the run;
//   - soak_rss_growth_mb: how the runner's resident memory moved over a mixed-traffic soak
//     (`--soak`, SOAK_SECONDS, default 600: calculations, commits, lookups, lists, errors, and a key
//     driven past its limit — 429 with Retry-After expected, never a 5xx). RSS is sampled every 10 s;
//     the figure is the median of the last minute's samples minus the median of the first minute's
//     (after a 30 s warm-up): a leak lifts every sample, a garbage collector's heap growth lifts one.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { MAIN_TABLE } from '../../functions/manifest/resources';
import { localTableName } from '../../lib/local/provision';
import { TEN_LINES } from './document';
import { type Runner, startRunner } from './processes';

const KEY = 'stx_test_durable00000000000000000';
const LIMITED_KEY = 'stx_test_durablelimited0000000000';
const SEED = {
  accounts: [
    {
      id: 'acct_durable',
      name: 'Durability bench',
      modules: ['api_access'],
      nexus: 'all',
      rate_limits: { general: 1_000_000 },
      keys: [{ key: KEY, environment: 'sandbox', scopes: ['*'] }],
    },
    {
      id: 'acct_durable_limited',
      name: 'Durability bench, default limits',
      modules: ['api_access'],
      keys: [{ key: LIMITED_KEY, environment: 'sandbox', scopes: ['*'] }],
    },
  ],
};

/** A runner of this bench (tracked: a killed bench stops it), on `env`, with the durability seed. */
const durableRunner = (env: Record<string, string>): Promise<Runner> => startRunner({ seed: SEED, env: { LOG_LEVEL: 'ERROR', ...env }, stderr: 'keep' });

const call = (runner: Runner, method: string, path: string, body?: unknown, key = KEY) =>
  fetch(`${runner.url}/api/v1${path}`, {
    method,
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** Seconds from spawn to `ready:` of a runner on a data directory holding `documents` documents. */
export async function restartRecovery(documents: number, log: (line: string) => void): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'stx-restart-'));
  const env = { STX_DATA_DIR: join(dir, 'data') };
  try {
    const first = await durableRunner(env);
    // A one-line document: DynamoDB Local's SQLite writes cost by size, and the figure is about the count.
    const res = await call(first, 'POST', '/transactions', {
      code: 'TEMPLATE-0',
      date: '2026-04-15',
      ship_to: { state: 'NY', zip: '10001' },
      lines: [{ amount: 10 }],
    });
    if (res.status !== 201) throw new Error(`template commit: ${res.status}`);
    const db = DynamoDBDocumentClient.from(
      new DynamoDBClient({ endpoint: first.dynamo, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
    );
    const table = localTableName(MAIN_TABLE);
    const template = (
      await db.send(
        new QueryCommand({ TableName: table, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': 'TXN#acct_durable#sandbox#TEMPLATE-0' } }),
      )
    ).Items!;
    const clone = (i: number) =>
      template.map((item) => Object.fromEntries(Object.entries(item).map(([k, v]) => [k, typeof v === 'string' ? v.replaceAll('TEMPLATE-0', `DOC-${i}`) : v])));
    const started = performance.now();
    let next = 0;
    const perCall = Math.max(1, Math.floor(25 / template.length));
    await Promise.all(
      Array.from({ length: 32 }, async () => {
        while (next < documents) {
          const from = next;
          next += perCall;
          let requests = Array.from({ length: Math.min(perCall, documents - from) }, (_, j) => clone(from + j))
            .flat()
            .map((Item) => ({ PutRequest: { Item } }));
          while (requests.length > 0) {
            const out = await db.send(new BatchWriteCommand({ RequestItems: { [table]: requests } }));
            requests = (out.UnprocessedItems?.[table] ?? []) as typeof requests;
          }
        }
      }),
    );
    log(`restart: ${documents} documents written in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    db.destroy();
    await first.stop();
    const t = performance.now();
    const second = await durableRunner(env);
    const seconds = (performance.now() - t) / 1000;
    const probe = await call(second, 'GET', `/transactions/DOC-${documents - 1}`);
    if (probe.status !== 200) throw new Error(`a generated document is missing after the restart (${probe.status})`);
    await second.stop();
    return Math.round(seconds * 10) / 10;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const rssMb = (pid: number): number => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** Mixed traffic for `seconds` after a 30 s warm-up; the runner's RSS growth (MB) and status counts. */
export async function soak(seconds: number, log: (line: string) => void): Promise<{ rssGrowthMb: number; statuses: Record<string, number>; requests: number }> {
  const runner = await durableRunner({ STX_IN_MEMORY: '1' });
  const statuses: Record<string, number> = {};
  let requests = 0;
  let n = 0;
  // Lookups and refunds target documents whose commit was answered (a code merely sent may still be in flight).
  const committed: string[] = [];
  const recent = (i: number): string => committed[committed.length - 1 - (i % Math.min(committed.length, 50))] ?? 'SOAK-none';
  const mixed = (i: number): [string, string, unknown?, string?] => {
    switch (i % 8) {
      case 0:
        return ['POST', '/calculations', TEN_LINES];
      case 1:
        return ['POST', '/transactions', { code: `SOAK-${i}`, ...TEN_LINES }];
      case 2:
        return ['GET', `/transactions/${recent(i)}`];
      case 3:
        return ['GET', '/transactions?limit=25'];
      case 4:
        return ['POST', '/calculations', { lines: 'x' }]; // 422
      case 5:
        return ['GET', '/config', undefined, LIMITED_KEY]; // past 60/min: 429
      case 6:
        return ['GET', '/transactions/nope-at-all']; // 404
      default:
        return ['POST', `/transactions/${recent(i)}/refunds`, { refund_code: `SOAK-R-${i}`, lines: [{ number: '1', amount: 1 }] }];
    }
  };
  const drive = async (forSeconds: number, count: boolean) => {
    const until = performance.now() + forSeconds * 1000;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (performance.now() < until) {
          const [method, path, body, key] = mixed(n++);
          const res = await call(runner, method, path, body, key);
          await res.arrayBuffer();
          if (res.status === 201 && method === 'POST' && path === '/transactions') committed.push((body as { code: string }).code);
          if (res.status === 429 && !res.headers.get('retry-after')) statuses['429_without_retry_after'] = (statuses['429_without_retry_after'] ?? 0) + 1;
          if (count) {
            requests++;
            statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          }
        }
      }),
    );
  };
  try {
    await drive(30, false);
    const t = performance.now();
    const samples: { at: number; mb: number }[] = [];
    const sampler = setInterval(() => samples.push({ at: (performance.now() - t) / 1000, mb: rssMb(runner.child.pid!) }), 10_000);
    const steps = Math.max(1, Math.round(seconds / 60));
    for (let s = 0; s < steps; s++) {
      await drive(seconds / steps, true);
      log(`soak: ${Math.round((performance.now() - t) / 1000)} s, runner RSS ${rssMb(runner.child.pid!).toFixed(1)} MB`);
    }
    clearInterval(sampler);
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    const first = median(samples.filter((x) => x.at <= 60).map((x) => x.mb));
    const last = median(samples.filter((x) => x.at >= seconds - 60).map((x) => x.mb));
    log(
      `soak: RSS median ${first.toFixed(1)} MB in the first minute, ${last.toFixed(1)} MB in the last; samples ${samples.map((x) => x.mb.toFixed(0)).join(' ')}`,
    );
    return { rssGrowthMb: Math.round((last - first) * 10) / 10, statuses, requests };
  } finally {
    await runner.stop();
  }
}
