// `npm run bench`: the figures the issues ask for, measured on this machine. Its last line is one
// JSON object holding every figure (nothing follows it: the runners it started are stopped first).
//   - cold start: bundle bytes and module init ms of every esbuild bundle (fresh process each)
//   - content: load ms of the tax-content artifact in a fresh process (median of 5)
//   - engine: documents/second of a 10-line document on one core, p50/p99 µs per document, run as
//     an esbuild bundle with the functions' options (tsx's dev transpile wraps closures and would
//     understate it); engine_vs_peer: this engine's lines/second over npm `sales-tax`'s lookups per
//     second, alternating in one process on the same ZIPs (scripts/bench/engine.ts; median of 3 runs)
//   - HTTP through the local runner (its own process, DynamoDB Local, one key with a raised limit):
//     GET /config, POST /calculations, POST /transactions — requests/second and p99 ms
//   - DynamoDB calls per commit, refund and lookup of a warm function (default limits, and a key
//     whose high limit lets the process lease rate tokens)
//   - capacity (scripts/bench/capacity.ts): per calculation and commit, the handler's duration, its
//     wait on DynamoDB, the items it writes with their sizes, and the request units they cost on AWS
//   - batches: 500 ten-line items calculated, and committed, submit → completed (scripts/bench/batches.ts)
//   - return jobs: 5,000 summary items over a client with 20,000 documents (scripts/bench/returns.ts)
//   - hostile input (scripts/bench/fuzz.ts): fuzz_cases generated requests, fuzz_5xx (must be 0)
//   - restart_recovery_s (scripts/bench/durability.ts): start on a data directory with 100,000
//     documents until ready; with `--soak` also soak_rss_growth_mb (SOAK_SECONDS, default 600)
//   - webhooks: commit → receiver latency and deliveries per second (scripts/bench/webhooks.ts)
// `--quick` measures only what is fast (cold starts, content, engine, the peer ratio, HTTP config,
// calculations and commits, DynamoDB calls, capacity): about two minutes. `--only <parts>` (comma-separated:
// init, engine, http, calls, capacity, fuzz, batches, erp, returns, webhooks, restart) narrows a run further.
// Killed by SIGINT, SIGTERM or SIGHUP at any point, it stops every process it started
// (scripts/bench/processes.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { CONTENT_ARTIFACT, esbuildOptions } from '../lib/bundling';
import { commandLine, refuse } from '../lib/command-line';
import { inProcess } from '../lib/local/invoke';
import { PROJECT_ROOT } from '../lib/paths';
import { batchFigures, erpLoadSeconds } from './bench/batches';
import { authorizerMicros, CAPACITY_SEED_ACCOUNT, capacityFigures, capacityOperations } from './bench/capacity';
import { TEN_LINES } from './bench/document';
import { RETURNS_SEED, returnJobFigures } from './bench/returns';
import { restartRecovery, soak } from './bench/durability';
import { runFuzz } from './bench/fuzz';
import { bundleAll } from './bundle';
import { WEBHOOKS_SEED_ACCOUNT, webhookFigures } from './bench/webhooks';
import { run, startRunner, stopAll, stopOnSignals, type Runner } from './bench/processes';
import { closedLoop, type LoadRequest } from './bench/http-load';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
stopOnSignals();

const PARTS = ['init', 'engine', 'http', 'calls', 'capacity', 'fuzz', 'batches', 'erp', 'returns', 'webhooks', 'restart'] as const;
type Part = (typeof PARTS)[number];
const QUICK_PARTS: readonly Part[] = ['init', 'engine', 'http', 'calls', 'capacity'];
const spec = {
  command: 'npm run bench --',
  summary:
    'Measures the service on this machine: cold starts, content load, engine throughput and engine_vs_peer, HTTP rates through the local runner, DynamoDB calls, batches, the ERP loader, return jobs, hostile input, restart and webhooks. Its last line is one JSON object with every figure. About 5 minutes with BENCH_RESTART_DOCUMENTS=5000; other work on the machine distorts the figures.',
  options: {
    quick: { type: 'boolean', description: `only what is fast (${QUICK_PARTS.join(', ')}): about two minutes` },
    only: { type: 'string', value: '<parts>', description: `comma-separated parts to run: ${PARTS.join(', ')}` },
    soak: { type: 'boolean', description: 'also a soak of SOAK_SECONDS (default 600) of mixed traffic, reporting RSS growth' },
  },
  environment: {
    BENCH_RESTART_DOCUMENTS: 'documents on the data directory of the restart case (default 100000)',
    BENCH_HTTP_SECONDS: 'seconds measured per HTTP figure (default 5)',
    BENCH_WARMUP_SECONDS: 'warm-up before each HTTP figure (default 2)',
    BENCH_COMMIT_WARMUP_SECONDS: 'warm-up before the commit figure (default 30)',
    BENCH_CONCURRENCY: 'HTTP clients (default 8)',
    BENCH_FUZZ_CASES: 'hostile requests generated (default 2000)',
    SOAK_SECONDS: 'length of --soak (default 600)',
  },
  notes: ['docs/contributing.md, "Benchmarks", says what each figure measures and how to read it.'],
} as const;
const { values } = commandLine(spec);
const QUICK = values.quick === true;
const only = values.only === undefined ? null : values.only.split(',');
if (only?.some((p) => !(PARTS as readonly string[]).includes(p))) refuse(spec, `--only takes ${PARTS.join(', ')}`);
const runs = (part: Part): boolean => (only ? only.includes(part) : !QUICK || QUICK_PARTS.includes(part));

const HTTP_SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 5);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
/**
 * Commits are warmed up longer: they are bound by DynamoDB Local's JVM, whose C2 compiler needs
 * about half a minute of transactions to reach its steady speed (a runner lives longer than that).
 */
const COMMIT_WARMUP_SECONDS = Number(process.env.BENCH_COMMIT_WARMUP_SECONDS ?? 30);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const KEY = 'stx_test_bench000000000000000000';
/** A key at the contract's default limits: one rate-counter write per request. */
const DEFAULT_KEY = 'stx_test_benchdefault0000000000';

const round = (x: number, digits = 1): number => Math.round(x * 10 ** digits) / 10 ** digits;
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Module init ms of each bundle, each in a fresh process, one after the other. */
async function coldStarts(bundles: { id: string; file: string }[]): Promise<Record<string, number>> {
  const probe = 'const t=performance.now(); await import(process.argv[1]); process.stdout.write(String(performance.now()-t));';
  const env = {
    ...process.env,
    AWS_REGION: 'us-east-1',
    TABLE_NAME: 'bench',
    IDEMPOTENCY_TABLE_NAME: 'bench',
    SUMMARY_TABLE_NAME: 'bench',
    USAGE_TABLE_NAME: 'bench',
  };
  const init: Record<string, number> = {};
  for (const b of bundles) init[b.id] = round(Number(await run(process.execPath, ['--input-type=module', '-e', probe, pathToFileURL(b.file).href], { env })));
  return init;
}

interface EngineFigures {
  readonly docsPerSec: number;
  readonly p50: number;
  readonly p99: number;
  readonly contentLoadMs: number;
  readonly versus: { readonly engineLinesPerSec: number; readonly peerLinesPerSec: number; readonly ratio: number };
  readonly boundaries: { readonly p50: number; readonly p99: number; readonly buildMs: number };
}

/**
 * The engine loops (scripts/bench/engine.ts) bundled like a function and run in fresh processes:
 * the content load (median of 5 cold loads), the engine throughput, and the comparison with the
 * peer (the run with the median ratio of 3).
 */
async function engine(): Promise<EngineFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'stx-engine-'));
  try {
    const file = join(dir, 'engine.mjs');
    await build(esbuildOptions('scripts/bench/engine.ts', file));
    const env = { ...process.env, TAX_CONTENT_FILE: join(PROJECT_ROOT, CONTENT_ARTIFACT) };
    const runJson = async (...a: string[]) => JSON.parse(await run(process.execPath, [file, ...a], { env }));
    const loads: number[] = [];
    for (let i = 0; i < 5; i++) loads.push((await runJson('content')).contentLoadMs as number);
    const result = (await runJson('engine', '200000')) as { docsPerSec: number; p50: number; p99: number };
    const versus: EngineFigures['versus'][] = [];
    for (let i = 0; i < 3; i++) versus.push(await runJson('versus', '3000'));
    versus.sort((a, b) => a.ratio - b.ratio);
    const boundaries = (await runJson('boundaries', '200000')) as EngineFigures['boundaries'];
    return {
      docsPerSec: result.docsPerSec,
      p50: round(result.p50, 2),
      p99: round(result.p99, 2),
      contentLoadMs: round(median(loads)),
      versus: versus[1]!,
      boundaries: { p50: round(boundaries.p50, 2), p99: round(boundaries.p99, 2), buildMs: boundaries.buildMs },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const BENCH_SEED = {
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
    CAPACITY_SEED_ACCOUNT,
  ],
  practices: RETURNS_SEED.practices,
};

/**
 * Closed-loop load: CONCURRENCY clients, each sending the next request on reply, for WARMUP
 * seconds (discarded: JIT of the runner and of DynamoDB Local's JVM) then HTTP_SECONDS measured.
 */
let sent = 0;
async function load(
  server: Runner,
  request: (i: number) => LoadRequest,
  okStatus: number,
  warmupSeconds = WARMUP_SECONDS,
): Promise<{ rps: number; p99: number; errors: number }> {
  // One numbering across warm-up and measurement: each commit's code is new.
  const numbered = () => request(sent++);
  await closedLoop(server.url, KEY, numbered, okStatus, warmupSeconds, CONCURRENCY);
  return closedLoop(server.url, KEY, numbered, okStatus, HTTP_SECONDS, CONCURRENCY);
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

/** Every figure measured, in the order of the final JSON line. */
const figures: Record<string, number> = {};

if (runs('init')) {
  const bundles = await bundleAll();
  const init = await coldStarts(bundles);
  console.log('function                  bundle KiB   init ms');
  for (const b of [...bundles].sort((a, c) => c.bytes - a.bytes))
    console.log(`${b.id.padEnd(26)}${(b.bytes / 1024).toFixed(1).padStart(10)}${String(init[b.id]).padStart(10)}`);
  figures.bundle_bytes_max = Math.max(...bundles.map((b) => b.bytes));
  figures.init_ms_max = Math.max(...Object.values(init));
  figures.calculations_bundle_bytes = bundles.find((b) => b.id === 'calculations-create')!.bytes;
}

if (runs('engine')) {
  const eng = await engine();
  console.log(`content load (read + parse + index, fresh process, median of 5): ${eng.contentLoadMs} ms`);
  console.log(`engine (esbuild bundle as deployed), 10-line document, one core: ${eng.docsPerSec} docs/s, p50 ${eng.p50} µs, p99 ${eng.p99} µs`);
  console.log(
    `engine vs npm sales-tax, same 1,000 ZIPs, alternating rounds, CPU time (median of 3 runs): ${eng.versus.engineLinesPerSec} lines/s vs ${eng.versus.peerLinesPerSec} lookups/s = ${eng.versus.ratio}`,
  );
  console.log(
    `coordinate lookup in official boundaries (540 areas of 400 vertices): p50 ${eng.boundaries.p50} µs, p99 ${eng.boundaries.p99} µs; a state's index built in ${eng.boundaries.buildMs} ms`,
  );
  Object.assign(figures, {
    boundary_lookup_p99_us: eng.boundaries.p99,
    engine_docs_per_sec: eng.docsPerSec,
    engine_p50_us: eng.p50,
    engine_p99_us: eng.p99,
    content_load_ms: eng.contentLoadMs,
    engine_lines_per_sec: eng.versus.engineLinesPerSec,
    peer_lines_per_sec: eng.versus.peerLinesPerSec,
    engine_vs_peer: eng.versus.ratio,
  });
}

if (runs('restart')) {
  const restartDocuments = Number(process.env.BENCH_RESTART_DOCUMENTS ?? 100_000);
  figures.restart_recovery_s = await restartRecovery(restartDocuments, console.log);
  console.log(`restart on a data directory with ${restartDocuments} documents: ready in ${figures.restart_recovery_s} s`);
}
if (!QUICK && !only && values.soak === true) {
  const SOAK_SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
  const soaked = await soak(SOAK_SECONDS, console.log);
  console.log(`soak (${SOAK_SECONDS} s, ${soaked.requests} requests): runner RSS grew ${soaked.rssGrowthMb} MB; statuses ${JSON.stringify(soaked.statuses)}`);
  Object.assign(figures, { soak_rss_growth_mb: soaked.rssGrowthMb, soak_seconds: SOAK_SECONDS, soak_requests: soaked.requests });
}

const SERVER_PARTS: readonly Part[] = ['http', 'calls', 'capacity', 'fuzz', 'batches', 'erp', 'returns', 'webhooks'];
if (SERVER_PARTS.some(runs)) {
  const server = await startRunner({ seed: BENCH_SEED, env: { STX_IN_MEMORY: '1' } });
  console.log(`local runner ready: ${server.url} (pid ${server.child.pid})`);
  try {
    if (runs('http')) {
      const config = await load(server, () => ({ method: 'GET', path: '/api/v1/config' }), 200);
      console.log(
        `GET /config: ${config.rps} req/s, p99 ${config.p99} ms (${CONCURRENCY} clients, ${WARMUP_SECONDS} s warm-up, ${HTTP_SECONDS} s measured, ${config.errors} errors)`,
      );
      const calcs = await load(server, () => ({ method: 'POST', path: '/api/v1/calculations', body: TEN_LINES }), 200);
      console.log(`POST /calculations (10 lines): ${calcs.rps} req/s, p99 ${calcs.p99} ms (${calcs.errors} errors)`);
      const tag = Date.now().toString(36);
      const commits = await load(
        server,
        (i) => ({ method: 'POST', path: '/api/v1/transactions', body: { code: `bench-${tag}-${i}`, ...TEN_LINES } }),
        201,
        Math.max(WARMUP_SECONDS, COMMIT_WARMUP_SECONDS),
      );
      console.log(
        `POST /transactions (10 lines): ${commits.rps} req/s, p99 ${commits.p99} ms (${Math.max(WARMUP_SECONDS, COMMIT_WARMUP_SECONDS)} s warm-up, ${commits.errors} errors)`,
      );
      Object.assign(figures, {
        http_config_rps: config.rps,
        http_config_p99_ms: config.p99,
        http_calculations_rps: calcs.rps,
        http_calculations_p99_ms: calcs.p99,
        http_commits_rps: commits.rps,
        http_commits_p99_ms: commits.p99,
      });
    }
    if (runs('fuzz')) {
      const fuzz = await runFuzz(server.url, KEY, Number(process.env.BENCH_FUZZ_CASES ?? 2000));
      console.log(`hostile input: ${fuzz.cases} generated requests, ${fuzz.fiveXx} answered 5xx, ${fuzz.failures.length} broke an invariant`);
      for (const failure of fuzz.failures) console.log(`  ${failure}`);
      Object.assign(figures, { fuzz_cases: fuzz.cases, fuzz_5xx: fuzz.fiveXx });
    }
    if (runs('calls')) {
      const calls = await dynamoCalls(server.dynamo, DEFAULT_KEY);
      const leased = await dynamoCalls(server.dynamo, KEY);
      console.log(`DynamoDB calls per request (warm), default limits: commit ${calls.commit}, refund ${calls.refund}, lookup ${calls.lookup}`);
      console.log(`DynamoDB calls per request (warm), key with leased tokens: commit ${leased.commit}, refund ${leased.refund}, lookup ${leased.lookup}`);
      Object.assign(figures, {
        ddb_calls_commit: calls.commit,
        ddb_calls_refund: calls.refund,
        ddb_calls_lookup: calls.lookup,
        ddb_calls_commit_leased: leased.commit,
        ddb_calls_refund_leased: leased.refund,
        ddb_calls_lookup_leased: leased.lookup,
      });
    }
    if (runs('capacity')) {
      const capacity = await capacityFigures(server.dynamo, KEY, capacityOperations(KEY));
      console.log(
        'per request (in this process, warm, one at a time)   p50 ms  p99 ms  DynamoDB p50 ms  CPU p50 ms    WRU   RRU  requests: items written (bytes, +GSI1)',
      );
      for (const c of capacity) {
        const requests = c.requests
          .map((r) => `${r.op}${r.items.length ? `(${r.items.map((it) => `${it.table} ${it.bytes}${it.indexed ? '+GSI1' : ''}`).join(', ')})` : ''}`)
          .join('; ');
        console.log(
          `${c.name.padEnd(52)}${String(c.durationP50Ms).padStart(7)}${String(c.durationP99Ms).padStart(8)}${String(c.dynamoWaitP50Ms).padStart(17)}${String(c.cpuP50Ms).padStart(12)}${String(c.wru).padStart(7)}${String(c.rru).padStart(6)}  ${requests}`,
        );
      }
      const authorizerUs = await authorizerMicros();
      console.log(`the API Gateway authorizer (no I/O), warm: ${authorizerUs} µs a call`);
      figures.capacity_authorizer_us = authorizerUs;
      const slug = (name: string) =>
        name
          .replace(/[^a-z0-9]+/gi, '_')
          .replace(/_+$/, '')
          .toLowerCase();
      for (const c of capacity)
        Object.assign(figures, {
          [`capacity_${slug(c.name)}_p50_ms`]: c.durationP50Ms,
          [`capacity_${slug(c.name)}_dynamo_p50_ms`]: c.dynamoWaitP50Ms,
          [`capacity_${slug(c.name)}_cpu_p50_ms`]: c.cpuP50Ms,
          [`capacity_${slug(c.name)}_wru`]: c.wru,
          [`capacity_${slug(c.name)}_rru`]: c.rru,
        });
    }
    if (runs('batches')) {
      const batches = await batchFigures(server.url, KEY);
      console.log(
        `batch of 500 ten-line items: calculate ${batches.calc500Seconds} s, commit ${batches.commit500Seconds} s (submit → completed); ${batches.itemsPerSecond} items/s`,
      );
      Object.assign(figures, {
        batch_500_calc_s: batches.calc500Seconds,
        batch_500_commit_s: batches.commit500Seconds,
        batch_items_per_sec: batches.itemsPerSecond,
      });
    }
    if (runs('erp')) {
      figures.erp_10k_docs_s = await erpLoadSeconds(server.url, KEY);
      console.log(`ERP loader, 10,000 invoices from CSV committed through stx batch: ${figures.erp_10k_docs_s} s`);
    }
    if (runs('returns')) {
      const returns = await returnJobFigures(server.url, server.dynamo);
      console.log(
        `return job of 5,000 items over ${returns.documents} documents (committed in ${returns.commitSeconds} s): ${returns.jobSeconds} s; DynamoDB requests per item in a chunk of 25 ${returns.itemDynamoCalls} (summaries without documents: ${returns.itemDynamoCallsSmallMonth})`,
      );
      Object.assign(figures, { return_job_5000_s: returns.jobSeconds, return_job_item_ddb_reads: returns.itemDynamoCalls });
    }
    if (runs('webhooks')) {
      const hooks = await webhookFigures(server.url);
      console.log(
        `webhooks (commit → loopback receiver, sequential): p50 ${hooks.p50Ms} ms, p99 ${hooks.p99Ms} ms; ${hooks.deliveriesPerSecond} deliveries/s (400 commits from 8 clients, committed at ${hooks.burstCommitsPerSecond}/s)`,
      );
      Object.assign(figures, {
        webhook_delivery_p50_ms: hooks.p50Ms,
        webhook_delivery_p99_ms: hooks.p99Ms,
        webhook_deliveries_per_sec: hooks.deliveriesPerSecond,
      });
    }
  } finally {
    // Stopped (and its output flushed) before the figures: nothing it logs can follow the JSON line.
    await server.stop();
  }
}

await stopAll();
process.stdout.write(`${JSON.stringify(figures)}\n`, () => process.exit(0));
