// `npm run bench`: the service's figures, measured on this machine (scripts/bench/parts.ts lists the
// parts; docs/contributing.md, "Benchmarks", says what each figure measures). Its last line is one
// JSON object holding every figure (nothing follows it: the runners it started are stopped first).
//   - init: bundle bytes and module init ms of every esbuild bundle (fresh process each)
//   - engine: content load ms in a fresh process; documents/second of a 10-line document on one
//     core, p50/p99 µs, run as an esbuild bundle with the functions' options (tsx's dev transpile
//     wraps closures and would understate it); engine_vs_peer: this engine's lines/second over npm
//     `sales-tax`'s lookups per second, alternating in one process on the same ZIPs
//   - http: GET /config, POST /calculations, POST /transactions through the local runner (its own
//     process, DynamoDB Local, one key with a raised limit): requests/second and p99 ms
//   - calls: DynamoDB calls per commit, refund and lookup of a warm function
//   - capacity: per calculation and commit, the handler's duration, its wait on DynamoDB, the items
//     it writes with their sizes, and the request units they cost on AWS
//   - batches, erp, returns: batches of ten-line items, the ERP loader, return jobs
//   - nexus: GET /nexus over the summaries of 100,000 documents in 40 states, checked against
//     their sums; latency, rate, the summary read and the computation apart
//   - fuzz: generated hostile requests, fuzz_5xx (must be 0)
//   - restart: start on a data directory of BENCH_RESTART_DOCUMENTS documents until ready; with
//     `--soak` also soak_rss_growth_mb (SOAK_SECONDS)
//   - webhooks: commit → receiver latency and deliveries per second
// `--quick` measures only what is fast; `--only <parts>` (comma-separated) narrows a run further.
// Killed by SIGINT, SIGTERM or SIGHUP at any point, it stops every process it started
// (scripts/bench/processes.ts).
import { commandLine, refuse } from '../lib/command-line';
import { soak } from './bench/durability';
import { OWN_PROCESS_PARTS, PARTS, type Part, QUICK_PARTS, SERVER_PARTS } from './bench/parts';
import { startRunner, stopAll, stopOnSignals } from './bench/processes';
import { BENCH_SEED } from './bench/seed';
import type { Figures } from './bench/settings';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
stopOnSignals();

const spec = {
  command: 'npm run bench --',
  summary:
    'Measures the service on this machine: cold starts, content load, engine throughput and engine_vs_peer, HTTP rates through the local runner, DynamoDB calls, batches, the ERP loader, return jobs, economic nexus, hostile input, restart and webhooks. Its last line is one JSON object with every figure. About 5 minutes with BENCH_RESTART_DOCUMENTS=5000; other work on the machine distorts the figures.',
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
    BENCH_NEXUS_DOCUMENTS: 'committed documents the nexus account is seeded as (default 100000)',
    SOAK_SECONDS: 'length of --soak (default 600)',
  },
  notes: ['docs/contributing.md, "Benchmarks", says what each figure measures and how to read it.'],
} as const;
const { values } = commandLine(spec);
const QUICK = values.quick === true;
const only = values.only === undefined ? null : values.only.split(',');
if (only?.some((p) => !(PARTS as readonly string[]).includes(p))) refuse(spec, `--only takes ${PARTS.join(', ')}`);
const runs = (part: Part): boolean => (only ? only.includes(part) : !QUICK || QUICK_PARTS.includes(part));
const log = (line: string) => console.log(line);

/** Every figure measured, in the order of the final JSON line. */
const figures: Figures = {};

for (const { part, run } of OWN_PROCESS_PARTS) if (runs(part)) Object.assign(figures, await run(log));
if (!QUICK && !only && values.soak === true) {
  const SOAK_SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
  const soaked = await soak(SOAK_SECONDS, log);
  log(`soak (${SOAK_SECONDS} s, ${soaked.requests} requests): runner RSS grew ${soaked.rssGrowthMb} MB; statuses ${JSON.stringify(soaked.statuses)}`);
  Object.assign(figures, { soak_rss_growth_mb: soaked.rssGrowthMb, soak_seconds: SOAK_SECONDS, soak_requests: soaked.requests });
}

if (SERVER_PARTS.some(({ part }) => runs(part))) {
  const server = await startRunner({ seed: BENCH_SEED, env: { STX_IN_MEMORY: '1' } });
  log(`local runner ready: ${server.url} (pid ${server.child.pid})`);
  try {
    for (const { part, run } of SERVER_PARTS) if (runs(part)) Object.assign(figures, await run(server, log));
  } finally {
    // Stopped (and its output flushed) before the figures: nothing it logs can follow the JSON line.
    await server.stop();
  }
}

await stopAll();
process.stdout.write(`${JSON.stringify(figures)}\n`, () => process.exit(0));
