// A local runner (`npm start`) in a child process with the integration tests' seed, on a free port:
// for scripts that check or record the service over HTTP (api-check, record-examples).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../lib/paths';
import { SEED } from '../test/fixtures/seed';

export async function startRunner(): Promise<{ url: string; stop: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'stx-api-check-'));
  const seedPath = join(dir, 'seed.json');
  writeFileSync(seedPath, JSON.stringify(SEED));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'bin/local.ts'], {
    cwd: PROJECT_ROOT,
    // In memory: its data is throwaway, and a runner of `npm start` may hold .data/ meanwhile.
    env: { ...process.env, PORT: '0', TAX_SEED_FILE: seedPath, LOG_LEVEL: 'ERROR', STX_DYNAMODB_JIT: 'quick', STX_IN_MEMORY: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const output: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`local runner did not start:\n${output.join('')}`)), 90_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output.push(chunk.toString('utf8'));
      const match = /^ready: (\S+)$/m.exec(output.join(''));
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
    child.once('exit', (code) => reject(new Error(`local runner exited with ${code}:\n${output.join('')}`)));
  });
  // Once it is up, its own error log is the caller's: a 5xx the check sees is explained there.
  child.stdout?.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  return {
    url,
    stop: () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
