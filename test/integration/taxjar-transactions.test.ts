// TaxJar order and refund transactions through the official client, each checked against the
// committed documents /api/v1 shows: create → a sale; update → an adjustment (original `adjusted`,
// reversal and replacement `<id>:v2`); delete → a void; a refund → a refund of the current version
// (its update and delete: taxjar-refund-edits.test.ts). The tax committed is the engine's; the
// `sales_tax` sent is recorded as collected and answered back.
import { describe, expect, it } from 'vitest';
import { KEYS } from '../fixtures/seed';
import { api, unique, V1 } from '../support/http';
import { cents, expectTaxjarError, lampAndAtlasOrder, taxjar } from '../support/taxjar';

const KEY = KEYS.taxjar;
const DATE = '2026-05-04';

const order = lampAndAtlasOrder;

async function v1Transaction(code: string) {
  const res = await api('GET', `${V1}/transactions/${encodeURIComponent(code)}`, { key: KEY });
  expect(res.status, res.text).toBe(200);
  return res.body as {
    status: string;
    kind: string;
    total_tax: number;
    collected_tax: number | null;
    original_code: string | null;
    lines: { number: string; tax: number; refunded_amount: number }[];
  };
}

describe('orders (/taxjar/v2/transactions/orders)', () => {
  it('createOrder commits a sale taxed by the engine and answers the sales_tax it recorded as collected, as GET /api/v1/transactions shows both', async () => {
    const id = unique('tj-order');
    const created = (await taxjar().createOrder(order(id, { sales_tax: 1.25 }))).order;
    const v1 = await v1Transaction(id);
    expect(v1).toMatchObject({ kind: 'sale', status: 'committed', collected_tax: 1.25 });
    expect(created.sales_tax).toBe(1.25);
    expect(v1.total_tax).toBeGreaterThan(1.25);
    expect(created).toMatchObject({ transaction_id: id, transaction_date: DATE, to_state: 'NY', to_zip: '10001', amount: 66.47, shipping: 5 });
    expect(created.line_items!.map((l) => [l.id, l.quantity, l.unit_price, cents(l.sales_tax ?? 0)])).toEqual([
      ['1', 2, 24.99, cents(v1.lines[0]!.tax)],
      ['2', 1, 11.49, cents(v1.lines[1]!.tax)],
    ]);
    // The same document taxed by POST /api/v1/calculations: the same tax to the cent.
    const calc = await api('POST', `${V1}/calculations`, {
      key: KEY,
      body: {
        date: DATE,
        ship_to: { zip: '10001', state: 'NY', country: 'US' },
        seller_class: 'remote',
        lines: [
          { number: '1', quantity: 2, amount: 49.98, description: 'Desk lamp' },
          { number: '2', quantity: 1, amount: 11.49, tax_code: '81100', description: 'Atlas' },
          { number: 'shipping', tax_code: 'SHIPPING', amount: 5 },
        ],
      },
    });
    expect(cents(calc.body.total_tax)).toBe(cents(v1.total_tax));

    expect((await taxjar().showOrder(id)).order).toEqual(created);
    expect((await taxjar().listOrders({ transaction_date: '2026/05/04' })).orders).toContain(id);
    expect((await taxjar().listOrders({ from_transaction_date: '2026/05/05', to_transaction_date: '2026/05/31' })).orders).not.toContain(id);
    // A second create of the same transaction_id: TaxJar's 422 (our duplicate_transaction), original untouched.
    await expectTaxjarError(taxjar().createOrder(order(id, { shipping: 0 })), 422, /duplicate_transaction/);
    expect(cents((await v1Transaction(id)).total_tax)).toBe(cents(v1.total_tax));
  });

  it('updateOrder adjusts: the original is adjusted, its replacement <id>:v2 is the order from then on', async () => {
    const id = unique('tj-upd');
    await taxjar().createOrder(order(id));
    const updated = (
      await taxjar().updateOrder({ transaction_id: id, line_items: [{ id: '1', quantity: 5, unit_price: 24.99, description: 'Desk lamp' }], shipping: 0 })
    ).order;
    const original = await v1Transaction(id);
    const replacement = await v1Transaction(`${id}:v2`);
    const reversal = await v1Transaction(`${id}:r2`);
    expect([original.status, replacement.kind, reversal.kind]).toEqual(['adjusted', 'replacement', 'reversal']);
    expect(cents(reversal.total_tax)).toBe(-cents(original.total_tax));
    expect(updated.transaction_id).toBe(id);
    // The update sent no sales_tax: the collected 0 of the order is kept, beside the new computed tax.
    expect([updated.sales_tax, replacement.collected_tax, reversal.collected_tax]).toEqual([0, 0, 0]);
    expect(replacement.total_tax).toBeGreaterThan(0);
    expect(updated.line_items!.map((l) => [l.id, l.quantity])).toEqual([['1', 5]]);
    expect(updated.to_zip).toBe('10001');
    expect((await taxjar().showOrder(id)).order).toEqual(updated);
    // A second update chains: v2 adjusted, v3 current.
    const again = (await taxjar().updateOrder({ transaction_id: id, shipping: 12 })).order;
    expect((await v1Transaction(`${id}:v2`)).status).toBe('adjusted');
    const v3 = (await taxjar().updateOrder({ transaction_id: id, sales_tax: 2.5 })).order;
    expect([again.sales_tax, v3.sales_tax, (await v1Transaction(`${id}:v4`)).collected_tax]).toEqual([0, 2.5, 2.5]);
    expect(again.shipping).toBe(12);
    const listed = (await taxjar().listOrders({ transaction_date: '2026-05-04' })).orders;
    expect(listed.filter((o) => o === id)).toHaveLength(1);
  });

  it('deleteOrder voids the current version; the order is then gone, as in TaxJar', async () => {
    const id = unique('tj-del');
    await taxjar().createOrder(order(id));
    await taxjar().updateOrder({ transaction_id: id, shipping: 1 });
    const deleted = (await taxjar().deleteOrder(id)).order;
    expect(deleted.transaction_id).toBe(id);
    expect((await v1Transaction(`${id}:v2`)).status).toBe('voided');
    await expectTaxjarError(taxjar().showOrder(id), 404, /transaction_not_found/);
    await expectTaxjarError(taxjar().deleteOrder(id), 404);
    expect((await taxjar().listOrders({ transaction_date: '2026-05-04' })).orders).not.toContain(id);
  });

  it('an unknown order is a TaxjarError 404', async () => {
    await expectTaxjarError(taxjar().showOrder(unique('nope')), 404, /transaction_not_found/);
    await expectTaxjarError(taxjar().updateOrder({ transaction_id: unique('nope'), shipping: 1 }), 404);
  });
});

describe('refunds (/taxjar/v2/transactions/refunds)', () => {
  it('createRefund refunds line items of the order at its rates, as POST /api/v1/transactions/{code}/refunds', async () => {
    const id = unique('tj-ref');
    await taxjar().createOrder(order(id));
    const refundId = `${id}-r1`;
    const refund = (
      await taxjar().createRefund({
        transaction_id: refundId,
        transaction_reference_id: id,
        transaction_date: '2026/05/06',
        to_country: 'US',
        to_zip: '10001',
        to_state: 'NY',
        amount: -24.99,
        shipping: 0,
        sales_tax: -2.2,
        line_items: [{ id: '1', quantity: 1, unit_price: -24.99 }],
      })
    ).refund;
    const v1 = await v1Transaction(refundId);
    expect(v1).toMatchObject({ kind: 'refund', original_code: id });
    // What the refund gave back is recorded negative, beside the computed share of the order's tax.
    expect([refund.sales_tax, v1.collected_tax]).toEqual([-2.2, -2.2]);
    expect(v1.total_tax).toBeLessThan(0);
    // Half of line 1 refunded: half its tax, to the cent of the engine's proportional rule.
    const original = await v1Transaction(id);
    expect(original.lines[0]!.refunded_amount).toBe(24.99);
    expect(refund).toMatchObject({ transaction_id: refundId, transaction_reference_id: id, transaction_date: '2026-05-06', amount: -24.99 });
    expect((await taxjar().showRefund(refundId)).refund).toEqual(refund);
    expect((await taxjar().listRefunds({ transaction_date: '2026/05/06' })).refunds).toContain(refundId);
    expect((await taxjar().listRefunds({ from_transaction_date: '2026/05/01', to_transaction_date: '2026/05/31' })).refunds).not.toContain(id);
    expect((await taxjar().listOrders({ transaction_date: '2026/05/06' })).orders).not.toContain(refundId);

    // Beyond what remains refundable: 422.
    await expectTaxjarError(
      taxjar().createRefund({
        transaction_id: `${id}-r3`,
        transaction_reference_id: id,
        transaction_date: '2026/05/08',
        to_country: 'US',
        to_zip: '10001',
        to_state: 'NY',
        amount: -22.98,
        shipping: 0,
        sales_tax: 0,
        line_items: [{ id: '2', quantity: 2, unit_price: -11.49 }],
      }),
      422,
      /refund_exceeds_refundable/,
    );
    // Without line items: everything that remains, so the refunds return exactly the order's tax.
    const rest = (
      await taxjar().createRefund({
        transaction_id: `${id}-r2`,
        transaction_reference_id: id,
        transaction_date: '2026/05/07',
        to_country: 'US',
        to_zip: '10001',
        to_state: 'NY',
        amount: -41.48,
        shipping: -5,
        sales_tax: 0,
      })
    ).refund;
    const computed = cents((await v1Transaction(refundId)).total_tax) + cents((await v1Transaction(`${id}-r2`)).total_tax);
    expect(computed).toBe(-cents((await v1Transaction(id)).total_tax));
    expect(rest.sales_tax).toBe(0);
    expect((await v1Transaction(id)).status).toBe('refunded');
    // A refunded order cannot be deleted (voided): the lifecycle's 409, TaxJar's 422.
    await expectTaxjarError(taxjar().deleteOrder(id), 422, /invalid_lifecycle/);
  });

  it('a refund is not an order and an order not a refund, for reads, updates and deletes (404)', async () => {
    const id = unique('tj-kind');
    await taxjar().createOrder(order(id));
    await taxjar().createRefund({
      transaction_id: `${id}-r`,
      transaction_reference_id: id,
      transaction_date: '2026/05/06',
      to_country: 'US',
      to_zip: '10001',
      to_state: 'NY',
      amount: -5,
      shipping: -5,
      sales_tax: 0,
      line_items: [],
    });
    await expectTaxjarError(taxjar().showRefund(id), 404);
    await expectTaxjarError(taxjar().showOrder(`${id}-r`), 404);
    await expectTaxjarError(taxjar().updateRefund({ transaction_id: id, transaction_reference_id: id, shipping: 1 }), 404);
    await expectTaxjarError(taxjar().deleteRefund(id), 404);
    await expectTaxjarError(taxjar().updateOrder({ transaction_id: `${id}-r`, shipping: 1 }), 404);
    await expectTaxjarError(taxjar().deleteOrder(`${id}-r`), 404);
  });
});
