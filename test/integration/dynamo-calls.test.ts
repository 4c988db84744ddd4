// DynamoDB requests per request of a warm function: the budget the design promises, asserted so it
// cannot creep. A key at the contract's default limits pays one rate-counter write per request; a
// key at 1,000/min or more leases tokens, so its requests mostly skip that write. Metered usage
// (issue 30) adds no request: a commit's or a refund's usage counter is an item of its own
// TransactWriteItems, and a calculation's unit waits in the process's tally, stored later by one
// UpdateItem for every unit of the key and day.
import { expect, inject, it } from 'vitest';
import { describeLocal } from '../support/target';
import { inProcess } from '../../lib/local/invoke';
import { KEYS } from '../fixtures/seed';
import { unique } from '../support/http';
import { flushUsageTallies } from '../../functions/application/usage';

const { invoke, dynamoCalls } = inProcess(inject('dynamoEndpoint'));

async function counted<T>(call: () => Promise<T>): Promise<{ result: T; calls: number }> {
  const before = await dynamoCalls();
  const result = await call();
  return { result, calls: (await dynamoCalls()) - before };
}

/** Keeps a sequence of requests inside one rate window (leases belong to a window). */
async function awayFromMinuteEdge(seconds: number): Promise<void> {
  const s = (Date.now() / 1000) % 60;
  if (s > 58 - seconds) await new Promise((r) => setTimeout(r, (60.5 - s) * 1000));
}

const calculation = { date: '2026-04-15', ship_to: { state: 'NY', zip: '10001' }, lines: [{ amount: 100 }] };
const sale = (code: string) => ({ code, date: '2026-04-15', ship_to: { state: 'NY', zip: '10001' }, lines: [{ amount: 100 }, { amount: 20 }] });

async function budget(key: string) {
  await invoke('POST', '/api/v1/transactions', key, sale(unique('WARM')));
  const commit = await counted(() => invoke('POST', '/api/v1/transactions', key, sale(unique('CALLS'))));
  expect(commit.result.status).toBe(201);
  const code = commit.result.body.code;
  const lookup = await counted(() => invoke('GET', `/api/v1/transactions/${code}`, key));
  expect(lookup.result.status).toBe(200);
  const refund = await counted(() =>
    invoke('POST', `/api/v1/transactions/${code}/refunds`, key, { refund_code: unique('RF'), lines: [{ number: '1', amount: 10 }] }),
  );
  expect(refund.result.status).toBe(201);
  // An Idempotency-Key adds the Powertools record: one conditional put before, one update after.
  const idempotent = await counted(() => invoke('POST', '/api/v1/transactions', key, sale(unique('CALLS')), { 'Idempotency-Key': unique('ik') }));
  expect(idempotent.result.status).toBe(201);
  // Whatever earlier calculations left in the tally is stored first, outside the counted calls.
  await flushUsageTallies();
  const calculations = await counted(async () => {
    for (let i = 0; i < 3; i++) expect((await invoke('POST', '/api/v1/calculations', key, calculation)).status).toBe(200);
  });
  // Their three units, later and off their path: one UpdateItem (same key, day and kind).
  const stored = await counted(() => flushUsageTallies());
  return {
    commit: commit.calls,
    lookup: lookup.calls,
    refund: refund.calls,
    idempotent: idempotent.calls,
    threeCalculations: calculations.calls,
    usageFlush: stored.calls,
  };
}

describeLocal('DynamoDB calls per request (warm process, cached key and tenant configuration)', () => {
  it('default limits: commit = counter + TransactWriteItems, lookup = counter + GetItem, refund = counter + GetItem + TransactWriteItems', async () => {
    await awayFromMinuteEdge(5);
    expect(await budget(KEYS.calls)).toEqual({ commit: 2, lookup: 2, refund: 3, idempotent: 4, threeCalculations: 3, usageFlush: 1 });
  });

  it('a key at 100,000/min spends leased tokens: no counter write on most requests', async () => {
    await awayFromMinuteEdge(5);
    expect(await budget(KEYS.admin)).toEqual({ commit: 1, lookup: 1, refund: 2, idempotent: 3, threeCalculations: 0, usageFlush: 1 });
  });
});
