// A benchmark killed part-way (Ctrl-C, `timeout`) leaves nothing running: every process it started
// — its local runner, the runner's DynamoDB Local — is gone once it exits. The bench runs in a
// process group of its own, and the group gets the signal, as a terminal or `timeout` sends it.
// Its processes are found by descent from its pid (never by name: other work on the machine runs
// java and node too) and recognised afterwards by pid and start time.
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeLocal } from '../support/target';

const ROOT = join(import.meta.dirname, '..', '..');

interface Proc {
  readonly pid: number;
  readonly ppid: number;
  /** Start time in clock ticks since boot: with the pid, names one process even if the pid is reused. */
  readonly start: string;
  readonly cmd: string;
}

function proc(pid: number): Proc | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[0] === 'Z') return null; // exited, not yet reaped
    const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
    return { pid, ppid: Number(fields[1]), start: fields[19]!, cmd };
  } catch {
    return null;
  }
}

/** Every live process descended from `root`. */
function descendants(root: number): Proc[] {
  const all = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map((d) => proc(Number(d)))
    .filter((p): p is Proc => p !== null);
  const found: Proc[] = [];
  let frontier = [root];
  while (frontier.length > 0) {
    const children = all.filter((p) => frontier.includes(p.ppid));
    found.push(...children);
    frontier = children.map((p) => p.pid);
  }
  return found;
}

const stillRunning = (procs: readonly Proc[]): Proc[] => procs.filter((p) => proc(p.pid)?.start === p.start);

function startBench(): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench.ts', '--only', 'http'], {
    cwd: ROOT,
    env: { ...process.env, BENCH_HTTP_SECONDS: '30' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => {
    output += c.toString('utf8');
  });
  child.stderr!.on('data', (c: Buffer) => {
    output += c.toString('utf8');
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : null))));
  return { child, output: () => output, exited };
}

async function until(check: () => boolean, what: string, output: () => string, timeoutMs = 90_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`${what} did not happen within ${timeoutMs / 1000} s:\n${output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describeLocal('the bench killed part-way', () => {
  describe.each([
    ['SIGTERM (as `timeout` sends it) while it drives load', 'SIGTERM', 'ready'],
    ['SIGINT (Ctrl-C) while its runner is still starting', 'SIGINT', 'starting'],
  ] as const)('%s', (_title, signal, moment) => {
    it('stops every process it started and exits', { timeout: 180_000 }, async () => {
      const bench = startBench();
      const pid = bench.child.pid!;
      let started: Proc[] = [];
      try {
        if (moment === 'ready') await until(() => /local runner ready/.test(bench.output()), 'the runner start', bench.output);
        // Starting: DynamoDB Local runs, the runner has not answered yet.
        else
          await until(
            () => descendants(pid).some((p) => p.cmd.includes('DynamoDBLocal.jar')) && !/local runner ready/.test(bench.output()),
            'the start of DynamoDB Local',
            bench.output,
          );
        started = descendants(pid);
        expect(started.some((p) => p.cmd.includes('bin/local.ts'))).toBe(true);
        expect(started.some((p) => p.cmd.includes('DynamoDBLocal.jar'))).toBe(true);
        process.kill(-pid, signal);
        const code = await Promise.race([bench.exited, new Promise<'hung'>((r) => setTimeout(() => r('hung'), 60_000))]);
        expect(code, bench.output()).not.toBe('hung');
        expect(stillRunning(started), bench.output()).toEqual([]);
      } finally {
        // Whatever the assertions found, nothing of this test outlives it.
        for (const p of stillRunning([...started, ...descendants(pid)])) process.kill(p.pid, 'SIGKILL');
        try {
          process.kill(-pid, 'SIGKILL');
        } catch {
          /* gone */
        }
      }
    });
  });
});
