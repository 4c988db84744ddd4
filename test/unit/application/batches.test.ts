// The batch use cases over in-memory ports: submission queues every chunk; a chunk runs its items
// through the same calculation and commit use cases as the endpoints; redelivered, crashed and
// concurrent runs of a chunk leave every document committed once and every item counted once.
import { describe, expect, it } from 'vitest';
import { type BatchRunPorts, batchItemRunner, type ChunkRun, getBatch, runBatchChunk, submitBatch } from '../../../functions/application/batches';
import type { ChunkMessage } from '../../../functions/core/batches/ports';
import { itemRequests } from '../../../functions/handlers/workers/batch-item-requests';
import { call, FakeBatches, FakeBatchQueue, TENANT } from '../../support/fakes';
import { wired } from './wiring';

const NOW = new Date('2026-04-20T10:00:00.000Z');
const ship_to = { state: 'NY', zip: '10001' };
const calcItem = (ref: string, amount = 100) => ({ reference_id: ref, request: { date: '2026-04-15', ship_to, lines: [{ amount }] } });
const commitItem = (ref: string, code: string) => ({
  reference_id: ref,
  operation: 'commit' as const,
  request: { code, date: '2026-04-15', ship_to, lines: [{ amount: 100 }] },
});

function setup() {
  const app = wired();
  const batches = new FakeBatches();
  app.stores.docs.of(TENANT).receipts = batches;
  const queue = new FakeBatchQueue();
  const ports = { batches: () => batches, queue, settings: { deadlineSeconds: 3600 } };
  const runPorts: BatchRunPorts = { batches: () => batches, runItems: batchItemRunner({ transactions: app.ports.transactions, parse: itemRequests }) };
  const run = (message: ChunkMessage, over: Partial<ChunkRun> = {}) =>
    runBatchChunk(runPorts, message, { now: NOW, requestId: 'req-worker', finalAttempt: false, ...over });
  return { app, batches, queue, ports, run };
}

describe('batch service', () => {
  it('queues one message per ten items and completes once every chunk ran, each item isolated', async () => {
    const { batches, queue, ports, run } = setup();
    const items = [...Array.from({ length: 11 }, (_, i) => calcItem(`c${i}`)), { reference_id: 'bad', request: { lines: 'x' } }];
    const batch = await submitBatch(ports, call(undefined, NOW), { items });
    expect(queue.sent.map((m) => m.chunk)).toEqual([0, 1]);
    await run(queue.sent[1]!);
    expect((await getBatch(ports, call(undefined, NOW), batch.id)).batch.status).toBe('pending');
    await run(queue.sent[0]!);
    const { batch: done } = await getBatch(ports, call(undefined, NOW), batch.id);
    expect(done).toMatchObject({ status: 'completed', succeeded_count: 11, failed_count: 1 });
    const bad = (await batches.items(batch.id, { limit: 100 })).data.find((i) => i.reference_id === 'bad');
    expect(bad?.error).toMatchObject({ code: 'validation_error', request_id: `req-worker.${bad?.index}` });
    expect(bad?.error?.details?.map((d) => d.target)).toEqual(['ship_to', 'lines']);
    expect(batches.events.map((e) => e.type)).toEqual(['batch.completed']);
  });

  it('has one effect per submission under an Idempotency-Key: a repeat answers the same job, queues it again and commits nothing twice', async () => {
    const { app, batches, queue, ports, run } = setup();
    const items = [commitItem('a', 'SUB-1'), calcItem('c')];
    const first = await submitBatch(ports, call(undefined, NOW), { items }, { submission: 'key_1\nacct\nnightly-0412' });
    await run(queue.sent[0]!);
    // The answer was lost (a timeout after the write, a crash before the 202): the client retries.
    const again = await submitBatch(ports, call(undefined, new Date(NOW.getTime() + 30_000)), { items }, { submission: 'key_1\nacct\nnightly-0412' });
    expect(again.id).toBe(first.id);
    expect(again.status).toBe('completed');
    expect(batches.headers.size).toBe(1);
    expect([...app.stores.docs.of(TENANT).docs.keys()]).toEqual(['SUB-1']);
    // A pending job is queued again (each chunk runs once however often it is delivered).
    const pending = await submitBatch(ports, call(undefined, NOW), { items: [calcItem('p')] }, { submission: 'key_1\nacct\nnightly-0413' });
    const sent = queue.sent.length;
    await submitBatch(ports, call(undefined, NOW), { items: [calcItem('p')] }, { submission: 'key_1\nacct\nnightly-0413' });
    expect(queue.sent.slice(sent).map((m) => m.batch.id)).toEqual([pending.id]);
    // Another payload under a key already used is refused; without a key every submission is new.
    await expect(submitBatch(ports, call(undefined, NOW), { items: [calcItem('q')] }, { submission: 'key_1\nacct\nnightly-0412' })).rejects.toMatchObject({
      code: 'idempotency_conflict',
    });
    const a = await submitBatch(ports, call(undefined, NOW), { items });
    const b = await submitBatch(ports, call(undefined, NOW), { items });
    expect(a.id).not.toBe(b.id);
  });

  it('commits each item once when a chunk is delivered again after it finished, or twice at once', async () => {
    const { app, batches, queue, ports, run } = setup();
    const batch = await submitBatch(ports, call(undefined, NOW), { items: [commitItem('a', 'A-1'), commitItem('b', 'B-1'), calcItem('c')] });
    await Promise.all([run(queue.sent[0]!), run(queue.sent[0]!)]);
    await run(queue.sent[0]!);
    const docs = app.stores.docs.of(TENANT);
    expect([...docs.docs.keys()].sort()).toEqual(['A-1', 'B-1']);
    expect(docs.events.map((e) => e.type)).toEqual(['transaction.committed', 'transaction.committed']);
    const { batch: done } = await getBatch(ports, call(undefined, NOW), batch.id);
    expect(done).toMatchObject({ status: 'completed', succeeded_count: 3, failed_count: 0 });
    const items = (await batches.items(batch.id, { limit: 100 })).data;
    expect(items.map((i) => [i.reference_id, i.status])).toEqual([
      ['a', 'succeeded'],
      ['b', 'succeeded'],
      ['c', 'succeeded'],
    ]);
    expect((items[0]!.result as { code: string }).code).toBe('A-1');
    expect(batches.events.map((e) => e.type)).toEqual(['batch.completed']);
  });

  it('after a crash between the commits and the tally, the redelivery commits nothing again and counts once', async () => {
    const { app, batches, queue, ports, run } = setup();
    const batch = await submitBatch(ports, call(undefined, NOW), { items: [commitItem('a', 'A-1'), calcItem('b')] });
    batches.failTallies = 1;
    await expect(run(queue.sent[0]!)).rejects.toThrow(/crashed/);
    expect([...app.stores.docs.of(TENANT).docs.keys()]).toEqual(['A-1']);
    await run(queue.sent[0]!);
    expect([...app.stores.docs.of(TENANT).docs.keys()]).toEqual(['A-1']);
    const { batch: done } = await getBatch(ports, call(undefined, NOW), batch.id);
    expect(done).toMatchObject({ status: 'completed', succeeded_count: 2, failed_count: 0 });
  });

  it('keeps an existing code a failed item (duplicate_transaction), not a success', async () => {
    const { app, queue, ports, run } = setup();
    await app.transactions.commit(call(undefined, NOW), { code: 'TAKEN', date: '2026-04-15', ship_to, lines: [{ amount: 5 }] });
    const batch = await submitBatch(ports, call(undefined, NOW), { items: [commitItem('a', 'TAKEN')] });
    await run(queue.sent[0]!);
    const { batch: done } = await getBatch(ports, call(undefined, NOW), batch.id);
    expect(done).toMatchObject({ status: 'completed', succeeded_count: 0, failed_count: 1 });
  });

  it('retries an unexpected failure, and on the last delivery records it as internal_error instead', async () => {
    const { app, batches, queue, ports, run } = setup();
    const batch = await submitBatch(ports, call(undefined, NOW), { items: [commitItem('a', 'A-1')] });
    const docs = app.stores.docs.of(TENANT);
    const write = docs.write.bind(docs);
    docs.write = async () => {
      throw new Error('DynamoDB unavailable');
    };
    await expect(run(queue.sent[0]!)).rejects.toThrow('DynamoDB unavailable');
    expect((await getBatch(ports, call(undefined, NOW), batch.id)).batch.status).toBe('pending');
    await run(queue.sent[0]!, { finalAttempt: true });
    docs.write = write;
    const item = (await batches.items(batch.id, { limit: 10 })).data[0]!;
    expect(item).toMatchObject({ status: 'failed', error: { code: 'internal_error' } });
    expect((await getBatch(ports, call(undefined, NOW), batch.id)).batch).toMatchObject({ status: 'completed', failed_count: 1 });
  });

  it('fails a batch nobody finished by its deadline, and then runs nothing more', async () => {
    const { app, batches, queue, ports, run } = setup();
    const batch = await submitBatch(ports, call(undefined, NOW), { items: [commitItem('a', 'A-1'), calcItem('b')] });
    const late = new Date(NOW.getTime() + 3600_000);
    const { batch: failed } = await getBatch(ports, call(undefined, late), batch.id);
    expect(failed).toMatchObject({ status: 'failed', succeeded_count: 0, failed_count: 2, completed_at: batch.deadline_at });
    expect(batches.events.map((e) => e.type)).toEqual(['batch.failed']);
    await run(queue.sent[0]!, { now: late });
    expect(app.stores.docs.of(TENANT).docs.size).toBe(0);
  });

  it('is not found once expired, and never for another location key', async () => {
    const { queue, ports, run } = setup();
    const batch = await submitBatch(ports, call(undefined, NOW), { items: [calcItem('a')] });
    await run(queue.sent[0]!);
    await expect(getBatch(ports, call(undefined, new Date('2026-05-20T10:00:00.001Z')), batch.id)).rejects.toMatchObject({ code: 'not_found' });
    await expect(getBatch(ports, call(undefined, new Date('2026-05-20T09:59:59.000Z')), batch.id)).resolves.toBeDefined();
  });
});
