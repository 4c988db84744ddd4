// What a TaxJar order records as sent: the sales_tax the shop collected (beside the engine's tax,
// which /api/v1 answers), its provider, origin and street fields and its items' product
// identifiers; the 2020-08-07 API version's amount check; the 406 of a missing transaction_id;
// and the collection report that sums collected against computed tax per state and month.
import { describe, expect, inject, it } from 'vitest';
import { KEYS } from '../fixtures/seed';
import { api, unique, V1 } from '../support/http';
import { cents, expectTaxjarError, taxjar } from '../support/taxjar';

const KEY = KEYS.taxjar;

async function v1Transaction(code: string) {
  const res = await api('GET', `${V1}/transactions/${encodeURIComponent(code)}`, { key: KEY });
  expect(res.status, res.text).toBe(200);
  return res.body as { total_tax: number; collected_tax: number | null; collection_difference: number | null; lines: { collected_tax: number | null }[] };
}

/** A WooCommerce order sync: every amount a decimal string, its provider, both addresses in full. */
function wooOrder(id: string, extra: Record<string, unknown> = {}) {
  return {
    transaction_id: id,
    transaction_date: '2026-09-14',
    provider: 'woo',
    from_country: 'US',
    from_zip: '98101',
    from_state: 'WA',
    from_city: 'Seattle',
    from_street: '1 Pike St',
    to_country: 'US',
    to_zip: '98101',
    to_state: 'WA',
    to_city: 'Seattle',
    to_street: '400 Broad St',
    amount: '110.00',
    shipping: '10.00',
    sales_tax: '0.00',
    line_items: [{ id: '7-0', quantity: '2', product_identifier: 'WOO-MUG', description: 'Mug', unit_price: '50.00', discount: '0', sales_tax: '0.00' }],
    ...extra,
  };
}

describe('orders record what the shop sent', () => {
  it('WooCommerce syncs an order with provider "woo", string amounts and sales_tax "0.00": answered back as sent, the computed tax in /api/v1', async () => {
    const id = unique('woo-rec');
    const created = (await taxjar().createOrder(wooOrder(id) as never)).order;
    expect(created).toMatchObject({
      provider: 'woo',
      from_country: 'US',
      from_zip: '98101',
      from_state: 'WA',
      from_city: 'Seattle',
      from_street: '1 Pike St',
      to_city: 'Seattle',
      to_street: '400 Broad St',
      sales_tax: 0,
    });
    expect(created.line_items!.map((l) => [l.id, l.product_identifier, l.sales_tax])).toEqual([['7-0', 'WOO-MUG', 0]]);
    expect((await taxjar().showOrder(id)).order).toEqual(created);
    const v1 = await v1Transaction(id);
    expect(v1.total_tax).toBeGreaterThan(0);
    expect([v1.collected_tax, cents(v1.collection_difference!), v1.lines[0]!.collected_tax]).toEqual([0, -cents(v1.total_tax), 0]);
    // An update that leaves them out keeps them (TaxJar's PUT keeps what it is not sent).
    const updated = (await taxjar().updateOrder({ transaction_id: id, shipping: '0.00', amount: '100.00' } as never)).order;
    expect(updated).toMatchObject({ provider: 'woo', from_city: 'Seattle', to_street: '400 Broad St', sales_tax: 0 });
    expect(updated.line_items![0]!.product_identifier).toBe('WOO-MUG');
  });

  it('Shopware and Craft Commerce push product_identifier with no provider: it comes back, provider is "api" and nothing unsent is invented', async () => {
    const id = unique('sku-rec');
    const created = (
      await taxjar().createOrder({
        transaction_id: id,
        transaction_date: '2026/09/15',
        to_country: 'US',
        to_zip: '98101',
        to_state: 'WA',
        amount: 20,
        shipping: 0,
        sales_tax: 2.05,
        line_items: [{ id: '1', quantity: 1, product_identifier: 'SW10001', unit_price: 20 }],
      })
    ).order;
    expect(created).toMatchObject({ provider: 'api', from_zip: null, from_city: null, from_street: null, to_city: null, to_street: null, sales_tax: 2.05 });
    expect(created.line_items![0]!.product_identifier).toBe('SW10001');
    // The line reported no sales_tax: it answers the computed tax, the document the collected one.
    const v1 = await v1Transaction(id);
    expect(created.line_items![0]!.sales_tax).toBe(v1.total_tax);
    expect(v1.lines[0]!.collected_tax).toBeNull();
  });
});

describe('x-api-version 2020-08-07 and the 406 of a missing transaction_id', () => {
  const raw = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${inject('baseUrl')}/taxjar/v2${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  it('an integration pinned to x-api-version 2020-08-07 (the official client’s setApiConfig headers) is refused an order whose amount does not add up', async () => {
    const id = unique('v2020');
    const client = taxjar();
    client.setApiConfig('headers', { 'x-api-version': '2020-08-07' });
    const off = { ...wooOrder(id), amount: '111.00' };
    const e = await expectTaxjarError(client.createOrder(off as never), 400, /`amount` param does not equal sum of `line_items` \+ `shipping`/);
    expect(e.detail).toMatch(/amount: Must be 110\.00/);
    // Without the header: today's behaviour, the order is committed.
    const plain = await raw('/transactions/orders', off);
    expect(plain.status).toBe(201);
    // With it, an order that adds up is committed; an update that breaks the sum is refused too.
    expect((await client.createOrder(wooOrder(`${id}-ok`) as never)).order.amount).toBe(110);
    await expectTaxjarError(client.updateOrder({ transaction_id: `${id}-ok`, shipping: '5.00' } as never), 400, /`amount` param does not equal/);
    const unknownVersion = await raw('/transactions/orders', { ...off, transaction_id: `${id}-mag` }, { 'x-api-version': '2022-01-24' });
    expect(unknownVersion.status).toBe(201);
  });

  it('an order pushed without transaction_id is 406 "transaction_id is missing", as TaxJar’s error docs show the client raising it', async () => {
    const { transaction_id: _id, ...order } = wooOrder('x');
    const e = await expectTaxjarError(taxjar().createOrder(order as never), 406, /^transaction_id is missing/);
    expect(e.error).toBe('Not Acceptable');
    const refund = await raw('/transactions/refunds', { ...order, transaction_reference_id: 'x' });
    expect([refund.status, ((await refund.json()) as { detail: string }).detail]).toEqual([406, 'transaction_id is missing [validation_error]']);
    // Another missing field stays 400.
    const noZip = await raw('/transactions/orders', { ...wooOrder(unique('nozip')), to_zip: undefined });
    expect(noZip.status).toBe(400);
  });
});

type Row = {
  state: string;
  period: string;
  document_count: number;
  tax: number;
  collected_tax: number;
  reported_tax: number;
  under_collected: number;
  over_collected: number;
  reported_document_count: number;
  unreported_document_count: number;
};

async function report(state: string, period: string): Promise<Row> {
  const res = await api('GET', `${V1}/reports/collection?from=${period}&to=${period}&state=${state}`, { key: KEY });
  expect(res.status, res.text).toBe(200);
  const rows = (res.body as { data: Row[] }).data;
  return (
    rows.find((r) => r.state === state && r.period === period) ?? {
      state,
      period,
      document_count: 0,
      tax: 0,
      collected_tax: 0,
      reported_tax: 0,
      under_collected: 0,
      over_collected: 0,
      reported_document_count: 0,
      unreported_document_count: 0,
    }
  );
}

const difference = (after: Row, before: Row) =>
  Object.fromEntries(
    (
      [
        'document_count',
        'tax',
        'collected_tax',
        'reported_tax',
        'under_collected',
        'over_collected',
        'reported_document_count',
        'unreported_document_count',
      ] as const
    ).map((k) => [k, k.endsWith('count') ? after[k] - before[k] : cents(after[k]) - cents(before[k])]),
  );

describe('GET /api/v1/reports/collection', () => {
  it('WooCommerce orders, a refund and a deleted order: the month sums collected against computed tax, the delete taken back', async () => {
    // Colorado, a month the other tests leave alone; figures compared before and after.
    const period = '2026-10';
    const before = await report('CO', period);
    const base = { transaction_date: '2026-10-05', to_country: 'US', to_zip: '80202', to_state: 'CO', shipping: '0.00', provider: 'woo' };
    const item = (price: string) => [{ id: '1', quantity: '1', unit_price: price }];
    const a = unique('co-a');
    const b = unique('co-b');
    const c = unique('co-c');
    // A: collected nothing; B: collected 1.00; C: no sales_tax reported at all (deleted below).
    const orderA = (await taxjar().createOrder({ ...base, transaction_id: a, amount: '100.00', sales_tax: '0.00', line_items: item('100.00') } as never)).order;
    await taxjar().createOrder({ ...base, transaction_id: b, amount: '50.00', sales_tax: '1.00', line_items: item('50.00') } as never);
    await taxjar().createOrder({ ...base, transaction_id: c, amount: '20.00', line_items: item('20.00') } as never);
    const taxA = cents((await v1Transaction(a)).total_tax);
    const taxB = cents((await v1Transaction(b)).total_tax);
    const taxC = cents((await v1Transaction(c)).total_tax);
    // A's half refunded in the same month, giving back nothing it had not collected.
    await taxjar().createRefund({
      ...base,
      transaction_id: `${a}-r`,
      transaction_reference_id: a,
      transaction_date: '2026-10-20',
      amount: '-50.00',
      sales_tax: '0.00',
      line_items: [{ id: '1', quantity: '1', unit_price: '-50.00' }],
    } as never);
    const refundTax = cents((await v1Transaction(`${a}-r`)).total_tax);
    const middle = await report('CO', period);
    expect(difference(middle, before)).toEqual({
      document_count: 4,
      tax: taxA + taxB + taxC + refundTax,
      collected_tax: 100,
      reported_tax: taxA + taxB + refundTax,
      under_collected: taxA + refundTax + Math.max(0, taxB - 100),
      over_collected: Math.max(0, 100 - taxB),
      reported_document_count: 3,
      unreported_document_count: 1,
    });
    expect(orderA.sales_tax).toBe(0);
    // Deleting C (a void) takes its figures back out of the month.
    await taxjar().deleteOrder(c);
    const after = await report('CO', period);
    expect(difference(after, middle)).toMatchObject({
      document_count: -1,
      tax: -taxC,
      collected_tax: 0,
      unreported_document_count: -1,
      reported_document_count: 0,
    });
    // The return figures are the same summaries: every state of the month without a state filter.
    const all = await api('GET', `${V1}/reports/collection?from=${period}&to=${period}`, { key: KEY });
    expect((all.body as { data: Row[] }).data.find((r) => r.state === 'CO')).toEqual(after);
  });

  it('refuses a range of more than twelve months or reversed, and a malformed month', async () => {
    const long = await api('GET', `${V1}/reports/collection?from=2026-01&to=2027-01`, { key: KEY });
    expect([long.status, long.body.error.code]).toEqual([400, 'invalid_request']);
    const reversed = await api('GET', `${V1}/reports/collection?from=2026-05&to=2026-04`, { key: KEY });
    expect(reversed.status).toBe(400);
    const malformed = await api('GET', `${V1}/reports/collection?from=2026-13&to=2026-12`, { key: KEY });
    expect([malformed.status, malformed.body.error.code]).toEqual([422, 'validation_error']);
  });
});
