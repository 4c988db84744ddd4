// Durability of the local run (docs/running-locally.md, "Durability and failure modes"): a runner
// keeps its data in a directory, a second runner on that directory is refused, and a runner killed
// with SIGKILL in the middle of a batch loses nothing: started again on the same directory (and the
// same seed, loaded again as an upsert) it finds every document exactly once, and the sweeper
// re-queues the batch's unfinished chunks from DynamoDB (the SQS emulator's messages died with the
// process), so the batch completes. Every calculation answered before the kill is billed exactly
// once: its unit was in the usage journal (a file of the data directory) before its answer left,
// and the second runner sums what the first had not.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, expect, it } from 'vitest';
import { tenantEvents } from '../../functions/adapters/dynamodb/events';
import { MAIN_TABLE } from '../../functions/manifest/resources';
import { localTableName } from '../../lib/local/provision';
import { SEED } from '../fixtures/seed';
import { type Receiver, startReceiver } from '../support/receiver';
import { callRunner as call, type RunnerProcess, startRunner } from '../support/runner-process';
import { describeLocal } from '../support/target';

const dir = mkdtempSync(join(tmpdir(), 'stx-durable-'));
const seedPath = join(dir, 'seed.json');
writeFileSync(seedPath, JSON.stringify(SEED));
const dataDir = join(dir, 'data');
const env = { TAX_SEED_FILE: seedPath, STX_DATA_DIR: dataDir };
const running: RunnerProcess[] = [];
let receiver: Receiver | undefined;

afterAll(async () => {
  await Promise.allSettled(running.map((r) => r.stop()));
  await receiver?.close();
  rmSync(dir, { recursive: true, force: true });
});

const ship_to = { state: 'NY', zip: '10001' };
const DATE = '2026-04-15';
const ITEMS = 80;

describeLocal('a durable local run', () => {
  it('survives kill -9 mid-batch: documents exactly once, the batch completes, totals match', { timeout: 600_000 }, async () => {
    const first = await startRunner(env);
    running.push(first);
    expect(first.output()).toContain(`Data: ${dataDir}`);

    // A second runner on the same directory is refused while the first lives.
    const refused = await startRunner(env).then(
      (r) => {
        running.push(r);
        return 'started';
      },
      (error: { output?: string }) => error.output ?? '',
    );
    expect(refused).toMatch(/in use by another runner \(pid \d+\)/);

    // A webhook receiver that fails its first request: the delivery's retry is a delayed queue
    // message, which dies with the runner; the restarted runner's sweeper must send it again.
    receiver = await startReceiver((_, index) => (index === 0 ? 503 : 200));
    const hook = await call(first.url, 'POST', '/webhooks', { url: receiver.url, events: ['transaction.refunded'] });
    expect(hook.status).toBe(201);

    const sale = await call(first.url, 'POST', '/transactions', { code: 'DUR-SALE', date: DATE, ship_to, lines: [{ amount: 100 }] });
    expect(sale.status).toBe(201);
    const refund = await call(first.url, 'POST', '/transactions/DUR-SALE/refunds', { refund_code: 'DUR-REFUND', lines: [{ number: '1', amount: 40 }] });
    expect(refund.status).toBe(201);
    await receiver.until((r) => r.length >= 1, 30_000, 'first delivery attempt');
    const items = Array.from({ length: ITEMS }, (_, i) => ({
      reference_id: `r${i}`,
      operation: 'commit',
      request: { code: `DUR-B-${i}`, date: DATE, ship_to, lines: [{ amount: 10 + i }] },
    }));
    // Calculations store nothing: their units are lines of the usage journal, written before each
    // answer is returned and summed off the request's path (functions/application/usage.ts). Five
    // answered well before the crash (summed by the first runner, most likely), three just before
    // it, the last a moment before the kill: all eight count, once.
    const calculation = { date: DATE, ship_to, lines: [{ amount: 5 }] };
    for (let i = 0; i < 5; i++) expect((await call(first.url, 'POST', '/calculations', calculation)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 2500));
    const batch = await call(first.url, 'POST', '/batches', { items });
    expect(batch.status).toBe(202);
    for (let i = 0; i < 2; i++) expect((await call(first.url, 'POST', '/calculations', calculation)).status).toBe(200);
    const keysBefore = (await call(first.url, 'GET', '/keys?limit=100')).body.data.length as number;
    expect((await call(first.url, 'POST', '/calculations', calculation)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 0));
    await first.crash();
    const crashedAt = Date.now();
    const journals = () => readdirSync(join(dataDir, 'usage-journal')).filter((f) => f.endsWith('.jsonl'));
    const leftByFirst = journals();
    expect(leftByFirst).toHaveLength(1);

    // This runner sweeps every 2 s and re-queues work as soon as it is due (locally: 60 s, 120 s).
    const second = await startRunner({ ...env, STX_SWEEP_SECONDS: '2', STX_SWEEP_MIN_AGE_SECONDS: '0' });
    running.push(second);
    const until = Date.now() + 240_000;
    let done: any;
    for (;;) {
      done = (await call(second.url, 'GET', `/batches/${batch.body.id}?items_limit=${ITEMS}`)).body;
      if (done.status !== 'pending' || Date.now() > until) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(done).toMatchObject({ status: 'completed', succeeded_count: ITEMS, failed_count: 0 });
    // Its queue messages died with the first runner: unless it had completed before the crash (the
    // workers can finish 80 items in well under a second), only the sweeper's can have finished it.
    if (!/sweeper: [1-9]\d* queue messages/.test(second.output())) expect(Date.parse(done.completed_at)).toBeLessThanOrEqual(crashedAt);

    // Every document exactly once, with the amounts submitted.
    expect((await call(second.url, 'GET', '/transactions/DUR-SALE')).body).toMatchObject({ code: 'DUR-SALE', total_amount: 100 });
    expect((await call(second.url, 'GET', '/transactions/DUR-REFUND')).body).toMatchObject({ kind: 'refund', total_amount: -40 });
    const codes: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { data: { code: string }[]; next_cursor: string | null } = (
        await call(second.url, 'GET', `/transactions?limit=100${cursor ? `&cursor=${cursor}` : ''}`)
      ).body;
      codes.push(...page.data.map((t: { code: string }) => t.code));
      cursor = page.next_cursor;
    } while (cursor);
    const durable = codes.filter((c) => c.startsWith('DUR-'));
    expect(new Set(durable).size).toBe(durable.length);
    expect(durable.length).toBe(ITEMS + 2);
    let total = 0;
    for (let i = 0; i < ITEMS; i++) {
      const doc = (await call(second.url, 'GET', `/transactions/DUR-B-${i}`)).body;
      expect(doc.total_amount).toBe(10 + i);
      total += doc.total_amount;
    }
    expect(total).toBe(ITEMS * 10 + (ITEMS * (ITEMS - 1)) / 2);

    // One event per change, none lost, none doubled.
    const dynamo = /DynamoDB Local (\S+),/.exec(second.output())![1]!;
    const db = DynamoDBDocumentClient.from(
      new DynamoDBClient({ endpoint: dynamo, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
    );
    const stored = await tenantEvents(db, localTableName(MAIN_TABLE), { accountId: 'acct_main', environment: 'sandbox' });
    const committed = stored.filter((e) => e.type === 'transaction.committed' && e.data.includes('"DUR-'));
    expect(committed.length).toBe(ITEMS + 1);
    expect(stored.filter((e) => e.type === 'transaction.refunded' && e.data.includes('DUR-REFUND')).length).toBe(1);
    db.destroy();

    // The refund's webhook, whose retry died with the first runner, arrives from the second: same event.
    const [failed, retried] = await receiver.until((r) => r.length >= 2, 90_000, 'retried delivery');
    expect(retried!.headers['webhook-id']).toBe(failed!.headers['webhook-id']);
    expect(retried!.json).toMatchObject({ type: 'transaction.refunded' });
    const events = (await call(second.url, 'GET', '/events?type=transaction.refunded')).body.data as {
      id: string;
      deliveries: { state: string; attempts: number }[];
    }[];
    expect(events.find((e) => e.id === failed!.headers['webhook-id'])?.deliveries).toMatchObject([{ state: 'delivered', attempts: 2 }]);

    // Usage: every document and batch item billed exactly once across the crash, in the writes that
    // made them; every calculation answered, the last ones from the journal the first runner left,
    // none twice.
    const usage = (await call(second.url, 'GET', '/usage?group_by=kind')).body;
    const units = Object.fromEntries(usage.data.map((g: { group: string; total: number }) => [g.group, g.total]));
    expect(units).toEqual({ commit: 1, refund: 1, batch_item: ITEMS, calculation: 8 });
    // The first runner's journal file, consumed, is gone.
    expect(journals().filter((f) => leftByFirst.includes(f))).toEqual([]);

    // The seed loaded twice: each seeded key once.
    expect((await call(second.url, 'GET', '/keys?limit=100')).body.data.length).toBe(keysBefore);
  });
});
