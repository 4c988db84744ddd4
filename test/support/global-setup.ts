// Starts `npm start`'s runner once for the integration tests, exactly as a user would: a child
// process on a free port with the test seed, on DynamoDB Local and the SQS emulator.
//   STX_BUNDLES=1          the runner serves the esbuild bundles Lambda runs (built here first)
//   STX_BASE_URL=<url>     runs the suite against a deployed stage instead (its URL without /api/v1;
//                          the stage must hold test/fixtures/seed.ts, see README); tests that read
//                          the local engines directly are skipped
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { bundleAll } from '../../scripts/bundle';
import { SEED } from '../fixtures/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dynamoEndpoint: string;
    sqsEndpoint: string;
  }
}

let child: ChildProcess | undefined;
let dir: string | undefined;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const remote = process.env.STX_BASE_URL;
  if (remote) {
    project.provide('baseUrl', remote.replace(/\/+$/, ''));
    project.provide('dynamoEndpoint', '');
    project.provide('sqsEndpoint', '');
    return async () => undefined;
  }
  if (process.env.STX_BUNDLES === '1') await bundleAll();
  dir = mkdtempSync(join(tmpdir(), 'stx-test-'));
  const seedPath = join(dir, 'seed.json');
  writeFileSync(seedPath, JSON.stringify(SEED));
  child = spawn(process.execPath, ['--import', 'tsx', 'bin/local.ts'], {
    cwd: join(import.meta.dirname, '..', '..'),
    env: {
      ...process.env,
      PORT: '0',
      TAX_SEED_FILE: seedPath,
      STX_IN_MEMORY: '1',
      // A test run lives minutes: C1 alone starts sooner and spends less CPU (lib/local/engines.ts).
      STX_DYNAMODB_JIT: process.env.STX_DYNAMODB_JIT ?? 'quick',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'ERROR',
      // Webhook retries in seconds rather than minutes: 2 s doubling, 4 attempts, little jitter
      // (so gaps visibly grow); an endpoint failing 10 s is disabled.
      WEBHOOK_RETRY_BASE_SECONDS: '2',
      WEBHOOK_RETRY_JITTER: '0.25',
      WEBHOOK_MAX_ATTEMPTS: '4',
      WEBHOOK_DISABLE_AFTER_SECONDS: '10',
      // Bundles keep one module graph per function, as Lambda does: a key revoked or a setting
      // changed through one function reaches the others' caches only after AUTH_CACHE_SECONDS.
      // The suite checks what each change does, so it runs them without that documented delay.
      ...(process.env.STX_BUNDLES === '1' ? { AUTH_CACHE_SECONDS: '0' } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const output: string[] = [];
  const ready = await new Promise<{ url: string; dynamo: string; sqs: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`local runner did not start:\n${output.join('')}`)), 90_000);
    let dynamo = '';
    child!.stdout!.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      output.push(text);
      dynamo ||= /DynamoDB Local (\S+),/.exec(text)?.[1] ?? '';
      const match = /^ready: (\S+)$/m.exec(output.join(''));
      if (match) {
        clearTimeout(timer);
        const all = output.join('');
        resolve({ url: match[1]!, dynamo: dynamo || /DynamoDB Local (\S+),/.exec(all)?.[1] || '', sqs: /SQS emulator (\S+)/.exec(all)?.[1] ?? '' });
      }
    });
    child!.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
    child!.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`local runner exited with ${code}:\n${output.join('')}`));
    });
  });
  project.provide('baseUrl', ready.url);
  project.provide('dynamoEndpoint', ready.dynamo);
  project.provide('sqsEndpoint', ready.sqs);
  return async () => {
    if (child?.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
}
