// The nightly ERP loader (`stx batch`, cli/) end to end against the local runner: a CSV export with
// invalid rows committed through batches, a results CSV with one row per document and each failure's
// details, a non-zero exit for failed items and another for rows the export dropped, and a run killed mid-load that resumes from its state file without
// resubmitting what it had submitted (no document committed twice).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, inject, it } from 'vitest';
import { sampleExport } from '../../scripts/sample-export';
import { KEYS } from '../fixtures/seed';
import { api, unique, V1 } from '../support/http';

const STX = join(import.meta.dirname, '..', '..', 'cli', 'bin', 'stx.mjs');

function stx(args: string[], onStdout?: (text: string) => void, env: NodeJS.ProcessEnv = {}) {
  const child = spawn(process.execPath, [STX, ...args], { env: { ...process.env, STX_API_KEY: KEYS.admin, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (c: Buffer) => {
    out += c.toString();
    onStdout?.(out);
  });
  child.stderr.on('data', (c: Buffer) => {
    out += c.toString();
  });
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, out })),
  );
  return { child, done };
}

type Row = {
  reference_id: string;
  status: string;
  total_tax: string;
  error_code: string;
  error_target: string;
  error_details: string;
  request_id: string;
};

describe('stx batch', () => {
  it('commits an export through batches and writes one result row per document, exiting 3 for rows the export dropped', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stx-load-'));
    const home = mkdtempSync(join(tmpdir(), 'stx-home-'));
    const prefix = unique('ERP');
    const csv = join(dir, 'export.csv');
    writeFileSync(csv, sampleExport(60, { invalidEvery: 10, prefix, seed: 7 }));
    const out = join(dir, 'results.csv');
    const args = ['batch', csv, '--base-url', inject('baseUrl'), '--operation', 'commit', '--out', out, '--batch-size', '25'];
    const { code, out: log } = await stx(args, undefined, { XDG_STATE_HOME: home }).done;
    expect(code, log).toBe(3);
    // The state file is the user's, not left beside the export.
    expect(readdirSync(dir).sort()).toEqual(['export.csv', 'results.csv']);
    expect(readdirSync(join(home, 'stx'))).toHaveLength(1);
    expect(log).toMatch(/^done: \d+ documents in 3 batches, \d+ succeeded, \d+ failed/m);
    const rows = parse(readFileSync(out), { columns: true }) as Row[];
    const references = rows.map((r) => r.reference_id);
    expect(new Set(references).size).toBe(references.length);
    const failed = rows.filter((r) => r.status === 'failed');
    // Invoices 10, 20, …: a negative amount, a non-numeric amount, an unknown tax code, a row without an invoice number, no ZIP.
    expect(failed.map((r) => r.error_code).sort()).toEqual(expect.arrayContaining(['export_rejected', 'invalid_address', 'validation_error']));
    // Each failed document's error is what POST /transactions answers for it, field included.
    expect(new Set(failed.filter((r) => r.error_code === 'validation_error').map((r) => r.error_target))).toEqual(new Set(['lines.0.amount']));
    // Each names what is wrong with the field and its own request id, as the console's download does.
    const served = failed.filter((r) => r.error_code !== 'export_rejected');
    for (const row of served.filter((r) => r.error_code === 'validation_error')) expect(row.error_details).toMatch(/^lines\.0\.amount: .+ \(\w+\)$/);
    expect(new Set(served.map((r) => r.request_id)).size).toBe(served.length);
    // Illinois invoices carry the seller's posture in their own column: taxed, not refused.
    const illinois = sampleExport(60, { invalidEvery: 10, prefix, seed: 7 })
      .split('\n')
      .filter((l) => l.includes(',IL,60601,'))
      .map((l) => l.split(',')[0]!);
    expect(illinois.length).toBeGreaterThan(0);
    for (const ref of new Set(illinois.filter(Boolean))) expect(rows.find((r) => r.reference_id === ref)?.status, ref).not.toBe(undefined);
    expect(rows.filter((r) => illinois.includes(r.reference_id) && r.status === 'succeeded').length).toBeGreaterThan(0);
    expect(failed.filter((r) => r.error_code.startsWith('il_'))).toEqual([]);
    // Run again (everything submitted): with --allow-rejected only the documents the API failed count.
    const again = await stx([...args, '--allow-rejected'], undefined, { XDG_STATE_HOME: home }).done;
    expect(again.code, again.out).toBe(served.length > 0 ? 1 : 0);
    // An unknown tax code is taxed as general goods with a warning unless the document is strict: that invoice succeeded.
    expect(rows.find((r) => r.reference_id.endsWith('-000030'))?.status).toBe('succeeded');
    const ok = rows.find((r) => r.status === 'succeeded')!;
    expect(Number(ok.total_tax)).toBeGreaterThan(0);
    const doc = await api('GET', `${V1}/transactions/${ok.reference_id}`, { key: KEYS.admin });
    expect(doc.status).toBe(200);
    expect(doc.body.total_tax).toBe(Number(ok.total_tax));
  });

  it('resumes a killed load from its state file: nothing resubmitted, nothing committed twice', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stx-resume-'));
    const prefix = unique('RES');
    const csv = join(dir, 'export.csv');
    writeFileSync(csv, sampleExport(120, { prefix, seed: 11 }));
    const state = join(dir, 'state.json');
    const out = join(dir, 'results.csv');
    const args = ['batch', csv, '--base-url', inject('baseUrl'), '--operation', 'commit', '--out', out, '--state', state, '--batch-size', '20'];
    // Kill -9 once the first batches are submitted (their ids are in the state file).
    const first = stx(args);
    const until = Date.now() + 30_000;
    for (;;) {
      const saved = existsSync(state) ? (JSON.parse(readFileSync(state, 'utf8')) as { batches: { id?: string }[] }) : null;
      if (saved && saved.batches.filter((b) => b.id).length >= 2) break;
      if (Date.now() > until) throw new Error('the loader submitted nothing');
      await new Promise((r) => setTimeout(r, 20));
    }
    first.child.kill('SIGKILL');
    expect((await first.done).signal).toBe('SIGKILL');
    const submittedBefore = (JSON.parse(readFileSync(state, 'utf8')) as { batches: { id?: string }[] }).batches.map((b) => b.id).filter(Boolean);

    const second = await stx(args).done;
    expect(second.code, second.out).toBe(0);
    expect(second.out).toMatch(/resuming: \d+ of 6 batches were submitted before/);
    const after = JSON.parse(readFileSync(state, 'utf8')) as { batches: { id: string; status: string }[] };
    // The batches submitted before the kill kept their ids: polled, not submitted again.
    expect(after.batches.map((b) => b.id).slice(0, submittedBefore.length)).toEqual(submittedBefore);
    expect(after.batches.every((b) => b.status === 'completed')).toBe(true);
    const rows = parse(readFileSync(out), { columns: true }) as Row[];
    expect(rows).toHaveLength(120);
    expect(rows.every((r) => r.status === 'succeeded')).toBe(true);
  });
});
