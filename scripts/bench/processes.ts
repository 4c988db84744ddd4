// Every process the benchmark starts, so that it stops all of them however it ends: local runners
// (each spawned in a process group of its own, which its DynamoDB Local joins) and one-off children
// (cold-start probes, the engine loop). On SIGINT, SIGTERM or SIGHUP — Ctrl-C, `timeout`, a closed
// terminal — each runner is asked to stop (SIGTERM to the runner alone: it stops its pollers, its
// HTTP front, then its engines), then its whole group is killed; the bench exits with 128 + signal.
// Processes are known by the pids the bench spawned, never by name: other work on the machine runs
// java and node too.
import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../lib/paths';

interface Tracked {
  readonly child: ChildProcess;
  /** A runner: its own process group, asked to stop before it is killed. */
  readonly group: boolean;
  readonly exited: Promise<void>;
}

const tracked = new Set<Tracked>();
const cleanups = new Set<() => void>();
let stopping: Promise<void> | undefined;

const alive = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

function signalGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false; // the group is empty
  }
}

async function groupGone(pgid: number, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (!signalGroup(pgid, 0)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return !signalGroup(pgid, 0);
}

/** Stops one tracked process: a runner gets SIGTERM and `graceMs` to stop in order, then its group SIGKILL. */
async function stopOne(t: Tracked, graceMs: number): Promise<void> {
  const pid = t.child.pid;
  if (pid === undefined) return;
  if (alive(t.child)) {
    t.child.kill('SIGTERM');
    await Promise.race([t.exited, new Promise((r) => setTimeout(r, graceMs))]);
  }
  if (t.group) {
    // Whatever the runner left of its group (its DynamoDB Local if it died before stopping it).
    signalGroup(pid, 'SIGKILL');
    await groupGone(pid, 5_000);
  } else if (alive(t.child)) t.child.kill('SIGKILL');
  await Promise.race([t.exited, new Promise((r) => setTimeout(r, 2_000))]);
  tracked.delete(t);
}

/** Stops everything the bench started and still runs (idempotent). */
export function stopAll(graceMs = 10_000): Promise<void> {
  stopping ??= (async () => {
    await Promise.allSettled([...tracked].map((t) => stopOne(t, graceMs)));
    for (const cleanup of cleanups) cleanup();
    cleanups.clear();
  })();
  return stopping;
}

let installed = false;
/** Signals stop everything the bench started before it exits. Called once at the bench's start. */
export function stopOnSignals(log: (line: string) => void = (line) => console.error(line)): void {
  if (installed) return;
  installed = true;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
    process.on(signal, () => {
      if (stopping) return;
      log(`bench: ${signal}, stopping ${tracked.size} process(es) it started`);
      void stopAll(5_000).finally(() => process.exit(128 + constants.signals[signal]));
    });
}

function track(child: ChildProcess, group: boolean): Tracked {
  const exited = new Promise<void>((resolve) => {
    if (!alive(child)) resolve();
    child.once('exit', () => resolve());
  });
  const t = { child, group, exited };
  tracked.add(t);
  void exited.then(() => {
    if (!t.group) tracked.delete(t);
  });
  return t;
}

/** A child process of the bench, tracked until it exits; resolves with its stdout (rejects on a non-zero exit). */
export function run(file: string, args: readonly string[], options: SpawnOptions = {}): Promise<string> {
  const child = spawn(file, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  track(child, false);
  let out = '';
  let err = '';
  child.stdout!.on('data', (c: Buffer) => {
    out += c.toString('utf8');
  });
  child.stderr!.on('data', (c: Buffer) => {
    err += c.toString('utf8');
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve(out) : reject(new Error(`${file} ${args.join(' ')} exited with ${code ?? signal}: ${err.slice(-2000)}`)),
    );
  });
}

export interface Runner {
  readonly url: string;
  readonly dynamo: string;
  readonly child: ChildProcess;
  /** Stops the runner in order and waits until its process group is gone. */
  stop(): Promise<void>;
}

export interface RunnerOptions {
  /** A seed (the format of examples/seed.json, docs/getting-started.md) written to a temporary file for the runner. */
  readonly seed?: unknown;
  readonly env?: Record<string, string>;
  /** Node flags before the entry (e.g. --cpu-prof). */
  readonly nodeArgs?: readonly string[];
  /** Where the runner's stderr goes: the bench's own (default) or kept (returned by `output`). */
  readonly stderr?: 'inherit' | 'keep';
}

/**
 * A local runner (bin/local.ts, as `npm start` runs it) in a process group of its own, tracked;
 * resolves once it prints `ready:`.
 */
export function startRunner(options: RunnerOptions = {}): Promise<Runner> {
  const dir = mkdtempSync(join(tmpdir(), 'stx-bench-runner-'));
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  cleanups.add(removeDir);
  const seedEnv: Record<string, string> = {};
  if (options.seed !== undefined) {
    seedEnv.TAX_SEED_FILE = join(dir, 'seed.json');
    writeFileSync(seedEnv.TAX_SEED_FILE, JSON.stringify(options.seed));
  }
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', 'bin/local.ts'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, PORT: '0', ...seedEnv, ...options.env },
    stdio: ['ignore', 'pipe', options.stderr === 'keep' ? 'pipe' : 'inherit'],
    detached: true,
  });
  const t = track(child, true);
  let out = '';
  child.stderr?.on('data', (c: Buffer) => {
    out += c.toString('utf8');
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString('utf8');
      const url = /^ready: (\S+)$/m.exec(out)?.[1];
      if (!url) return;
      resolve({
        url,
        dynamo: /DynamoDB Local (\S+),/.exec(out)![1]!,
        child,
        stop: async () => {
          await stopOne(t, 15_000);
          removeDir();
          cleanups.delete(removeDir);
        },
      });
    });
    child.once('exit', (code, signal) => reject(new Error(`local runner exited with ${code ?? signal} before it was ready:\n${out.slice(-4000)}`)));
  });
}
