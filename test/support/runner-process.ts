// A local runner of its own (bin/local.ts as `npm start` runs it), for tests that stop, kill and
// restart it: the shared one of global-setup.ts must stay up for every other test.
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { KEYS } from '../fixtures/seed';

export interface RunnerProcess {
  readonly url: string;
  readonly child: ChildProcess;
  readonly output: () => string;
  /** SIGKILL to the runner alone, as a crash would: its DynamoDB Local is left behind. */
  crash(): Promise<void>;
  stop(): Promise<void>;
}

const ROOT = join(import.meta.dirname, '..', '..');

/** Starts a runner and resolves once it prints `ready:`; rejects with its output if it exits first. */
export function startRunner(env: Record<string, string>, timeoutMs = 150_000): Promise<RunnerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bin/local.ts'], {
    cwd: ROOT,
    // Short-lived runners: DynamoDB Local with C1 alone (lib/local/engines.ts).
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'ERROR', STX_DYNAMODB_JIT: 'quick', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`runner did not start:\n${output}`)), timeoutMs);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const url = /^ready: (\S+)$/m.exec(output)?.[1];
      if (!url) return;
      clearTimeout(timer);
      resolve({
        url,
        child,
        output: () => output,
        crash: async () => {
          child.kill('SIGKILL');
          await exited;
        },
        stop: async () => {
          if (child.exitCode !== null || child.signalCode !== null) return;
          try {
            process.kill(-child.pid!, 'SIGTERM');
          } catch {
            /* gone */
          }
          await exited;
        },
      });
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(Object.assign(new Error(`runner exited with ${code}:\n${output}`), { output, code }));
    });
  });
}

/** One API call to a runner of this file, as the seed's admin key (`path` below /api/v1). */
export async function callRunner(base: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: { Authorization: `Bearer ${KEYS.admin}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}
