// `npm run bench`: the figures the issues ask for, measured on this machine. Its last line is one
// JSON object holding every figure.
//   - cold start: bundle bytes and module init ms of every esbuild bundle (fresh process each)
//   - content: load ms of the tax-content artifact in a fresh process (median of 5)
//   - engine: documents/second of a 10-line document on one core, p50/p99 µs per document, run as
//     an esbuild bundle with the functions' options (tsx's dev transpile wraps closures and would
//     understate it)
//   - HTTP through the local runner (its own process, DynamoDB Local, one key with a raised limit):
//     GET /config, POST /calculations, POST /transactions — requests/second and p99 ms
//   - DynamoDB calls per commit, refund and lookup of a warm function (default limits, and a key
//     whose high limit lets the process lease rate tokens)
//   - batches: 500 ten-line items calculated, and committed, submit → completed (scripts/bench-batches.ts)
//   - return jobs: 5,000 summary items over a client with 20,000 documents (scripts/bench-returns.ts)
//   - hostile input (scripts/lib/fuzz.ts): fuzz_cases generated requests, fuzz_5xx (must be 0)
//   - restart_recovery_s (scripts/bench-durability.ts): start on a data directory with 100,000
//     documents until ready; with `--soak` also soak_rss_growth_mb (SOAK_SECONDS, default 600)
//   - webhooks: commit → receiver latency and deliveries per second (scripts/bench-webhooks.ts)
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { CONTENT_ARTIFACT, esbuildOptions } from '../lib/bundling';
import { inProcess } from '../lib/local/invoke';
import { PROJECT_ROOT } from '../lib/paths';
import { batchFigures, erpLoadSeconds } from './bench-batches';
import { TEN_LINES } from './bench-document';
import { RETURNS_SEED, returnJobFigures } from './bench-returns';
import { restartRecovery, soak } from './bench-durability';
import { runFuzz } from './lib/fuzz';
import { bundleAll } from './bundle';
import { WEBHOOKS_SEED_ACCOUNT, webhookFigures } from './bench-webhooks';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
const HTTP_SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 5);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const KEY = 'stx_test_bench000000000000000000';
/** A key at the contract's default limits: one rate-counter write per request. */
const DEFAULT_KEY = 'stx_test_benchdefault0000000000';

const percentile = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const round = (x: number, digits = 1): number => Math.round(x * 10 ** digits) / 10 ** digits;
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function coldStarts(bundles: { id: string; file: string }[]): Record<string, number> {
  const probe = 'const t=performance.now(); await import(process.argv[1]); process.stdout.write(String(performance.now()-t));';
  const env = { ...process.env, AWS_REGION: 'us-east-1', TABLE_NAME: 'bench', IDEMPOTENCY_TABLE_NAME: 'bench' };
  return Object.fromEntries(
    bundles.map((b) => [
      b.id,
      round(Number(execFileSync(process.execPath, ['--input-type=module', '-e', probe, pathToFileURL(b.file).href], { env }).toString())),
    ]),
  );
}

/**
 * The engine loop (scripts/bench-engine.ts) bundled like a function and run in fresh processes:
 * the content load (median of 5 cold loads) and the engine throughput.
 */
async function engine(): Promise<{ docsPerSec: number; p50: number; p99: number; contentLoadMs: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'stx-engine-'));
  try {
    const file = join(dir, 'engine.mjs');
    await build(esbuildOptions('scripts/bench-engine.ts', file));
    const env = { ...process.env, TAX_CONTENT_FILE: join(PROJECT_ROOT, CONTENT_ARTIFACT) };
    const run = (arg: string) => JSON.parse(execFileSync(process.execPath, [file, arg], { env }).toString());
    const contentLoadMs = median(Array.from({ length: 5 }, () => run('content').contentLoadMs as number));
    const result = run('200000') as { docsPerSec: number; p50: number; p99: number };
    return { docsPerSec: result.docsPerSec, p50: round(result.p50, 2), p99: round(result.p99, 2), contentLoadMs: round(contentLoadMs) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

interface Server {
  readonly url: string;
  readonly dynamo: string;
  stop(): void;
}

async function startServer(): Promise<Server> {
  const dir = mkdtempSync(join(tmpdir(), 'stx-bench-'));
  const seed = join(dir, 'seed.json');
  writeFileSync(
    seed,
    JSON.stringify({
      accounts: [
        {
          id: 'acct_bench',
          name: 'Bench',
          modules: ['api_access'],
          // Raised batch bucket too: the ERP load submits 20 batches at once.
          rate_limits: { general: 10_000_000, batch_submissions: 1_000 },
          keys: [{ key: KEY, environment: 'sandbox', scopes: ['*'] }],
        },
        {
          id: 'acct_bench_default',
          name: 'Bench, default limits',
          modules: ['api_access'],
          keys: [{ key: DEFAULT_KEY, environment: 'sandbox', scopes: ['*'] }],
        },
        ...RETURNS_SEED.accounts,
        WEBHOOKS_SEED_ACCOUNT,
      ],
      practices: RETURNS_SEED.practices,
    }),
  );
  const child = spawn(process.execPath, ['--import', 'tsx', 'bin/local.ts'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, PORT: '0', TAX_SEED_FILE: seed, STX_IN_MEMORY: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  let out = '';
  const ready = await new Promise<{ url: string; dynamo: string }>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /^ready: (\S+)$/m.exec(out)?.[1];
      if (url) resolve({ url, dynamo: /DynamoDB Local (\S+),/.exec(out)![1]! });
    });
    child.once('exit', (code) => reject(new Error(`local runner exited with ${code}`)));
  });
  return {
    ...ready,
    stop: () => {
      process.kill(-child.pid!, 'SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Closed-loop load: CONCURRENCY clients, each sending the next request on reply, for WARMUP
 * seconds (discarded: JIT of the runner and of DynamoDB Local's JVM) then HTTP_SECONDS measured.
 */
async function load(
  server: Server,
  request: (i: number) => { method: string; path: string; body?: unknown },
  okStatus: number,
): Promise<{ rps: number; p99: number; errors: number }> {
  await drive(server, request, okStatus, WARMUP_SECONDS);
  return drive(server, request, okStatus, HTTP_SECONDS);
}

let counter = 0;
async function drive(
  server: Server,
  request: (i: number) => { method: string; path: string; body?: unknown },
  okStatus: number,
  seconds: number,
): Promise<{ rps: number; p99: number; errors: number }> {
  const latencies: number[] = [];
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        const { method, path, body } = request(counter++);
        const t = performance.now();
        const res = await fetch(server.url + path, {
          method,
          headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        await res.arrayBuffer();
        latencies.push(performance.now() - t);
        if (res.status !== okStatus) errors++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { rps: Math.round(latencies.length / seconds), p99: round(percentile(latencies, 99), 2), errors };
}

async function dynamoCalls(dynamoEndpoint: string, key: string): Promise<{ commit: number; refund: number; lookup: number }> {
  const { invoke, dynamoCalls: calls } = inProcess(dynamoEndpoint);
  const sale = (code: string) => ({ code, ...TEN_LINES });
  const tag = key === KEY ? 'leased' : 'default';
  const counted = async (fn: () => Promise<unknown>) => {
    const before = await calls();
    await fn();
    return (await calls()) - before;
  };
  await invoke('POST', '/api/v1/transactions', key, sale(`bench-warm-${tag}`));
  const commit = await counted(() => invoke('POST', '/api/v1/transactions', key, sale(`bench-calls-${tag}`)));
  const refund = await counted(() =>
    invoke('POST', `/api/v1/transactions/bench-calls-${tag}/refunds`, key, { refund_code: `bench-calls-${tag}-r1`, lines: [{ number: '1', amount: 10 }] }),
  );
  const lookup = await counted(() => invoke('GET', `/api/v1/transactions/bench-calls-${tag}`, key));
  return { commit, refund, lookup };
}

const bundles = await bundleAll();
const init = coldStarts(bundles);
const bundleBytes = Object.fromEntries(bundles.map((b) => [b.id, b.bytes]));
console.log('function                  bundle KiB   init ms');
for (const b of [...bundles].sort((a, c) => c.bytes - a.bytes))
  console.log(`${b.id.padEnd(26)}${(b.bytes / 1024).toFixed(1).padStart(10)}${String(init[b.id]).padStart(10)}`);

const eng = await engine();
const contentMs = eng.contentLoadMs;
console.log(`content load (read + parse + index, fresh process, median of 5): ${contentMs} ms`);
console.log(`engine (esbuild bundle as deployed), 10-line document, one core: ${eng.docsPerSec} docs/s, p50 ${eng.p50} µs, p99 ${eng.p99} µs`);

const SOAK_SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const restartDocuments = Number(process.env.BENCH_RESTART_DOCUMENTS ?? 100_000);
const restart = await restartRecovery(restartDocuments, console.log);
console.log(`restart on a data directory with ${restartDocuments} documents: ready in ${restart} s`);
const soaked = process.argv.includes('--soak') ? await soak(SOAK_SECONDS, console.log) : null;
if (soaked)
  console.log(`soak (${SOAK_SECONDS} s, ${soaked.requests} requests): runner RSS grew ${soaked.rssGrowthMb} MB; statuses ${JSON.stringify(soaked.statuses)}`);

const server = await startServer();
try {
  const config = await load(server, () => ({ method: 'GET', path: '/api/v1/config' }), 200);
  console.log(
    `GET /config: ${config.rps} req/s, p99 ${config.p99} ms (${CONCURRENCY} clients, ${WARMUP_SECONDS} s warm-up, ${HTTP_SECONDS} s measured, ${config.errors} errors)`,
  );
  const calcs = await load(server, () => ({ method: 'POST', path: '/api/v1/calculations', body: TEN_LINES }), 200);
  console.log(`POST /calculations (10 lines): ${calcs.rps} req/s, p99 ${calcs.p99} ms (${calcs.errors} errors)`);
  const run = Date.now().toString(36);
  const commits = await load(server, (i) => ({ method: 'POST', path: '/api/v1/transactions', body: { code: `bench-${run}-${i}`, ...TEN_LINES } }), 201);
  console.log(`POST /transactions (10 lines): ${commits.rps} req/s, p99 ${commits.p99} ms (${commits.errors} errors)`);
  const fuzz = await runFuzz(server.url, KEY, Number(process.env.BENCH_FUZZ_CASES ?? 2000));
  console.log(`hostile input: ${fuzz.cases} generated requests, ${fuzz.fiveXx} answered 5xx, ${fuzz.failures.length} broke an invariant`);
  for (const failure of fuzz.failures) console.log(`  ${failure}`);
  const calls = await dynamoCalls(server.dynamo, DEFAULT_KEY);
  const leased = await dynamoCalls(server.dynamo, KEY);
  console.log(`DynamoDB calls per request (warm), default limits: commit ${calls.commit}, refund ${calls.refund}, lookup ${calls.lookup}`);
  console.log(`DynamoDB calls per request (warm), key with leased tokens: commit ${leased.commit}, refund ${leased.refund}, lookup ${leased.lookup}`);
  const batches = await batchFigures(server.url, KEY);
  console.log(
    `batch of 500 ten-line items: calculate ${batches.calc500Seconds} s, commit ${batches.commit500Seconds} s (submit → completed); ${batches.itemsPerSecond} items/s`,
  );
  const erp = await erpLoadSeconds(server.url, KEY);
  console.log(`ERP loader, 10,000 invoices from CSV committed through stx batch: ${erp} s`);
  const returns = await returnJobFigures(server.url, server.dynamo);
  console.log(
    `return job of 5,000 items over ${returns.documents} documents (committed in ${returns.commitSeconds} s): ${returns.jobSeconds} s; DynamoDB requests per item in a chunk of 25 ${returns.itemDynamoCalls} (summaries without documents: ${returns.itemDynamoCallsSmallMonth})`,
  );
  const hooks = await webhookFigures(server.url);
  console.log(
    `webhooks (commit → loopback receiver, sequential): p50 ${hooks.p50Ms} ms, p99 ${hooks.p99Ms} ms; ${hooks.deliveriesPerSecond} deliveries/s (400 commits from 8 clients, committed at ${hooks.burstCommitsPerSecond}/s)`,
  );
  console.log(
    JSON.stringify({
      bundle_bytes_max: Math.max(...Object.values(bundleBytes)),
      init_ms_max: Math.max(...Object.values(init)),
      http_config_rps: config.rps,
      http_config_p99_ms: config.p99,
      engine_docs_per_sec: eng.docsPerSec,
      engine_p50_us: eng.p50,
      engine_p99_us: eng.p99,
      content_load_ms: contentMs,
      calculations_bundle_bytes: bundleBytes['calculations-create'],
      http_calculations_rps: calcs.rps,
      http_calculations_p99_ms: calcs.p99,
      http_commits_rps: commits.rps,
      http_commits_p99_ms: commits.p99,
      ddb_calls_commit: calls.commit,
      ddb_calls_refund: calls.refund,
      ddb_calls_lookup: calls.lookup,
      ddb_calls_commit_leased: leased.commit,
      ddb_calls_refund_leased: leased.refund,
      ddb_calls_lookup_leased: leased.lookup,
      batch_500_calc_s: batches.calc500Seconds,
      batch_500_commit_s: batches.commit500Seconds,
      batch_items_per_sec: batches.itemsPerSecond,
      erp_10k_docs_s: erp,
      return_job_5000_s: returns.jobSeconds,
      return_job_item_ddb_reads: returns.itemDynamoCalls,
      fuzz_cases: fuzz.cases,
      fuzz_5xx: fuzz.fiveXx,
      restart_recovery_s: restart,
      ...(soaked ? { soak_rss_growth_mb: soaked.rssGrowthMb, soak_seconds: SOAK_SECONDS, soak_requests: soaked.requests } : {}),
      webhook_delivery_p50_ms: hooks.p50Ms,
      webhook_delivery_p99_ms: hooks.p99Ms,
      webhook_deliveries_per_sec: hooks.deliveriesPerSecond,
    }),
  );
} finally {
  server.stop();
}
process.exit(0);
