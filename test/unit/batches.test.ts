// The pure batch rules: chunking, completion once every chunk is tallied, failure at the deadline,
// retention, and what readers see of unfinished items.
import { describe, expect, it } from 'vitest';
import {
  batchView,
  chunkCount,
  chunkRange,
  completion,
  countsOf,
  deadlineFailure,
  isExpired,
  isOverdue,
  itemView,
  newBatch,
} from '../../functions/core/batches/batch';
import { tenantPrincipal } from '../support/fakes';

const AT = '2026-11-23T10:00:00.000Z';
const batchOf = (itemCount: number) => newBatch({ kind: 'batch', id: '1', principal: tenantPrincipal(), itemCount, at: AT, deadlineSeconds: 3600 });

describe('batch rules', () => {
  it('chunks items ten to a message and covers every index exactly once', () => {
    for (const n of [1, 9, 10, 11, 499, 500]) {
      const covered = Array.from({ length: chunkCount('batch', n) }, (_, c) => chunkRange({ kind: 'batch', item_count: n }, c)).flatMap(({ from, to }) =>
        Array.from({ length: to - from }, (_, i) => from + i),
      );
      expect(covered).toEqual(Array.from({ length: n }, (_, i) => i));
    }
    expect(chunkCount('batch', 500)).toBe(50);
    expect(chunkCount('return_job', 5000)).toBe(200);
  });

  it('completes only once every chunk is tallied, with counts summed from the tallies and 30 days of retention', () => {
    const batch = batchOf(25);
    expect(completion(batch, [{ chunk: 0, succeeded: 10, failed: 0 }], AT)).toBeNull();
    // A tally seen twice still counts once.
    const twice = [
      { chunk: 0, succeeded: 10, failed: 0 },
      { chunk: 0, succeeded: 10, failed: 0 },
      { chunk: 1, succeeded: 9, failed: 1 },
    ];
    expect(completion(batch, twice, AT)).toBeNull();
    const done = completion(batch, [...twice, { chunk: 2, succeeded: 3, failed: 2 }], '2026-11-23T10:00:05.000Z');
    expect(done?.batch).toMatchObject({ status: 'completed', succeeded_count: 22, failed_count: 3, expires_at: '2026-12-23T10:00:05.000Z' });
    expect(done?.events.map((e) => [e.type, (e.data as { succeeded_count: number }).succeeded_count])).toEqual([['batch.completed', 22]]);
    expect(completion(done!.batch, [], AT)).toBeNull();
  });

  it('fails a batch past its deadline, dated at the deadline; its unfinished items read as internal_error', () => {
    const batch = batchOf(12);
    expect(isOverdue(batch, new Date('2026-11-23T10:59:59.000Z'))).toBe(false);
    expect(isOverdue(batch, new Date('2026-11-23T11:00:00.000Z'))).toBe(true);
    expect(deadlineFailure(batch, [], 0, '2026-11-23T10:30:00.000Z')).toBeNull();
    const failed = deadlineFailure(batch, [{ chunk: 0, succeeded: 8, failed: 2 }], 1, batch.deadline_at);
    expect(failed?.batch).toMatchObject({ status: 'failed', succeeded_count: 9, failed_count: 3, completed_at: '2026-11-23T11:00:00.000Z' });
    expect(failed?.events.map((e) => e.type)).toEqual(['batch.failed']);
    const pending = { index: 11, reference_id: 'r11', operation: 'calculate' as const, status: 'pending' as const };
    expect(itemView(failed!.batch, pending)).toMatchObject({ status: 'failed', error: { code: 'internal_error' } });
    expect(itemView(batch, pending)).toEqual({ reference_id: 'r11', operation: 'calculate', status: 'pending' });
  });

  it('expires 30 days after it finished, not before', () => {
    const done = completion(batchOf(1), [{ chunk: 0, succeeded: 1, failed: 0 }], AT)!.batch;
    expect(isExpired(done, new Date('2026-12-23T09:59:59.999Z'))).toBe(false);
    expect(isExpired(done, new Date('2026-12-23T10:00:00.000Z'))).toBe(true);
    expect(isExpired(batchOf(1), new Date('2030-01-01T00:00:00Z'))).toBe(false);
  });

  it('shows running counts while pending and final counts after', () => {
    const batch = batchOf(20);
    expect(countsOf(batch, [{ chunk: 1, succeeded: 7, failed: 3 }])).toEqual({ succeeded_count: 7, failed_count: 3 });
    expect(batchView(batch, [])).toMatchObject({ object: 'batch', status: 'pending', succeeded_count: 0, completed_at: null, expires_at: null });
  });
});
