// A running service picks up a new content version without a restart: its own runner, whose
// functions read a copy of the artifact and watch that file (lib/local/runner.ts sets the watch on
// the project's artifact; here a copy, so the shared runner's answers never move). A rewritten
// artifact reaches configuration and calculations within the check interval; one that cannot be
// read is refused and the last good version keeps answering.
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { ContentArtifact } from '../../functions/core/content/artifact';
import { SEED } from '../fixtures/seed';
import { callRunner as call, type RunnerProcess, startRunner } from '../support/runner-process';
import { describeLocal } from '../support/target';

const ROOT = join(import.meta.dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'stx-content-reload-'));
const file = join(dir, 'tax-content.json');
const seedPath = join(dir, 'seed.json');
let runner: RunnerProcess | undefined;

afterAll(async () => {
  await runner?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** The project's artifact with its newest version under another name (same rates). */
function renamed(suffix: string): { json: string; version: string } {
  const artifact = JSON.parse(readFileSync(join(ROOT, 'content', 'tax-content.json'), 'utf8')) as ContentArtifact & { versions: { version: string }[] };
  const newest = artifact.versions.at(-1)!;
  const version = `${newest.version}${suffix}`;
  const json = JSON.stringify({ ...artifact, version, versions: [...artifact.versions.slice(0, -1), { ...newest, version }] });
  return { json, version };
}

async function until<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describeLocal('content reload', () => {
  it('answers from a rewritten artifact without a restart, and keeps the last good one when the next cannot be read', { timeout: 240_000 }, async () => {
    copyFileSync(join(ROOT, 'content', 'tax-content.json'), file);
    writeFileSync(seedPath, JSON.stringify(SEED));
    runner = await startRunner({ TAX_SEED_FILE: seedPath, TAX_CONTENT_FILE: file, CONTENT_WATCH_FILE: file, CONTENT_CHECK_SECONDS: '1' });
    const url = runner.url;
    const version = async () => (await call(url, 'GET', '/config')).body.content.version as string;
    const calculation = { date: '2099-01-15', ship_to: { state: 'NY', zip: '10001' }, lines: [{ amount: 100 }] };
    const taxedWith = async () => {
      const answer = await call(url, 'POST', '/calculations', calculation);
      expect(answer.status).toBe(200);
      return answer.body.content_version as string;
    };
    const original = await version();
    expect(await taxedWith()).toBe(original);

    const next = renamed('-r2');
    writeFileSync(file, next.json);
    // Each function looks on its own clock (with bundles, each holds its own content): both within the interval.
    await until(async () => ((await version()) === next.version ? true : undefined), 'the rewritten artifact');
    await until(async () => ((await taxedWith()) === next.version ? true : undefined), 'a calculation with the rewritten artifact');

    // Half an artifact (a write cut short): refused, the version held answers on.
    writeFileSync(file, next.json.slice(0, 1000));
    await new Promise((r) => setTimeout(r, 2500));
    expect(await version()).toBe(next.version);
    expect(await taxedWith()).toBe(next.version);

    // The file made whole again is read once more.
    const third = renamed('-r3');
    writeFileSync(file, third.json);
    await until(async () => ((await version()) === third.version ? true : undefined), 'the repaired artifact');
    await until(async () => ((await taxedWith()) === third.version ? true : undefined), 'a calculation with the repaired artifact');
  });
});
