// The sweeper over in-memory ports: a pending batch whose queue messages were lost gets its
// untallied chunks queued again (only once it is older than the minimum age), an overdue one fails,
// a finished one leaves the registry; one entry's failure does not stop the pass.
import { describe, expect, it } from 'vitest';
import { batchItemRunner, getBatch, runBatchChunk, submitBatch, submitJob, sweepBatch } from '../../../functions/application/batches';
import { type SweepHandler, sweep } from '../../../functions/application/sweeper';
import type { PendingWork, PendingWorkRegistry } from '../../../functions/core/work/pending-work';
import { itemRequests } from '../../../functions/handlers/workers/batch-item-requests';
import { call, FakeBatches, FakeBatchQueue, TENANT } from '../../support/fakes';
import { wired } from './wiring';

const NOW = new Date('2026-04-20T10:00:00.000Z');
const later = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);
const calcItem = (ref: string) => ({ reference_id: ref, request: { date: '2026-04-15', ship_to: { state: 'NY', zip: '10001' }, lines: [{ amount: 100 }] } });

function setup() {
  const app = wired();
  const batches = new FakeBatches();
  const queue = new FakeBatchQueue();
  const ports = { batches: () => batches, queue, queueOf: () => queue, settings: { deadlineSeconds: 3600 } };
  const runPorts = { batches: () => batches, runItems: batchItemRunner({ transactions: app.ports.transactions, parse: itemRequests }) };
  return { batches, queue, ports, runPorts };
}

class FakeRegistry implements PendingWorkRegistry {
  constructor(public entries: PendingWork[]) {}
  async *pages(limit: number) {
    for (let i = 0; i < this.entries.length; i += limit) yield this.entries.slice(i, i + limit);
  }
  async remove(work: Pick<PendingWork, 'id'>) {
    this.entries = this.entries.filter((e) => e.id !== work.id);
  }
}

describe('sweepBatch', () => {
  it('queues the untallied chunks of a batch whose messages were lost, once it is old enough; the batch then completes', async () => {
    const { queue, ports, runPorts } = setup();
    const batch = await submitBatch(ports, call(undefined, NOW), { items: Array.from({ length: 25 }, (_, i) => calcItem(`c${i}`)) });
    await runBatchChunk(runPorts, queue.sent[1]!, { now: NOW, requestId: 'w', finalAttempt: false });
    queue.sent.length = 0; // the queue's messages are gone (the emulator restarted)
    expect(await sweepBatch(ports, batch, later(30), 60_000)).toEqual({ requeued: 0 });
    expect(await sweepBatch(ports, batch, later(61), 60_000)).toEqual({ requeued: 2 });
    expect(queue.sent.map((m) => m.chunk)).toEqual([0, 2]);
    for (const message of queue.sent) await runBatchChunk(runPorts, message, { now: later(62), requestId: 'w', finalAttempt: false });
    expect((await getBatch(ports, call(undefined, later(63)), batch.id)).batch).toMatchObject({ status: 'completed', succeeded_count: 25 });
    expect(await sweepBatch(ports, batch, later(64), 0)).toBe('finished');
  });

  it("queues a return job's chunks to the return-job queue, not to the batch queue", async () => {
    const { batches } = setup();
    const batchQueue = new FakeBatchQueue();
    const returnQueue = new FakeBatchQueue();
    const ports = { batches: () => batches, queue: returnQueue, settings: { deadlineSeconds: 3600 } };
    const job = await submitJob(ports, call(undefined, NOW), 'return_job', [
      { reference_id: 'ny', operation: 'summarize', request: { state: 'NY', period: '2026-04', location_code: null } },
    ]);
    returnQueue.sent.length = 0;
    const queueOf = (kind: string) => (kind === 'batch' ? batchQueue : returnQueue);
    expect(await sweepBatch({ batches: () => batches, queueOf }, job, later(61), 60_000)).toEqual({ requeued: 1 });
    expect([batchQueue.sent.length, returnQueue.sent.length]).toEqual([0, 1]);
  });

  it('fails a batch past its deadline, with the deadline failure a reader would write', async () => {
    const { ports } = setup();
    const batch = await submitBatch(ports, call(undefined, NOW), { items: [calcItem('a')] });
    expect(await sweepBatch(ports, batch, later(3601), 0)).toBe('failed_overdue');
    expect((await getBatch(ports, call(undefined, later(3602)), batch.id)).batch).toMatchObject({ status: 'failed', failed_count: 1 });
  });

  it('completes a batch whose chunks were all tallied but whose header was not finished', async () => {
    const { batches, queue, ports, runPorts } = setup();
    const batch = await submitBatch(ports, call(undefined, NOW), { items: [calcItem('a')] });
    const finish = batches.finish.bind(batches);
    batches.finish = async () => {
      throw new Error('crashed before completing');
    };
    await expect(runBatchChunk(runPorts, queue.sent[0]!, { now: NOW, requestId: 'w', finalAttempt: false })).rejects.toThrow(/crashed/);
    batches.finish = finish;
    expect(await sweepBatch(ports, batch, later(1), 0)).toBe('finished');
    expect(batches.headers.get(batch.id)?.status).toBe('completed');
  });
});

describe('sweep', () => {
  it('hands each entry to its kind, removes finished work, and goes on after a failure', async () => {
    const work = (id: string): PendingWork => ({ kind: 'batch', tenant: TENANT, id, since: NOW.toISOString() });
    const registry = new FakeRegistry([work('done'), work('boom'), work('busy')]);
    const handler: SweepHandler = async (w) => {
      if (w.id === 'boom') throw new Error('boom');
      return w.id === 'done' ? { finished: true } : { finished: false, requeued: 3 };
    };
    const failed: string[] = [];
    const report = await sweep({ registry, handlers: { batch: handler, webhook_deliveries: handler, nexus_test: handler } }, NOW, (w) => failed.push(w.id));
    expect(report).toEqual({ seen: 3, finished: 1, requeued: 3, failed: 1 });
    expect(failed).toEqual(['boom']);
    expect(registry.entries.map((e) => e.id)).toEqual(['boom', 'busy']);
  });
});
