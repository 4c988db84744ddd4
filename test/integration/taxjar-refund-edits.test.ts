// TaxJar refund updates and deletes (PUT and DELETE /v2/transactions/refunds/:id) through the
// official client and as the shop integrations send them, each checked against the documents
// /api/v1 shows: a delete withdraws the refund's live version (voided, its order given back what it
// took), an update withdraws it and writes the next version `<id>:v<n>` in the same atomic write.
import { describe, expect, it } from 'vitest';
import { SummaryStore } from '../../functions/adapters/dynamodb/summary-store';
import { TransactionStore } from '../../functions/adapters/dynamodb/transaction-store';
import type { Tenant } from '../../functions/core/access/records';
import { ALL_LOCATIONS, contributions, sumTotals } from '../../functions/core/returns/summary';
import { KEYS } from '../fixtures/seed';
import { db, MAIN_TABLE, SUMMARY_TABLE } from '../support/dynamo';
import { api, unique, V1 } from '../support/http';
import { describeLocal } from '../support/target';
import { cents, expectTaxjarError, lampAndAtlasOrder, taxjar } from '../support/taxjar';

const KEY = KEYS.taxjar;
const REFUNDS = '/taxjar/v2/transactions/refunds';

const order = (id: string, date = '2026/05/04') => lampAndAtlasOrder(id, { transaction_date: date });

/** A refund of `lamp` dollars of line 1 (and `shipping`), with TaxJar's negative amounts. */
function refundOf(id: string, orderId: string, lamp: number, shipping = 0, date = '2026/05/06') {
  return {
    transaction_id: id,
    transaction_reference_id: orderId,
    transaction_date: date,
    to_country: 'US',
    to_zip: '10001',
    to_state: 'NY',
    amount: -(lamp + shipping),
    shipping: -shipping,
    sales_tax: 0,
    line_items: [{ id: '1', quantity: 1, product_identifier: 'LAMP', description: 'Desk lamp', unit_price: -lamp }],
  };
}

interface V1Line {
  number: string;
  tax: number;
  refunded_amount: number;
  refundable_amount: number;
  remaining_tax: number;
}
interface V1Doc {
  code: string;
  status: string;
  kind: string;
  total_tax: number;
  collected_tax?: number | null;
  refunds: string[];
  voided_at: string | null;
  lines: V1Line[];
}

async function v1(code: string): Promise<{ status: number; body: V1Doc }> {
  const res = await api<V1Doc>('GET', `${V1}/transactions/${encodeURIComponent(code)}`, { key: KEY });
  return { status: res.status, body: res.body };
}

async function v1Doc(code: string): Promise<V1Doc> {
  const res = await v1(code);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** The ledger /api/v1 shows of each line: refunded, refundable and remaining tax, in cents. */
const ledger = (doc: V1Doc) => doc.lines.map((l) => [l.number, cents(l.refunded_amount), cents(l.refundable_amount), cents(l.remaining_tax)]);

async function createOrder(id: string, date?: string) {
  return (await taxjar().createOrder(order(id, date))).order;
}

describe('DELETE /v2/transactions/refunds/:id', () => {
  it('deleteRefund withdraws the refund: TaxJar’s delete answer, then 404, and the order gets back what it took', async () => {
    const id = unique('tj-rdel');
    await createOrder(id);
    const before = await v1Doc(id);
    const created = (await taxjar().createRefund(refundOf(`${id}-r`, id, 20))).refund;
    expect(created.transaction_id).toBe(`${id}-r`);
    const refunded = await v1Doc(id);
    expect(refunded.refunds).toEqual([`${id}-r`]);
    expect(cents(refunded.lines[0]!.refunded_amount)).toBe(2000);

    const deleted = await taxjar().deleteRefund(`${id}-r`);
    // As TaxJar answers a delete (its client's DeletedOrder): the id, every other field null.
    expect(deleted.refund).toMatchObject({ transaction_id: `${id}-r`, provider: 'api', transaction_date: null, amount: null, sales_tax: null, line_items: [] });
    await expectTaxjarError(taxjar().showRefund(`${id}-r`), 404);
    expect((await taxjar().listRefunds({ transaction_date: '2026/05/06' })).refunds).not.toContain(`${id}-r`);
    // A second delete finds no live refund: 404, and nothing changes again.
    await expectTaxjarError(taxjar().deleteRefund(`${id}-r`), 404);

    // /api/v1: the withdrawn refund reads voided, the order as before the refund.
    const withdrawn = await v1Doc(`${id}-r`);
    expect(withdrawn).toMatchObject({ kind: 'refund', status: 'voided' });
    expect(withdrawn.voided_at).not.toBeNull();
    const after = await v1Doc(id);
    expect(after.status).toBe('committed');
    expect(after.refunds).toEqual([]);
    expect(ledger(after)).toEqual(ledger(before));
    const voidedRefunds = await api('GET', `${V1}/transactions?status=voided&kind=refund&limit=100`, { key: KEY });
    expect(voidedRefunds.status).toBe(200);
    expect(voidedRefunds.body.data.map((t: { code: string }) => t.code)).toContain(`${id}-r`);
    const liveRefunds = await api('GET', `${V1}/transactions?status=committed&kind=refund&limit=100`, { key: KEY });
    expect(liveRefunds.body.data.map((t: { code: string }) => t.code)).not.toContain(`${id}-r`);
    // With no refund left, the order may be deleted again, as in TaxJar.
    await taxjar().deleteOrder(id);
    await expectTaxjarError(taxjar().showOrder(id), 404);
  });

  it('WooCommerce deletes a refund then re-creates it: the id’s next version, and the freed amount refundable again', async () => {
    // WooCommerce names a refund `<order>-refund-<refund>` and DELETEs it when the shop manager deletes the refund.
    const id = unique('woo');
    await createOrder(id);
    const refundId = `${id}-refund-77`;
    const wooRefund = { ...refundOf(refundId, id, 49.98, 5), line_items: [{ id: '1', quantity: 2, unit_price: '-24.99', discount: '0' }] };
    const first = await api('POST', REFUNDS, { key: KEY, body: wooRefund });
    expect(first.status, first.text).toBe(201);
    // The whole lamp line and the shipping are refunded: nothing more of them is left.
    await expectTaxjarError(taxjar().createRefund(refundOf(`${id}-more`, id, 0.01)), 422, /refund_exceeds_refundable/);

    const deleted = await api('DELETE', `${REFUNDS}/${refundId}`, { key: KEY });
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.body.refund.transaction_id).toBe(refundId);
    expect(ledger(await v1Doc(id))[0]).toEqual(['1', 0, 4998, cents((await v1Doc(id)).lines[0]!.tax)]);

    // Re-created under the same id: a new document, `<id>:v2`, is the refund from then on.
    const again = await api('POST', REFUNDS, { key: KEY, body: { ...wooRefund, shipping: '0', amount: '-49.98' } });
    expect(again.status, again.text).toBe(201);
    expect(again.body.refund).toMatchObject({ transaction_id: refundId, shipping: 0, amount: -49.98 });
    expect((await taxjar().showRefund(refundId)).refund).toEqual(again.body.refund);
    expect(await v1Doc(`${refundId}:v2`)).toMatchObject({ kind: 'refund', status: 'committed' });
    expect((await v1Doc(refundId)).status).toBe('voided');
    expect((await v1Doc(id)).refunds).toEqual([`${refundId}:v2`]);
    const listed = (await taxjar().listRefunds({ transaction_date: '2026/05/06' })).refunds;
    expect(listed.filter((r) => r === refundId)).toHaveLength(1);
    // The shipping the first version took is refundable again; a second create of the live id is 422.
    expect(cents((await taxjar().createRefund({ ...refundOf(`${id}-ship`, id, 0, 5), line_items: [] })).refund.shipping)).toBe(-500);
    await expectTaxjarError(taxjar().createRefund(refundOf(refundId, id, 1)), 422, /duplicate_transaction/);
  });

  it('an unknown id, an order’s id and a credit are 404; /api/v1 still refuses a void of a refund (409 invalid_lifecycle)', async () => {
    const id = unique('tj-r404');
    await createOrder(id);
    await taxjar().createRefund(refundOf(`${id}-r`, id, 10));
    await expectTaxjarError(taxjar().deleteRefund(unique('tj-none')), 404);
    await expectTaxjarError(taxjar().deleteRefund(id), 404);
    await expectTaxjarError(taxjar().updateRefund({ transaction_id: unique('tj-none'), transaction_reference_id: id, shipping: 1 }), 404);
    await expectTaxjarError(taxjar().updateRefund({ transaction_id: id, transaction_reference_id: id, shipping: 1 }), 404);
    const credit = await api('POST', `${V1}/transactions/${id}/credits`, {
      key: KEY,
      body: { credit_code: `${id}-c`, lines: [{ number: '2', tax_amount: 0.01 }] },
    });
    expect(credit.status, credit.text).toBe(201);
    await expectTaxjarError(taxjar().deleteRefund(`${id}-c`), 404);

    // Our own API has no lifecycle action on a refund document, live or withdrawn.
    for (const code of [`${id}-r`]) {
      const res = await api('POST', `${V1}/transactions/${code}/void`, { key: KEY, body: {} });
      expect(res.status, res.text).toBe(409);
      expect(res.body.error.code).toBe('invalid_lifecycle');
    }
    await taxjar().deleteRefund(`${id}-r`);
    const again = await api('POST', `${V1}/transactions/${id}-r/void`, { key: KEY, body: {} });
    expect([again.status, again.body.error.code]).toEqual([409, 'invalid_lifecycle']);
  });
});

describe('PUT /v2/transactions/refunds/:id', () => {
  it('updateRefund replaces the refund: the live version withdrawn and <id>:v2 written, the freed amount refundable', async () => {
    const id = unique('tj-rput');
    await createOrder(id);
    const lampTax = cents((await v1Doc(id)).lines[0]!.tax);
    await taxjar().createRefund(refundOf(`${id}-r`, id, 49.98));
    await expectTaxjarError(taxjar().createRefund(refundOf(`${id}-x`, id, 0.01)), 422, /refund_exceeds_refundable/);

    const updated = (await taxjar().updateRefund(refundOf(`${id}-r`, id, 20))).refund;
    expect(updated).toMatchObject({ transaction_id: `${id}-r`, transaction_reference_id: id, amount: -20 });
    expect((await taxjar().showRefund(`${id}-r`)).refund).toEqual(updated);
    expect((await v1Doc(`${id}-r`)).status).toBe('voided');
    const v2 = await v1Doc(`${id}-r:v2`);
    expect(v2).toMatchObject({ kind: 'refund', status: 'committed' });
    // The refund answers the sales tax the shop says it gave back (0 here); the new version records
    // that beside the tax it computed on the lamp's share.
    expect(updated.sales_tax).toBe(0);
    expect([v2.collected_tax, cents(v2.total_tax) < 0]).toEqual([0, true]);
    const after = await v1Doc(id);
    expect(after.refunds).toEqual([`${id}-r:v2`]);
    expect(ledger(after)[0]).toEqual(['1', 2000, 2998, lampTax + cents(v2.total_tax)]);

    // What the update freed is refundable again, to the cent and no more.
    await expectTaxjarError(taxjar().createRefund(refundOf(`${id}-y`, id, 29.99)), 422, /refund_exceeds_refundable/);
    await taxjar().createRefund(refundOf(`${id}-y`, id, 29.98));
    expect(ledger(await v1Doc(id))[0]?.slice(0, 3)).toEqual(['1', 4998, 0]);
    // The refund of another order is refused; an update to exactly what is stored writes nothing.
    const other = unique('tj-other');
    await createOrder(other);
    await expectTaxjarError(taxjar().updateRefund(refundOf(`${id}-r`, other, 20)), 400, /invalid_request/);
    expect((await taxjar().updateRefund(refundOf(`${id}-r`, id, 20))).refund).toEqual(updated);
    expect((await v1(`${id}-r:v3`)).status).toBe(404);
  });

  it('Magento re-syncs a credit memo with PUT after a 422 on create: the refund replaced, a retry of the PUT answers alike', async () => {
    // Magento 2's extension sends every credit memo as a create; on TaxJar's 422 for an existing id it sends the same body as PUT.
    const id = unique('mage');
    await createOrder(id);
    const memo = (lamp: number, shipping: number, adjustment: number) => ({
      ...refundOf(`${id}-cm`, id, lamp + adjustment, shipping),
      provider: 'magento',
      line_items: [
        { id: '1', quantity: 1, product_identifier: 'LAMP', description: 'Desk lamp', unit_price: `-${lamp.toFixed(2)}`, discount: '0' },
        // The credit memo's adjustment refund: no order line of its own, spread over the items.
        ...(adjustment > 0 ? [{ id: 'adjustment-refund', quantity: 1, description: 'Adjustment Refund', unit_price: `-${adjustment.toFixed(2)}` }] : []),
      ],
    });
    const created = await api('POST', REFUNDS, { key: KEY, body: memo(24.99, 0, 0) });
    expect(created.status, created.text).toBe(201);
    // The memo changed in Magento (shipping and an adjustment refunded too) and is synced again.
    const changed = memo(24.99, 5, 2);
    const resync = await api('POST', REFUNDS, { key: KEY, body: changed });
    expect(resync.status).toBe(422);
    expect(resync.body.detail).toMatch(/duplicate_transaction/);
    const put = await api('PUT', `${REFUNDS}/${id}-cm`, { key: KEY, body: changed });
    expect(put.status, put.text).toBe(200);
    expect(put.body.refund).toMatchObject({ transaction_id: `${id}-cm`, shipping: -5, amount: -31.99 });
    const order1 = await v1Doc(id);
    expect(order1.refunds).toEqual([`${id}-cm:v2`]);
    expect(order1.lines.reduce((n, l) => n + cents(l.refunded_amount), 0)).toBe(3199);
    // The same PUT again (a retry after a lost answer): the same refund, nothing written.
    const retry = await api('PUT', `${REFUNDS}/${id}-cm`, { key: KEY, body: changed });
    expect([retry.status, retry.body]).toEqual([200, put.body]);
    expect((await v1(`${id}-cm:v3`)).status).toBe(404);
    expect(ledger(await v1Doc(id))).toEqual(ledger(order1));
  });

  it('WooCommerce re-syncs a refund whose collected sales_tax changed: a new version records it, the amounts unchanged', async () => {
    const id = unique('tj-rtax');
    await createOrder(id);
    await taxjar().createRefund(refundOf(`${id}-r`, id, 20));
    const before = await v1Doc(`${id}-r`);
    const updated = (await taxjar().updateRefund({ ...refundOf(`${id}-r`, id, 20), sales_tax: '-1.78' as unknown as number })).refund;
    expect(updated.sales_tax).toBe(-1.78);
    const v2 = await v1Doc(`${id}-r:v2`);
    expect([v2.status, v2.collected_tax, v2.total_tax]).toEqual(['committed', -1.78, before.total_tax]);
    expect((await v1Doc(`${id}-r`)).status).toBe('voided');
  });

  it('two concurrent PUTs of one refund: one live version after them, never two', async () => {
    const id = unique('tj-race');
    await createOrder(id);
    await taxjar().createRefund(refundOf(`${id}-r`, id, 10));
    const answers = await Promise.all([
      api('PUT', `${REFUNDS}/${id}-r`, { key: KEY, body: refundOf(`${id}-r`, id, 30) }),
      api('PUT', `${REFUNDS}/${id}-r`, { key: KEY, body: refundOf(`${id}-r`, id, 40) }),
    ]);
    for (const a of answers) expect([200, 422], a.text).toContain(a.status);
    expect(answers.some((a) => a.status === 200)).toBe(true);
    const versions = await Promise.all([`${id}-r`, `${id}-r:v2`, `${id}-r:v3`, `${id}-r:v4`].map(v1));
    const live = versions.filter((v) => v.status === 200 && v.body.status === 'committed').map((v) => v.body);
    expect(live).toHaveLength(1);
    const order1 = await v1Doc(id);
    expect(order1.refunds).toEqual([live[0]!.code]);
    // The order's ledger holds the live version's refund only: one of the two PUTs', never both nor the first refund.
    const shown = cents((await taxjar().showRefund(`${id}-r`)).refund.amount);
    expect([-3000, -4000]).toContain(shown);
    expect(cents(order1.lines[0]!.refunded_amount)).toBe(-shown);
  });
});

describeLocal('return summaries after a withdrawal', () => {
  it('equal the sum over the live documents after a refund is deleted and another updated', async () => {
    const tenant: Tenant = { accountId: 'acct_taxjar', environment: 'sandbox' };
    // A month only this test commits in (a database kept between runs holds earlier runs': the change is compared).
    const summaryKey = { state: 'NY', period: '2031-07', location: ALL_LOCATIONS };
    const store = new SummaryStore(db(), SUMMARY_TABLE, tenant);
    const [start] = await store.read([summaryKey]);
    const id = unique('tj-sum');
    await createOrder(id, '2031/07/10');
    await taxjar().createRefund(refundOf(`${id}-a`, id, 20, 0, '2031/07/11'));
    await taxjar().createRefund(refundOf(`${id}-b`, id, 10, 5, '2031/07/12'));
    await taxjar().deleteRefund(`${id}-a`);
    await taxjar().updateRefund(refundOf(`${id}-b`, id, 15, 0, '2031/07/12'));
    const [end] = await store.read([summaryKey]);

    const documents = new TransactionStore(db(), MAIN_TABLE, SUMMARY_TABLE, tenant);
    const records = await Promise.all([id, `${id}-a`, `${id}-b`, `${id}-b:v2`].map(async (code) => (await documents.get(code))!.record));
    expect(records.map((r) => r.status)).toEqual(['committed', 'voided', 'voided', 'committed']);
    // What the month gained is what the live documents contribute: the order and the refund's live version.
    const live = sumTotals(records.flatMap((r) => [...contributions(r).values()].filter((c) => c.key.location === ALL_LOCATIONS).map((c) => c.totals)));
    const change = (pick: (t: NonNullable<typeof end>) => number) => pick(end!) - (start ? pick(start) : 0);
    expect(live.byKind.refund.documents).toBe(1);
    expect(live.tax).toBeGreaterThan(0);
    for (const pick of [
      (t: typeof live) => t.documents,
      (t: typeof live) => t.taxable,
      (t: typeof live) => t.exempt,
      (t: typeof live) => t.tax,
      (t: typeof live) => t.byKind.sale.documents,
      (t: typeof live) => t.byKind.refund.documents,
      (t: typeof live) => t.byKind.refund.taxable,
      (t: typeof live) => t.byKind.refund.tax,
    ])
      expect(change(pick)).toBe(pick(live));
  });
});
