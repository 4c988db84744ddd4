// Exemptions on the buyer's word, as TaxJar grants them: a TaxJar exemption_type or a customer's
// declared exempt_regions exempts the order where no certificate covers the state, each exempted
// line saying it rests on a declaration without a certificate, and GET /api/v1/exemptions/declared
// lists what relies on it until a certificate covers it (then the certificate wins).
import { describe, expect, it } from 'vitest';
import { KEYS } from '../fixtures/seed';
import { newYorkResaleCertificate } from '../support/certificates';
import { api, unique, V1 } from '../support/http';
import { taxjar } from '../support/taxjar';

const KEY = KEYS.taxjar;
const MIAMI = { to_country: 'US', to_zip: '33131', to_state: 'FL' };
const LOS_ANGELES = { to_country: 'US', to_zip: '90012', to_state: 'CA' };
/** Today: a certificate recorded now is effective on it. */
const TODAY = new Date().toISOString().slice(0, 10);

interface DeclaredTax {
  amount_to_collect: number;
  exemption_type?: string;
  declared_exemption?: { code: string; type: string; source: string; states: string[]; exempt_amount: number; certificate: null };
  breakdown?: { line_items: { id: string; exemption: string | null }[] };
}

interface Gap {
  customer_code: string | null;
  state: string;
  type: string;
  source: string;
  documents: number;
  exempt_amount: number;
  first_date: string;
  last_date: string;
  covered: boolean;
  certificate_id: string | null;
}

/** The listing's record of a customer and state, read page by page. */
async function gapOf(customer: string, state: string): Promise<Gap | undefined> {
  let cursor: string | undefined;
  for (let pages = 0; pages < 50; pages++) {
    const res = await api('GET', `${V1}/exemptions/declared?limit=100${cursor ? `&cursor=${cursor}` : ''}`, { key: KEY });
    expect(res.status, res.text).toBe(200);
    const found = (res.body.data as Gap[]).find((g) => g.customer_code === customer && g.state === state);
    if (found) return found;
    if (!res.body.next_cursor) return undefined;
    cursor = res.body.next_cursor as string;
  }
  return undefined;
}

const magentoCustomer = (id: string) => ({
  customer_id: id,
  exemption_type: 'wholesale',
  name: 'Dunder Mifflin Paper Company, Inc.',
  // TaxJar's own example of a customer exempt in two states.
  exempt_regions: [
    { country: 'US', state: 'FL' },
    { country: 'US', state: 'PA' },
  ],
  country: 'US',
  state: 'PA',
  zip: '18504',
  city: 'Scranton',
  street: '1725 Slough Avenue',
});

describe('declared exemptions (TaxJar exemption_type and exempt_regions)', () => {
  it('WooCommerce sends exemption_type wholesale for an exempt shopper: 0 tax, stated as a declaration without a certificate', async () => {
    const id = unique('woo-exempt');
    const order = { ...MIAMI, amount: 120, shipping: 0, customer_id: id, line_items: [{ id: '1', quantity: 1, unit_price: 120 }] };
    const tax = (await taxjar().taxForOrder({ ...order, exemption_type: 'wholesale' })).tax as unknown as DeclaredTax;
    expect(tax.amount_to_collect).toBe(0);
    expect(tax.exemption_type).toBe('wholesale');
    expect(tax.declared_exemption).toMatchObject({
      code: 'declared_exemption_without_certificate',
      type: 'wholesale',
      source: 'document',
      states: ['FL'],
      exempt_amount: 120,
      certificate: null,
    });
    expect(tax.breakdown?.line_items.map((l) => [l.id, l.exemption])).toEqual([['1', 'declared_exemption_without_certificate']]);
    // The shopper not claiming: the same order is taxed.
    const taxed = (await taxjar().taxForOrder(order)).tax as unknown as DeclaredTax;
    expect(taxed.amount_to_collect).toBeGreaterThan(0);
    expect(taxed.declared_exemption).toBeUndefined();
    // marketplace keeps its meaning (the marketplace collects, nothing is exempted here).
    expect((await taxjar().taxForOrder({ ...order, exemption_type: 'marketplace' })).tax.amount_to_collect).toBe(taxed.amount_to_collect);
  });

  it('/api/v1 takes the same declaration on a calculation: each line answers declared_exemption and a warning', async () => {
    const res = await api('POST', `${V1}/calculations`, {
      key: KEY,
      body: { ship_to: { zip: '33131', state: 'FL' }, declared_exemption: { type: 'government', reason: 'County school board' }, lines: [{ amount: 80 }] },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.total_tax).toBe(0);
    expect(res.body.total_exempt).toBe(80);
    expect(res.body.lines[0]).toMatchObject({
      reason: 'declared_exemption',
      taxability: 'exempt',
      exemption_certificate: null,
      declared_exemption: { type: 'government', source: 'document', states: null, reason: 'County school board' },
    });
    expect(res.body.messages).toContainEqual(expect.objectContaining({ code: 'declared_exemption_without_certificate', target: 'lines.0' }));
  });

  it('Magento 2 syncs a customer with exempt_regions FL and PA: taxForOrder to FL is exempt on the declaration, to CA taxed', async () => {
    const id = unique('m2-exempt');
    const created = (await taxjar().createCustomer(magentoCustomer(id))).customer;
    expect(created).toMatchObject({ exemption_type: 'wholesale', exempt_regions: magentoCustomer(id).exempt_regions, city: 'Scranton', zip: '18504' });
    const items = [{ id: '1', quantity: 1, unit_price: 75 }];
    const fl = (await taxjar().taxForOrder({ ...MIAMI, amount: 75, shipping: 0, customer_id: id, line_items: items })).tax as unknown as DeclaredTax;
    expect(fl.amount_to_collect).toBe(0);
    expect(fl.exemption_type).toBe('wholesale');
    expect(fl.declared_exemption).toMatchObject({ source: 'customer', states: ['FL'], certificate: null });
    const ca = (await taxjar().taxForOrder({ ...LOS_ANGELES, amount: 75, shipping: 0, customer_id: id, line_items: items })).tax as unknown as DeclaredTax;
    expect(ca.amount_to_collect).toBeGreaterThan(0);
    expect(ca.declared_exemption).toBeUndefined();
  });

  it('Magento 2 orders of a declared customer: stored with the declaration, counted exactly in the listing, until a certificate wins and closes the gap', async () => {
    const id = unique('m2-gap');
    await taxjar().createCustomer(magentoCustomer(id));
    const first = unique('m2-order');
    const second = unique('m2-order');
    const base = { ...MIAMI, shipping: 0, sales_tax: 0, customer_id: id };
    const a = (
      await taxjar().createOrder({
        ...base,
        transaction_id: first,
        transaction_date: '2026/05/04',
        amount: 200,
        line_items: [{ id: '1', quantity: 2, unit_price: 100 }],
      })
    ).order;
    expect(a.exemption_type).toBe('wholesale');
    await taxjar().createOrder({
      ...base,
      transaction_id: second,
      transaction_date: '2026/05/06',
      amount: 50.25,
      line_items: [{ id: '1', quantity: 1, unit_price: 50.25 }],
    });
    // A CA order of the same customer is taxed and relies on nothing.
    const ca = (
      await taxjar().createOrder({
        ...base,
        ...LOS_ANGELES,
        transaction_id: unique('m2-order'),
        transaction_date: '2026/05/07',
        amount: 10,
        line_items: [{ id: '1', quantity: 1, unit_price: 10 }],
      })
    ).order;
    // The order answers the sales_tax the shop reported; the computed tax is /api/v1's.
    expect((await api('GET', `${V1}/transactions/${ca.transaction_id}`, { key: KEY })).body.total_tax).toBeGreaterThan(0);

    const stored = await api('GET', `${V1}/transactions/${first}`, { key: KEY });
    expect(stored.body.total_tax).toBe(0);
    expect(stored.body.lines[0]).toMatchObject({ reason: 'declared_exemption', declared_exemption: { type: 'wholesale', source: 'customer' } });
    expect(await gapOf(id, 'FL')).toEqual({
      object: 'declared_exemption',
      customer_code: id,
      state: 'FL',
      type: 'wholesale',
      source: 'customer',
      documents: 2,
      exempt_amount: 250.25,
      first_date: '2026-05-04',
      last_date: '2026-05-06',
      covered: false,
      certificate_id: null,
    });
    expect(await gapOf(id, 'CA')).toBeUndefined();

    // Magento deletes the second order: it no longer relies on the declaration.
    await taxjar().deleteOrder(second);
    expect(await gapOf(id, 'FL')).toMatchObject({ documents: 1, exempt_amount: 200, covered: false });

    // The seller files the customer's Florida certificate: evidence now covers the gap, and wins.
    const certificate = await newYorkResaleCertificate(KEY, id, { assign: true, jurisdiction: 'FL' });
    expect(await gapOf(id, 'FL')).toMatchObject({ documents: 1, covered: true, certificate_id: certificate });
    const next = (
      await taxjar().createOrder({
        ...base,
        transaction_id: unique('m2-order'),
        transaction_date: TODAY,
        amount: 30,
        line_items: [{ id: '1', quantity: 1, unit_price: 30 }],
      })
    ).order;
    const v1 = await api('GET', `${V1}/transactions/${next.transaction_id}`, { key: KEY });
    expect(v1.body.total_tax).toBe(0);
    expect(v1.body.lines[0]).toMatchObject({ reason: 'certificate_applied', declared_exemption: null, exemption_certificate: { id: certificate } });
    // A document the certificate exempted adds nothing to the declaration's record.
    expect(await gapOf(id, 'FL')).toMatchObject({ documents: 1, exempt_amount: 200 });
  });
});
