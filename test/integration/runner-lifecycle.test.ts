// The local runner's life and death. Its data-directory lock is a flock the kernel drops when the
// holder dies, so a runner killed with kill -9 is replaced at once even while it lingers as a
// zombie under a parent that never reaps it (a container without an init); every process a runner
// starts ends with it; two runners on two directories work side by side.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { OWNER_FILE, readOwner } from '../../lib/local/data-dir';
import { startDynamoLocal } from '../../lib/local/engines';
import { SEED } from '../fixtures/seed';
import { callRunner as call, type RunnerProcess, startRunner } from '../support/runner-process';
import { describeLocal } from '../support/target';

const ROOT = join(import.meta.dirname, '..', '..');
const root = mkdtempSync(join(tmpdir(), 'stx-lifecycle-'));
const seedPath = join(root, 'seed.json');
writeFileSync(seedPath, JSON.stringify(SEED));
const parents: ChildProcess[] = [];
/** Process groups of the runners started under a non-reaping parent. */
const groups: number[] = [];
const runners: RunnerProcess[] = [];

afterAll(async () => {
  for (const group of groups) signalGroup(group, 'SIGKILL');
  for (const parent of parents) parent.kill('SIGKILL');
  await Promise.allSettled(runners.map((r) => r.stop()));
  rmSync(root, { recursive: true, force: true });
});

const signalGroup = (pgid: number, signal: NodeJS.Signals) => {
  try {
    process.kill(-pgid, signal);
  } catch {
    /* already gone */
  }
};

/** Linux process state: 'Z' for a zombie, null once the pid is gone. */
const stateOf = (pid: number): string | null => {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '')[0] ?? null;
  } catch {
    return null;
  }
};
const dead = (pid: number) => {
  const state = stateOf(pid);
  return state === null || state === 'Z' || state === 'X';
};

async function until<T>(probe: () => T | undefined, what: string, timeoutMs = 150_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Starts a runner in a process group of its own under a parent that never reaps its children: a
 * shell that backgrounds the runner and then becomes `sleep` (exec), as a container's first
 * process without an init would be. Resolves with the runner's pid (its group id too) and url.
 */
async function startUnreaped(dataDir: string, generation: number): Promise<{ pid: number; url: string; log: string }> {
  const log = join(root, `runner-${generation}.log`);
  const pidFile = join(root, `runner-${generation}.pid`);
  const parent = spawn('sh', ['-c', 'setsid "$0" --import tsx bin/local.ts > "$1" 2>&1 & echo $! > "$2"; exec sleep 3600', process.execPath, log, pidFile], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'ERROR', STX_DYNAMODB_JIT: 'quick', TAX_SEED_FILE: seedPath, STX_DATA_DIR: dataDir },
    stdio: 'ignore',
  });
  parents.push(parent);
  const started = await waitReady(pidFile, log);
  groups.push(started.pid);
  return { ...started, log };
}

async function waitReady(pidFile: string, log: string): Promise<{ pid: number; url: string }> {
  const pid = await until(() => (existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8')) || undefined : undefined), 'the runner pid');
  const url = await until(() => {
    const out = existsSync(log) ? readFileSync(log, 'utf8') : '';
    if (/Cannot start/.test(out)) throw new Error(`runner refused to start:\n${out}`);
    return /^ready: (\S+)$/m.exec(out)?.[1];
  }, 'ready');
  return { pid, url };
}

async function codesOf(base: string): Promise<string[]> {
  const codes: string[] = [];
  let cursor: string | null = null;
  do {
    const page: { data: { code: string }[]; next_cursor: string | null } = (
      await call(base, 'GET', `/transactions?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)
    ).body;
    codes.push(...page.data.map((t) => t.code));
    cursor = page.next_cursor;
  } while (cursor);
  return codes.sort();
}

const ship_to = { state: 'NY', zip: '10001' };
const DATE = '2026-04-15';
const RESTARTS = 20;

describeLocal('the local runner: lock, children, restarts', () => {
  it(`restarts at once after kill -9 of its process group under a non-reaping parent, ${RESTARTS} times, losing nothing`, { timeout: 900_000 }, async () => {
    const dataDir = join(root, 'restarts');
    let runner = await startUnreaped(dataDir, 0);
    const expected: string[] = [];
    for (let i = 0; i < 20; i++) {
      const sale = await call(runner.url, 'POST', '/transactions', { code: `LC-${i}`, date: DATE, ship_to, lines: [{ amount: 10 + i }] });
      expect(sale.status).toBe(201);
      expected.push(`LC-${i}`);
    }
    const refund = await call(runner.url, 'POST', '/transactions/LC-0/refunds', { refund_code: 'LC-R', lines: [{ number: '1', amount: 4 }] });
    expect(refund.status).toBe(201);
    expected.push('LC-R');

    for (let generation = 1; generation <= RESTARTS; generation++) {
      const engine = readOwner(dataDir)?.dynamoPid;
      expect(engine).toBeGreaterThan(0);
      signalGroup(runner.pid, 'SIGKILL');
      // The killed runner stays a zombie (its parent never reaps it): a pid-judged lock would refuse now.
      await until(() => (dead(runner.pid) ? true : undefined), 'the killed runner to die', 10_000);
      expect(stateOf(runner.pid)).toBe('Z');
      runner = await startUnreaped(dataDir, generation);
      expect(readFileSync(runner.log, 'utf8')).not.toMatch(/in use by another runner/);
      expect(dead(engine!)).toBe(true);

      expect(await codesOf(runner.url)).toEqual([...expected].sort());
      expect((await call(runner.url, 'GET', '/transactions/LC-R')).body).toMatchObject({ kind: 'refund', total_amount: -4 });
      expect((await call(runner.url, 'GET', '/transactions/LC-0')).body).toMatchObject({ refunds: ['LC-R'] });
      // Writes go on after each restart, and survive the next kill too.
      expect((await call(runner.url, 'POST', '/transactions', { code: `LC-G${generation}`, date: DATE, ship_to, lines: [{ amount: 1 }] })).status).toBe(201);
      expected.push(`LC-G${generation}`);
    }
    signalGroup(runner.pid, 'SIGTERM');
    await until(() => (dead(runner.pid) ? true : undefined), 'the last runner to stop', 30_000);
  });

  it('ends its DynamoDB Local with it: killed alone with -9, or stopped with SIGTERM', { timeout: 300_000 }, async () => {
    const dataDir = join(root, 'children');
    const killed = await startRunner({ TAX_SEED_FILE: seedPath, STX_DATA_DIR: dataDir });
    runners.push(killed);
    const first = readOwner(dataDir)!;
    expect(first.pid).toBe(killed.child.pid);
    await killed.crash(); // SIGKILL to the runner only: its children get no signal from anyone else
    await until(() => (dead(first.dynamoPid!) ? true : undefined), 'the orphaned DynamoDB Local to end', 10_000);

    const stopped = await startRunner({ TAX_SEED_FILE: seedPath, STX_DATA_DIR: dataDir });
    runners.push(stopped);
    const second = readOwner(dataDir)!;
    expect(second.pid).toBe(stopped.child.pid);
    // SIGTERM to its process group the moment it says ready: it stops in order (its engine in a
    // group of its own gets no signal but the runner's), with nothing logged as failed on the way.
    await stopped.stop();
    expect(stopped.child.exitCode).toBe(0);
    expect(stopped.output()).not.toMatch(/failed/i);
    expect(dead(second.dynamoPid!)).toBe(true);
    expect(existsSync(join(dataDir, OWNER_FILE))).toBe(false);
  });

  it('stops a DynamoDB Local that an earlier runner left running on its directory', { timeout: 300_000 }, async () => {
    const dataDir = join(root, 'left-behind');
    mkdirSync(dataDir, { recursive: true });
    // As a runner of an older version left it: an engine on the directory, its runner gone.
    const left = await startDynamoLocal({ dataDir, jit: 'quick' });
    writeFileSync(join(dataDir, OWNER_FILE), JSON.stringify({ pid: 2 ** 22 + 1, dynamoPid: left.pid, startedAt: '2026-01-01T00:00:00Z' }));
    const runner = await startRunner({ TAX_SEED_FILE: seedPath, STX_DATA_DIR: dataDir });
    runners.push(runner);
    await until(() => (dead(left.pid!) ? true : undefined), 'the left-behind DynamoDB Local to be stopped', 10_000);
    expect((await call(runner.url, 'POST', '/transactions', { code: 'LEFT-1', date: DATE, ship_to, lines: [{ amount: 3 }] })).status).toBe(201);
  });

  it('runs side by side with another runner on another directory, and refuses a second one on its own', { timeout: 300_000 }, async () => {
    const [a, b] = await Promise.all(['side-a', 'side-b'].map((name) => startRunner({ TAX_SEED_FILE: seedPath, STX_DATA_DIR: join(root, name) })));
    runners.push(a!, b!);
    expect(a!.url).not.toBe(b!.url);
    for (const [runner, amount] of [
      [a!, 11],
      [b!, 22],
    ] as const) {
      expect((await call(runner.url, 'POST', '/transactions', { code: 'SIDE-1', date: DATE, ship_to, lines: [{ amount }] })).status).toBe(201);
    }
    expect((await call(a!.url, 'GET', '/transactions/SIDE-1')).body.total_amount).toBe(11);
    expect((await call(b!.url, 'GET', '/transactions/SIDE-1')).body.total_amount).toBe(22);

    const refused = await startRunner({ TAX_SEED_FILE: seedPath, STX_DATA_DIR: join(root, 'side-a') }).then(
      (r) => {
        runners.push(r);
        return 'started';
      },
      (error: { output?: string }) => error.output ?? '',
    );
    expect(refused).toMatch(new RegExp(`in use by another runner \\(pid ${a!.child.pid}\\)`));
    await b!.stop();
    expect((await call(a!.url, 'GET', '/transactions/SIDE-1')).status).toBe(200);
  });
  it('keeps one demo key per data directory, says when it stops, and leaves nothing when its port is taken', { timeout: 300_000 }, async () => {
    const dir = join(root, 'demo');
    const demoKey = (r: RunnerProcess) => /Demo organization admin key \(sandbox\): (\S+)/.exec(r.output())?.[1];
    const first = await startRunner({ STX_DATA_DIR: dir });
    const key = demoKey(first);
    expect(key).toMatch(/^stx_test_/);
    const port = new URL(first.url).port;
    // A second start on the same port refuses before it touches its data directory.
    const elsewhere = join(root, 'never-created');
    const busy = await startRunner({ STX_DATA_DIR: elsewhere, PORT: port }).then(
      (r) => {
        runners.push(r);
        return 'started';
      },
      (error: { output?: string }) => error.output ?? '',
    );
    expect(busy).toMatch(new RegExp(`Port ${port} is in use`));
    expect(existsSync(elsewhere)).toBe(false);
    await first.stop();
    expect(first.output()).toMatch(/stopped; the data stays in /);
    const second = await startRunner({ STX_DATA_DIR: dir });
    runners.push(second);
    expect(demoKey(second)).toBe(key);
    const keys = await fetch(`${second.url}/api/v1/keys`, { headers: { Authorization: `Bearer ${key}` } });
    expect(keys.status).toBe(200);
    const listed = ((await keys.json()) as { data: { name: string }[] }).data.filter((k) => k.name === 'demo admin');
    expect(listed).toHaveLength(1);
    // Room to explore: the demo account's general bucket is ten times the sandbox default.
    const config = (await (await fetch(`${second.url}/api/v1/config`, { headers: { Authorization: `Bearer ${key}` } })).json()) as {
      rate_limits: { general: { limit: number } };
    };
    expect(config.rate_limits.general.limit).toBe(600);
  });
});
