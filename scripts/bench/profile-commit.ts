// Where the time of a single-document commit (POST /transactions, the bench's 10-line document)
// goes, for the README's commit profile. `npx tsx scripts/bench/profile-commit.ts [seconds]`:
//   1. under load: a runner (as the bench starts it, with node --cpu-prof) takes commits from 8
//      clients for `seconds` (default 10) after a warm-up (PROFILE_WARMUP_SECONDS, default 2); the CPU each process spent per
//      commit (runner, DynamoDB Local's JVM, this load generator) from /proc, and the runner's
//      profile summed by self time per part of the code (the local API Gateway front, middy and
//      Powertools, the pipeline steps, the engine, the stores, the AWS SDK, Node's HTTP, GC);
//   2. one at a time, in this process, against the same DynamoDB Local: 300 commits through the
//      handler (no HTTP), each DynamoDB call timed and sized (items and request bytes of the
//      TransactWriteItems), and the same self-time split from an in-process profile.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { commandLine, wholeNumber } from '../../lib/command-line';
import { inProcess } from '../../lib/local/invoke';
import { PROJECT_ROOT } from '../../lib/paths';
import { TEN_LINES } from './document';
import { closedLoop } from './http-load';
import { startRunner, stopOnSignals } from './processes';

const KEY = 'stx_test_profile0000000000000000';
const SEED = {
  accounts: [
    {
      id: 'acct_profile',
      name: 'Profile',
      modules: ['api_access'],
      rate_limits: { general: 10_000_000 },
      keys: [{ key: KEY, environment: 'sandbox', scopes: ['*'] }],
    },
  ],
};
const spec = {
  command: 'npx tsx scripts/bench/profile-commit.ts',
  summary:
    "Where the time of a 10-line commit goes: a runner under node --cpu-prof takes commits from 8 clients, then 300 commits run one at a time in this process with every DynamoDB call timed and sized; prints the CPU per commit of each process and the runner's profile split by part of the code.",
  args: [{ name: 'seconds', description: 'seconds of load measured (default 10)' }],
  environment: {
    PROFILE_WARMUP_SECONDS: 'warm-up before the measured window (default 2; 30 reaches the JVM steady state)',
    PROFILE_TOP: 'also list the n heaviest functions',
  },
} as const;
const SECONDS = wholeNumber(spec, 'seconds', commandLine(spec).args[0], 10);
const CLIENTS = 8;
const SEQUENTIAL = 300;

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string };
  readonly children?: readonly number[];
}
interface CpuProfile {
  readonly startTime: number;
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

/** The part of the code a frame belongs to (first match wins). */
const PARTS: readonly [string, (url: string, fn: string) => boolean][] = [
  ['idle', (_u, f) => f === '(idle)'],
  ['garbage collection', (_u, f) => f === '(garbage collector)'],
  ['V8 / native (program)', (_u, f) => f === '(program)'],
  ['local gateway front (lib/local/server, api-gateway)', (u) => /\/lib\/local\/(server|api-gateway)\.ts/.test(u)],
  ['local pollers (stream, SQS) and emulator', (u) => /\/lib\/local\/(stream-poller|sqs-poller)\.ts|local-aws-sqs/.test(u)],
  ['tax engine and content', (u) => /\/functions\/core\/(tax|content)\/|\/functions\/application\/engine-context/.test(u)],
  [
    'authentication, authorization, rate limit',
    (u) =>
      /\/functions\/(application\/(authentication|authorization|rate-limiting|ttl-cache)|core\/(access|limits)|http\/steps\/(authenticate|authorize|rate-limit))/.test(
        u,
      ),
  ],
  ['validation (valibot, schemas, parse step)', (u) => /node_modules\/valibot|\/functions\/schemas\/|\/functions\/http\/(steps\/parse|validation)/.test(u)],
  ['lifecycle rules, views, summaries (core)', (u) => /\/functions\/core\//.test(u)],
  ['stores: DynamoDB items (adapters)', (u) => /\/functions\/adapters\//.test(u)],
  ['pipeline, envelope, handler', (u) => /\/functions\/(http|application)\/|\/functions\/[a-z0-9-]+\/handler\.ts|composition-root/.test(u)],
  ['middy + Powertools (logger, idempotency)', (u) => /@middy|@aws-lambda-powertools/.test(u)],
  ['AWS SDK (marshalling, signing, HTTP client)', (u) => /@aws-sdk|@smithy|@aws-crypto|fast-xml|bowser|uuid/.test(u)],
  ['tsx loader', (u) => /node_modules\/tsx/.test(u)],
  ['Node internals (http, net, streams, timers)', (u) => u.startsWith('node:') || u === ''],
];

function partOf(url: string, fn: string): string {
  for (const [name, test] of PARTS) if (test(url, fn)) return name;
  return 'other';
}

/** Milliseconds of self time per key of a sample's frame; `window`: only samples between these monotonic µs. */
function selfTime(profile: CpuProfile, window: readonly [number, number] | undefined, keyOf: (frame: ProfileNode['callFrame']) => string): Map<string, number> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const out = new Map<string, number>();
  let at = profile.startTime;
  for (const [i, id] of profile.samples.entries()) {
    at += profile.timeDeltas[i] ?? 0;
    if (window && (at < window[0] || at > window[1])) continue;
    const key = keyOf(byId.get(id)!.callFrame);
    out.set(key, (out.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  }
  return out;
}

/** Self time per part of the code. */
const split = (profile: CpuProfile, window?: readonly [number, number]) => selfTime(profile, window, (f) => partOf(f.url, f.functionName));

/** The functions with the most self time (name, file), for a closer look. */
function top(profile: CpuProfile, window: readonly [number, number] | undefined, count: number): [string, number][] {
  const named = selfTime(
    profile,
    window,
    (f) => `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(functions|lib|scripts)\//, '$1/')}`,
  );
  return [...named]
    .filter(([k]) => !k.startsWith('(idle)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, count);
}

function printSplit(title: string, ms: Map<string, number>, per: number, unit: string): void {
  const busy = [...ms].filter(([k]) => k !== 'idle').reduce((a, [, v]) => a + v, 0);
  console.log(`\n${title} (self time; busy ${(busy / per).toFixed(3)} ms ${unit})`);
  for (const [name, total] of [...ms].filter(([k]) => k !== 'idle').sort((a, b) => b[1] - a[1]))
    console.log(`  ${name.padEnd(52)} ${(total / per).toFixed(3).padStart(8)} ms  ${((100 * total) / busy).toFixed(1).padStart(5)} %`);
}

/** User and system CPU milliseconds of a process so far (Linux /proc, 100 ticks a second). */
function cpuOf(pid: number): { user: number; system: number } {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return { user: Number(fields[11]) * 10, system: Number(fields[12]) * 10 };
}

function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

stopOnSignals();
const profileDir = mkdtempSync(join(tmpdir(), 'stx-commit-profile-'));
const runner = await startRunner({ seed: SEED, env: { STX_IN_MEMORY: '1' }, nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] });
try {
  const pid = runner.child.pid!;
  const java = childPids(pid).find((p) => readFileSync(`/proc/${p}/cmdline`, 'utf8').includes('DynamoDBLocal'));
  const run = Date.now().toString(36);
  const commit = (tag: string) => (i: number) => ({ method: 'POST', path: '/api/v1/transactions', body: { code: `prof-${run}-${tag}${i}`, ...TEN_LINES } });
  await closedLoop(runner.url, KEY, commit('w'), 201, Number(process.env.PROFILE_WARMUP_SECONDS ?? 2), CLIENTS);
  const before = { runner: cpuOf(pid), java: java ? cpuOf(java) : { user: 0, system: 0 }, self: process.cpuUsage() };
  const t = performance.now();
  // V8's profile clock and process.hrtime are both the monotonic clock: the window selects the measured samples.
  const windowStart = Number(process.hrtime.bigint() / 1000n);
  const measured = await closedLoop(runner.url, KEY, commit('m'), 201, SECONDS, CLIENTS);
  const commits = measured.requests;
  const window = [windowStart, Number(process.hrtime.bigint() / 1000n)] as const;
  const wall = (performance.now() - t) / 1000;
  const self = process.cpuUsage(before.self);
  const per = (ms: number) => (ms / commits).toFixed(2);
  const spent = (after: { user: number; system: number }, start: { user: number; system: number }) =>
    `${per(after.user - start.user + after.system - start.system)} ms (${per(after.system - start.system)} ms of it in the kernel)`;
  console.log(
    `under load: ${commits} commits in ${wall.toFixed(1)} s = ${measured.rps}/s, p50 ${measured.p50} ms, p99 ${measured.p99} ms (${measured.errors} not 201)`,
  );
  console.log(
    `CPU per commit: runner ${spent(cpuOf(pid), before.runner)}, DynamoDB Local JVM ${java ? spent(cpuOf(java), before.java) : '?'}, load generator ${spent({ user: self.user / 1000, system: self.system / 1000 }, { user: 0, system: 0 })}`,
  );

  // One at a time, in this process: DynamoDB calls timed and sized.
  const { invoke } = inProcess(runner.dynamo);
  const root = (await import(`${PROJECT_ROOT}/functions/composition-root.ts`)) as typeof import('../../functions/composition-root');
  const calls = new Map<string, { n: number; ms: number; bytes: number; items: number }>();
  root.dynamoClient().middlewareStack.add(
    (next, context) => async (args) => {
      const t0 = performance.now();
      const out = await next(args);
      const name = context.commandName ?? '?';
      const entry = calls.get(name) ?? { n: 0, ms: 0, bytes: 0, items: 0 };
      const input = args.input as { TransactItems?: unknown[] };
      const body = (args.request as { body?: unknown } | undefined)?.body;
      calls.set(name, {
        n: entry.n + 1,
        ms: entry.ms + performance.now() - t0,
        bytes: entry.bytes + (typeof body === 'string' ? Buffer.byteLength(body) : body instanceof Uint8Array ? body.byteLength : 0),
        items: entry.items + (input.TransactItems?.length ?? 0),
      });
      return out;
    },
    { step: 'finalizeRequest', name: 'profileTiming' },
  );
  for (let i = 0; i < 50; i++) await invoke('POST', '/api/v1/transactions', KEY, { code: `prof-${run}-sw${i}`, ...TEN_LINES });
  calls.clear();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  const s0 = performance.now();
  for (let i = 0; i < SEQUENTIAL; i++) {
    const res = await invoke('POST', '/api/v1/transactions', KEY, { code: `prof-${run}-s${i}`, ...TEN_LINES });
    if (res.status !== 201) throw new Error(`commit answered ${res.status}`);
  }
  const sequentialMs = (performance.now() - s0) / SEQUENTIAL;
  const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: CpuProfile };
  session.disconnect();
  console.log(`\none at a time, in process (no HTTP): ${sequentialMs.toFixed(2)} ms per commit`);
  for (const [name, c] of calls)
    console.log(
      `  ${name}: ${(c.n / SEQUENTIAL).toFixed(2)} per commit, ${(c.ms / c.n).toFixed(2)} ms each (round trip to DynamoDB Local)${c.items ? `, ${(c.items / c.n).toFixed(1)} items` : ''}, ${Math.round(c.bytes / c.n)} request bytes`,
    );
  printSplit('in-process commit, per commit', split(profile), SEQUENTIAL, 'per commit');
  if (process.env.PROFILE_TOP)
    for (const [name, ms] of top(profile, undefined, Number(process.env.PROFILE_TOP))) console.log(`    ${(ms / SEQUENTIAL).toFixed(3)} ms  ${name}`);

  await runner.stop();
  const file = readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
  if (file) {
    const runnerProfile = JSON.parse(readFileSync(join(profileDir, file), 'utf8')) as CpuProfile;
    printSplit('runner process under load, per commit', split(runnerProfile, window), commits, 'per commit');
    if (process.env.PROFILE_TOP)
      for (const [name, ms] of top(runnerProfile, window, Number(process.env.PROFILE_TOP))) console.log(`    ${(ms / commits).toFixed(3)} ms  ${name}`);
  }
} finally {
  await runner.stop();
  rmSync(profileDir, { recursive: true, force: true });
}
