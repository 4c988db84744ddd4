// Batch figures for `npm run bench`, through the local runner's HTTP front and its SQS poller:
// 500 ten-line items submitted and polled (GET /batches/{id}?items_limit=0 every 50 ms) until completed.
import { TEN_LINES } from './document';

export interface BatchFigures {
  readonly calc500Seconds: number;
  readonly commit500Seconds: number;
  readonly itemsPerSecond: number;
}

async function timeBatch(baseUrl: string, key: string, items: unknown[]): Promise<number> {
  const headers = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };
  const t = performance.now();
  const res = await fetch(`${baseUrl}/api/v1/batches`, { method: 'POST', headers, body: JSON.stringify({ items }) });
  if (res.status !== 202) throw new Error(`batch submission answered ${res.status}: ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  for (;;) {
    // The batch without its items: what a client polls.
    const poll = await fetch(`${baseUrl}/api/v1/batches/${id}?items_limit=0`, { headers });
    const batch = (await poll.json()) as { status: string; failed_count: number };
    if (batch.status !== 'pending') {
      if (batch.status !== 'completed' || batch.failed_count > 0) throw new Error(`batch ${id} ended ${batch.status} with ${batch.failed_count} failures`);
      return (performance.now() - t) / 1000;
    }
    if (performance.now() - t > 120_000) throw new Error(`batch ${id} still pending after 120 s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function batchFigures(baseUrl: string, key: string): Promise<BatchFigures> {
  const run = Date.now().toString(36);
  // Warm-up: the worker's and DynamoDB Local's first calls.
  await timeBatch(baseUrl, key, [{ reference_id: 'warm', request: TEN_LINES }]);
  const calc500Seconds = await timeBatch(
    baseUrl,
    key,
    Array.from({ length: 500 }, (_, i) => ({ reference_id: `c${i}`, request: TEN_LINES })),
  );
  const commit500Seconds = await timeBatch(
    baseUrl,
    key,
    Array.from({ length: 500 }, (_, i) => ({ reference_id: `t${i}`, operation: 'commit', request: { code: `bench-batch-${run}-${i}`, ...TEN_LINES } })),
  );
  const round = (x: number) => Math.round(x * 100) / 100;
  return {
    calc500Seconds: round(calc500Seconds),
    commit500Seconds: round(commit500Seconds),
    itemsPerSecond: Math.round(1000 / (calc500Seconds + commit500Seconds)),
  };
}

/**
 * The nightly ERP loader end to end: 10,000 invoices (1–5 lines, 15 states) from a CSV export,
 * committed through `stx batch` (500-item batches) against the runner; seconds from start to the
 * results file.
 */
export async function erpLoadSeconds(baseUrl: string, key: string, invoices = 10_000): Promise<number> {
  const { mkdtempSync, rmSync, writeFileSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { spawnSync } = await import('node:child_process');
  const { sampleExport } = await import('../sample-export');
  const dir = mkdtempSync(join(tmpdir(), 'stx-erp-bench-'));
  try {
    const csv = join(dir, 'export.csv');
    writeFileSync(csv, sampleExport(invoices, { prefix: `ERP${Date.now().toString(36)}`, seed: 3 }));
    const t = performance.now();
    const run = spawnSync(
      process.execPath,
      ['cli/bin/stx.mjs', 'batch', csv, '--base-url', baseUrl, '--operation', 'commit', '--out', join(dir, 'results.csv')],
      { env: { ...process.env, STX_API_KEY: key }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    if (run.status !== 0) throw new Error(`stx batch exited ${run.status}: ${run.stdout.slice(-500)} ${run.stderr.slice(-500)}`);
    return Math.round((performance.now() - t) / 100) / 10;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
