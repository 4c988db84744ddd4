// The joined writes of a batch chunk: nothing is sent until every member has asked to write or
// finished; then one writeEach carries every waiting change and each member gets its own outcome; a
// member's second write (a retry) goes straight to the store.
import { describe, expect, it } from 'vitest';
import { joinedWrites } from '../../../functions/application/joined-writes';
import { DomainError } from '../../../functions/core/errors';
import type { DocumentChange, TransactionRepository, WriteOutcome } from '../../../functions/core/transactions/repository';

/** A store that records what reached it and answers writeEach from `answer`. */
function recordingStore(answer: (changes: readonly DocumentChange[]) => WriteOutcome[] | Error = (c) => c.map(() => ({ written: true }))) {
  const calls: string[] = [];
  const store: TransactionRepository = {
    get: async () => null,
    list: async () => ({ data: [], next_cursor: null }),
    write: async (change) => {
      calls.push(`write ${change.create[0]?.code}`);
    },
    writeEach: async (changes) => {
      calls.push(`writeEach ${changes.map((c) => c.create[0]?.code).join(',')}`);
      const out = answer(changes);
      if (out instanceof Error) throw out;
      return out;
    },
  };
  return { store, calls };
}

const change = (code: string): DocumentChange => ({ create: [{ code } as never], update: [], events: [] });
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('joined writes', () => {
  it('sends nothing until every member asked to write or finished, then one writeEach of every waiting change', async () => {
    const { store, calls } = recordingStore();
    const group = joinedWrites(store, 3);
    const [a, b, c] = [group.member(), group.member(), group.member()];
    const wa = a.repository.write(change('A'));
    await tick();
    expect(calls).toEqual([]);
    // A member failing before it writes (a validation error) must not hold the others back.
    c.done();
    await tick();
    expect(calls).toEqual([]);
    const wb = b.repository.write(change('B'));
    await Promise.all([wa, wb]);
    expect(calls).toEqual(['writeEach A,B']);
    a.done();
    b.done();
  });

  it('settles each member with its own outcome, and sends a retry straight to the store', async () => {
    const duplicate = new DomainError('duplicate_transaction', 'exists');
    const { store, calls } = recordingStore((changes) =>
      changes.map((c) => (c.create[0]?.code === 'DUP' ? { written: false, error: duplicate } : { written: true })),
    );
    const group = joinedWrites(store, 2);
    const [ok, dup] = [group.member(), group.member()];
    const results = await Promise.allSettled([ok.repository.write(change('OK')), dup.repository.write(change('DUP'))]);
    expect(results[0]).toEqual({ status: 'fulfilled', value: undefined });
    expect(results[1]).toEqual({ status: 'rejected', reason: duplicate });
    await dup.repository.write(change('AGAIN'));
    expect(calls).toEqual(['writeEach OK,DUP', 'write AGAIN']);
  });

  it('rejects every waiting member when the joined write itself fails (each decides whether to retry)', async () => {
    const { store } = recordingStore(() => new Error('throttled'));
    const group = joinedWrites(store, 2);
    const writes = [group.member(), group.member()].map((m) => m.repository.write(change('X')));
    for (const w of writes) await expect(w).rejects.toThrow('throttled');
  });

  it('flushes at once when the last open member finishes without writing', async () => {
    const { store, calls } = recordingStore();
    const group = joinedWrites(store, 2);
    const [writer, idle] = [group.member(), group.member()];
    let settled = false;
    const w = writer.repository.write(change('W')).then(() => (settled = true));
    await tick();
    expect(settled).toBe(false);
    idle.done();
    idle.done(); // done twice counts once
    await w;
    expect(calls).toEqual(['writeEach W']);
  });
});
