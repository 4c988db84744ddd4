// The limits of one document (docs/transactions-and-certificates.md): a change is one DynamoDB
// transaction of at most 100 items (the documents, their event, one return summary per destination
// state and month, and per location when the document names one). A commit that would need more is
// refused up front with 400 invalid_request naming the limit: never a 500, never part of a
// document. A committed sale keeps one item free, so its refund, credit or void always fits where
// it did.
import { describe, expect, it } from 'vitest';
import { KEYS } from '../fixtures/seed';
import { zipRows } from '../support/data';
import { eventsMentioning } from '../support/dynamo';
import { api, expectError, unique, V1 } from '../support/http';
import { REMOTE } from '../support/target';

const DATE = '2026-04-15';
/** One ZIP of each state and DC, from the content's own table. */
const ZIP_OF = new Map<string, string>();
for (const row of zipRows) if (row.state !== 'PR' && !ZIP_OF.has(row.state)) ZIP_OF.set(row.state, row.zip);
const STATES = [...ZIP_OF.keys()].sort();

/** A sale with one line to each of the first `states` states (and DC). */
const spread = (code: string, states: number, location_code?: string) => ({
  code,
  date: DATE,
  seller_class: 'remote',
  ...(location_code ? { location_code } : {}),
  ship_to: { state: 'NY', zip: '10001' },
  lines: STATES.slice(0, states).map((state, i) => ({
    number: String(i + 1),
    amount: 10 + i,
    description: 'Desk lamp',
    ship_to: { state, zip: ZIP_OF.get(state)! },
  })),
});

async function commit(body: unknown) {
  const res = await api('POST', `${V1}/transactions`, { key: KEYS.admin, body });
  if (res.status !== 400) expect(res.status, res.text).toBe(201);
  return res;
}

describe('a document too large for one atomic write', () => {
  it('has every state and DC to hand', () => expect(STATES.length).toBe(51));

  it('is refused up front with 400 invalid_request naming the limit, and nothing of it is stored', async () => {
    const code = unique('WIDE48');
    const res = await commit(spread(code, 48, 'NYC'));
    const error = expectError(res, 400, 'invalid_request');
    expect(error.details).toEqual([expect.objectContaining({ code: 'transaction_item_limit', target: 'lines', severity: 'error' })]);
    const detail = error.details![0]!.message as string;
    expect(detail).toContain('needs 101 items');
    expect(detail).toContain('DynamoDB allows 100');
    expect(detail).toContain('at most 47 destination states');
    expectError(await api('GET', `${V1}/transactions/${code}`, { key: KEYS.admin }), 404, 'transaction_not_found');
    if (!REMOTE) expect(await eventsMentioning('acct_main', 'sandbox', code)).toEqual([]);
  });

  it('at the limit commits, and its full refund, its void and its adjustment each fit', async () => {
    const sale = unique('WIDE47');
    expect((await commit(spread(sale, 47, 'NYC'))).status).toBe(201);
    const refund = await api('POST', `${V1}/transactions/${sale}/refunds`, { key: KEYS.admin, body: { refund_code: `${sale}-R` } });
    expect(refund.status, refund.text).toBe(201);
    expect((await api('GET', `${V1}/transactions/${sale}`, { key: KEYS.admin })).body.status).toBe('refunded');

    const voided = unique('WIDE47V');
    expect((await commit(spread(voided, 47, 'NYC'))).status).toBe(201);
    const voiding = await api('POST', `${V1}/transactions/${voided}/void`, { key: KEYS.admin, body: {} });
    expect(voiding.status, voiding.text).toBe(200);

    const adjusted = unique('WIDE47A');
    expect((await commit(spread(adjusted, 47, 'NYC'))).status).toBe(201);
    const { code: _code, ...replacement } = spread('-', 47, 'NYC');
    const adjustment = await api('POST', `${V1}/transactions/adjustments`, {
      key: KEYS.admin,
      body: { original_code: adjusted, reversal_code: `${adjusted}-REV`, replacement_code: `${adjusted}-NEW`, replacement },
    });
    expect(adjustment.status, adjustment.text).toBe(201);
  });

  it('without a location every state and DC fit in one document', async () => {
    expect((await commit(spread(unique('WIDE51'), 51))).status).toBe(201);
  });

  it('in a batch fails alone, with the same error; the other items commit', async () => {
    const wide = unique('BWIDE');
    const small = unique('BSMALL');
    const res = await api('POST', `${V1}/batches`, {
      key: KEYS.admin,
      body: {
        items: [
          { reference_id: 'wide', operation: 'commit', request: spread(wide, 49, 'NYC') },
          { reference_id: 'small', operation: 'commit', request: { code: small, date: DATE, ship_to: { state: 'NY', zip: '10001' }, lines: [{ amount: 5 }] } },
        ],
      },
    });
    expect(res.status, res.text).toBe(202);
    let batch: any;
    for (let i = 0; i < 300; i++) {
      batch = (await api('GET', `${V1}/batches/${res.body.id}`, { key: KEYS.admin })).body;
      if (batch.status !== 'pending') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const byRef = Object.fromEntries(batch.items.map((item: any) => [item.reference_id, item]));
    expect(byRef.wide).toMatchObject({
      status: 'failed',
      error: { code: 'invalid_request', details: [expect.objectContaining({ code: 'transaction_item_limit' })] },
    });
    expect(byRef.small).toMatchObject({ status: 'succeeded' });
    expectError(await api('GET', `${V1}/transactions/${wide}`, { key: KEYS.admin }), 404, 'transaction_not_found');
  });
});
