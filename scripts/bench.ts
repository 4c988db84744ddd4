// `npm run bench`: the figures the issues ask for, measured on this machine. Its last line is one
// JSON object holding every figure.
//   - cold start: bundle bytes and module init ms of every esbuild bundle (fresh process each)
//   - content: load ms of the tax-content artifact in a fresh process (median of 5)
//   - engine: documents/second of a 10-line document on one core, p50/p99 µs per document
//   - HTTP through the local runner (its own process, DynamoDB Local, one key with a raised limit):
//     GET /config, POST /calculations, POST /transactions — requests/second and p99 ms
//   - DynamoDB calls per commit, refund and lookup of a warm function
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as v from 'valibot';
import { taxContent } from '../functions/adapters/content/content-file';
import { calculate } from '../functions/core/tax/engine';
import type { EngineContext } from '../functions/core/tax/types';
import { CalculationRequestSchema } from '../functions/schemas/document';
import { inProcess } from '../lib/local/invoke';
import { PROJECT_ROOT } from '../lib/paths';
import { bundleAll } from './bundle';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
const HTTP_SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 5);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const KEY = 'stx_test_bench000000000000000000';

const percentile = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const round = (x: number, digits = 1): number => Math.round(x * 10 ** digits) / 10 ** digits;
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** A realistic 10-line document: mixed states, tax codes, a discount and a tax-included line. */
const TEN_LINES = {
  date: '2026-04-15',
  ship_to: { state: 'NY', zip: '10001' },
  lines: [
    { amount: 129.99, quantity: 1 },
    { amount: 45.5, tax_code: '20010', quantity: 2 },
    { amount: 12.49, tax_code: '40030' },
    { amount: 300, discount: 25 },
    { amount: 19.99, tax_code: '31000' },
    { amount: 88.88, tax_included: true },
    { amount: 250, ship_to: { state: 'TX', zip: '78701' } },
    { amount: 75.25, ship_to: { state: 'WA', zip: '98101' } },
    { amount: 9.99, tax_code: 'SHIPPING' },
    { amount: 1499, ship_to: { state: 'CA', zip: '94103' }, tax_code: '30070' },
  ],
};

function coldStarts(bundles: { id: string; file: string }[]): Record<string, number> {
  const probe = "const t=performance.now(); await import(process.argv[1]); process.stdout.write(String(performance.now()-t));";
  const env = { ...process.env, AWS_REGION: 'us-east-1', TABLE_NAME: 'bench', IDEMPOTENCY_TABLE_NAME: 'bench' };
  return Object.fromEntries(bundles.map((b) => [b.id, round(Number(execFileSync(process.execPath, ['--input-type=module', '-e', probe, pathToFileURL(b.file).href], { env }).toString()))]));
}

function contentLoadMs(): number {
  const probe = `import { taxContent, contentLoadMs } from ${JSON.stringify(pathToFileURL(join(PROJECT_ROOT, 'functions/adapters/content/content-file.ts')).href)}; taxContent(); process.stdout.write(String(contentLoadMs()));`;
  const runs = Array.from({ length: 5 }, () => Number(execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', probe], { cwd: PROJECT_ROOT }).toString()));
  return round(median(runs));
}

function engine(): { docsPerSec: number; p50: number; p99: number } {
  const content = taxContent();
  const ctx: EngineContext = {
    content,
    today: '2026-04-15',
    now: new Date('2026-04-15T00:00:00Z'),
    tenant: { accountId: 'bench', environment: 'sandbox' },
    settings: { nexus: 'all', illinois: { derive_seller_posture: false, in_state_selling_enabled: false }, declarationSecret: 'x', updatedAt: '' },
    locations: [],
    actingLocation: null,
    items: new Map(),
    certificates: new Map(),
    simulate: null,
  };
  const doc = v.parse(CalculationRequestSchema, TEN_LINES);
  for (let i = 0; i < 20_000; i++) calculate(doc, ctx);
  const n = 200_000;
  const times = new Float64Array(n);
  const start = process.hrtime.bigint();
  for (let i = 0; i < n; i++) {
    const t = process.hrtime.bigint();
    calculate(doc, ctx);
    times[i] = Number(process.hrtime.bigint() - t) / 1000;
  }
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const sorted = [...times].sort((a, b) => a - b);
  return { docsPerSec: Math.round(n / seconds), p50: round(percentile(sorted, 50), 2), p99: round(percentile(sorted, 99), 2) };
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
          rate_limits: { general: 10_000_000 },
          keys: [{ key: KEY, environment: 'sandbox', scopes: ['*'] }],
        },
      ],
    }),
  );
  const child = spawn(process.execPath, ['--import', 'tsx', 'bin/local.ts'], { cwd: PROJECT_ROOT, env: { ...process.env, PORT: '0', TAX_SEED_FILE: seed }, stdio: ['ignore', 'pipe', 'inherit'], detached: true });
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
async function load(server: Server, request: (i: number) => { method: string; path: string; body?: unknown }, okStatus: number): Promise<{ rps: number; p99: number; errors: number }> {
  await drive(server, request, okStatus, WARMUP_SECONDS);
  return drive(server, request, okStatus, HTTP_SECONDS);
}

let counter = 0;
async function drive(server: Server, request: (i: number) => { method: string; path: string; body?: unknown }, okStatus: number, seconds: number): Promise<{ rps: number; p99: number; errors: number }> {
  const latencies: number[] = [];
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        const { method, path, body } = request(counter++);
        const t = performance.now();
        const res = await fetch(server.url + path, { method, headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
        await res.arrayBuffer();
        latencies.push(performance.now() - t);
        if (res.status !== okStatus) errors++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { rps: Math.round(latencies.length / seconds), p99: round(percentile(latencies, 99), 2), errors };
}

async function dynamoCalls(dynamoEndpoint: string): Promise<{ commit: number; refund: number; lookup: number }> {
  const { invoke, dynamoCalls: calls } = inProcess(dynamoEndpoint);
  const sale = (code: string) => ({ code, ...TEN_LINES });
  const counted = async (fn: () => Promise<unknown>) => {
    const before = await calls();
    await fn();
    return (await calls()) - before;
  };
  await invoke('POST', '/api/v1/transactions', KEY, sale('bench-warm'));
  const commit = await counted(() => invoke('POST', '/api/v1/transactions', KEY, sale('bench-calls')));
  const refund = await counted(() => invoke('POST', '/api/v1/transactions/bench-calls/refunds', KEY, { refund_code: 'bench-calls-r1', lines: [{ number: '1', amount: 10 }] }));
  const lookup = await counted(() => invoke('GET', '/api/v1/transactions/bench-calls', KEY));
  return { commit, refund, lookup };
}

const bundles = await bundleAll();
const init = coldStarts(bundles);
const bundleBytes = Object.fromEntries(bundles.map((b) => [b.id, b.bytes]));
console.log('function                  bundle KiB   init ms');
for (const b of [...bundles].sort((a, c) => c.bytes - a.bytes)) console.log(`${b.id.padEnd(26)}${(b.bytes / 1024).toFixed(1).padStart(10)}${String(init[b.id]).padStart(10)}`);

const contentMs = contentLoadMs();
console.log(`content load (read + parse + index, fresh process, median of 5): ${contentMs} ms`);
const eng = engine();
console.log(`engine, 10-line document, one core: ${eng.docsPerSec} docs/s, p50 ${eng.p50} µs, p99 ${eng.p99} µs`);

const server = await startServer();
try {
  const config = await load(server, () => ({ method: 'GET', path: '/api/v1/config' }), 200);
  console.log(`GET /config: ${config.rps} req/s, p99 ${config.p99} ms (${CONCURRENCY} clients, ${WARMUP_SECONDS} s warm-up, ${HTTP_SECONDS} s measured, ${config.errors} errors)`);
  const calcs = await load(server, () => ({ method: 'POST', path: '/api/v1/calculations', body: TEN_LINES }), 200);
  console.log(`POST /calculations (10 lines): ${calcs.rps} req/s, p99 ${calcs.p99} ms (${calcs.errors} errors)`);
  const run = Date.now().toString(36);
  const commits = await load(server, (i) => ({ method: 'POST', path: '/api/v1/transactions', body: { code: `bench-${run}-${i}`, ...TEN_LINES } }), 201);
  console.log(`POST /transactions (10 lines): ${commits.rps} req/s, p99 ${commits.p99} ms (${commits.errors} errors)`);
  const calls = await dynamoCalls(server.dynamo);
  console.log(`DynamoDB calls per request (warm): commit ${calls.commit}, refund ${calls.refund}, lookup ${calls.lookup}`);
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
    }),
  );
} finally {
  server.stop();
}
process.exit(0);
