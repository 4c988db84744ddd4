// DynamoDB requests per request of a warm function: the budget the design promises (a rate-limit
// counter update, then one read and/or one transactional write), asserted so it cannot creep.
import { describe, expect, inject, it } from 'vitest';
import { inProcess } from '../../lib/local/invoke';
import { KEYS } from '../fixtures/seed';
import { unique } from '../support/http';

const { invoke, dynamoCalls } = inProcess(inject('dynamoEndpoint'));

async function counted<T>(call: () => Promise<T>): Promise<{ result: T; calls: number }> {
  const before = await dynamoCalls();
  const result = await call();
  return { result, calls: (await dynamoCalls()) - before };
}

const sale = (code: string) => ({ code, date: '2026-04-15', ship_to: { state: 'NY', zip: '10001' }, lines: [{ amount: 100 }, { amount: 20 }] });

describe('DynamoDB calls per request (warm process, cached key and tenant configuration)', () => {
  it('commit: rate counter + one TransactWriteItems; lookup: rate counter + one GetItem; refund: + one GetItem + one TransactWriteItems', async () => {
    await invoke('POST', '/api/v1/transactions', KEYS.admin, sale(unique('WARM')));

    const commit = await counted(() => invoke('POST', '/api/v1/transactions', KEYS.admin, sale(unique('CALLS'))));
    expect(commit.result.status).toBe(201);
    expect(commit.calls).toBe(2);

    const code = commit.result.body.code;
    const lookup = await counted(() => invoke('GET', `/api/v1/transactions/${code}`, KEYS.admin));
    expect(lookup.result.status).toBe(200);
    expect(lookup.calls).toBe(2);

    const refund = await counted(() => invoke('POST', `/api/v1/transactions/${code}/refunds`, KEYS.admin, { refund_code: unique('RF'), lines: [{ number: '1', amount: 10 }] }));
    expect(refund.result.status).toBe(201);
    expect(refund.calls).toBe(3);

    // An Idempotency-Key adds the Powertools record: one conditional put before, one update after.
    const idempotent = await counted(() => invoke('POST', '/api/v1/transactions', KEYS.admin, sale(unique('CALLS')), { 'Idempotency-Key': unique('ik') }));
    expect(idempotent.result.status).toBe(201);
    expect(idempotent.calls).toBe(4);
  });
});
