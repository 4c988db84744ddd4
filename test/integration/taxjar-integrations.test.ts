// What open TaxJar integrations send to /v2 beyond the official client's examples, each test named
// after the integration whose requests it is shaped on, and every amount compared with /api/v1's
// for the same document.
import { describe, expect, inject, it } from 'vitest';
import { KEYS } from '../fixtures/seed';
import { api, unique, V1 } from '../support/http';
import { cents, expectTaxjarError, taxjar } from '../support/taxjar';

const KEY = KEYS.taxjar;

async function v1Tax(body: Record<string, unknown>) {
  const res = await api('POST', `${V1}/calculations`, { key: KEY, body: { seller_class: 'remote', ...body } });
  expect(res.status, res.text).toBe(200);
  return res.body as { total_tax: number; lines: { number: string; tax: number; taxable_amount: number }[] };
}

describe('POST /v2/taxes as integrations send it', () => {
  it('WooCommerce: amounts as decimal strings and an empty product_tax_code tax as numbers and general goods', async () => {
    // A standard-class product of a WooCommerce cart: every amount a string, product_tax_code "".
    const { tax } = await taxjar().taxForOrder({
      from_country: 'US',
      from_zip: '07001',
      from_state: 'NJ',
      to_country: 'US',
      to_zip: '10001',
      to_state: 'NY',
      to_city: 'New York',
      shipping: '10.00',
      plugin: 'woo',
      line_items: [{ id: '42-0', quantity: 2, product_tax_code: '', unit_price: '24.50', discount: '4.00' }],
    } as never);
    const v1 = await v1Tax({
      ship_from: { zip: '07001', state: 'NJ' },
      ship_to: { zip: '10001', state: 'NY', city: 'New York' },
      lines: [
        { number: '42-0', quantity: 2, amount: 49, discount: 4 },
        { number: 'shipping', tax_code: 'SHIPPING', amount: 10 },
      ],
    });
    expect(tax.amount_to_collect).toBeGreaterThan(0);
    expect(cents(tax.amount_to_collect)).toBe(cents(v1.total_tax));
    expect(tax.breakdown!.line_items!.map((l) => [l.id, cents(l.tax_collectable)])).toEqual([['42-0', cents(v1.lines[0]!.tax)]]);
    expect(tax.shipping).toBe(10);
    // A string that is not a number is still refused, naming the field.
    await expectTaxjarError(
      taxjar().taxForOrder({ to_country: 'US', to_zip: '10001', to_state: 'NY', shipping: '10,00', line_items: [{ unit_price: '5' }] } as never),
      400,
      /shipping/,
    );
  });

  it('WooCommerce: an unknown customer_id (a shopper never synced) is no exemption, not 404', async () => {
    const order = { to_country: 'US', to_zip: '10001', to_state: 'NY', shipping: 0, line_items: [{ id: '1', quantity: 1, unit_price: 100 }] };
    const anonymous = (await taxjar().taxForOrder(order)).tax;
    const { tax } = await taxjar().taxForOrder({ ...order, customer_id: unique('woo-shopper') });
    expect(cents(tax.amount_to_collect)).toBe(cents(anonymous.amount_to_collect));
    expect(tax.amount_to_collect).toBeGreaterThan(0);
    expect(tax.exemption_type).toBe('non_exempt');
  });

  it('Medusa: a Chicago line without a product tax code is general goods, as /api/v1 taxes it', async () => {
    const { tax } = await taxjar().taxForOrder({
      from_country: 'US',
      from_zip: '10001',
      from_state: 'NY',
      to_country: 'US',
      to_zip: '60601',
      to_state: 'IL',
      to_city: 'Chicago',
      shipping: 0,
      line_items: [{ id: 'variant_01', quantity: 1, unit_price: 80 }],
    });
    const v1 = await v1Tax({
      ship_from: { zip: '10001', state: 'NY' },
      ship_to: { zip: '60601', state: 'IL', city: 'Chicago' },
      lines: [
        { number: 'variant_01', amount: 80, description: 'General tangible goods (no product_tax_code)' },
        { number: 'shipping', tax_code: 'SHIPPING', amount: 0 },
      ],
    });
    expect(tax.amount_to_collect).toBeGreaterThan(0);
    expect(cents(tax.amount_to_collect)).toBe(cents(v1.total_tax));
    expect(tax.jurisdictions).toMatchObject({ state: 'IL', county: 'COOK', city: 'CHICAGO' });
  });

  it('Saleor: no shipping breakdown where freight is not taxed (California), one where it is (New York)', async () => {
    const items = [{ id: 'line-1', quantity: 1, unit_price: 50 }];
    const ca = (await taxjar().taxForOrder({ to_country: 'US', to_zip: '94105', to_state: 'CA', shipping: 9.99, line_items: items })).tax;
    expect(ca.freight_taxable).toBe(false);
    expect(ca.breakdown!.line_items).toHaveLength(1);
    expect(ca.breakdown!.shipping).toBeUndefined();
    const ny = (await taxjar().taxForOrder({ to_country: 'US', to_zip: '10001', to_state: 'NY', shipping: 9.99, line_items: items })).tax;
    const v1 = await v1Tax({
      ship_to: { zip: '10001', state: 'NY' },
      lines: [
        { number: 'line-1', amount: 50 },
        { number: 'shipping', tax_code: 'SHIPPING', amount: 9.99 },
      ],
    });
    const shipping = ny.breakdown!.shipping as unknown as Record<string, number>;
    expect([shipping.taxable_amount, cents(shipping.tax_collectable!)]).toEqual([9.99, cents(v1.lines[1]!.tax)]);
    expect(shipping.special_taxable_amount).toBe(9.99);
    expect(shipping).not.toHaveProperty('special_district_taxable_amount');
  });

  it('an order given by amount alone has no breakdown, as TaxJar documents', async () => {
    const { tax } = await taxjar().taxForOrder({ to_country: 'US', to_zip: '10001', to_state: 'NY', amount: 100, shipping: 5 });
    expect(tax.amount_to_collect).toBeGreaterThan(0);
    expect(tax.breakdown).toBeUndefined();
  });

  it('names county and city as /v2/rates does, where they levy no rate of their own (KING, HARRIS, SUFFOLK)', async () => {
    for (const [zip, state, county, city] of [
      ['98101', 'WA', 'KING', 'SEATTLE'],
      ['77002', 'TX', 'HARRIS', 'HOUSTON'],
      ['11701', 'NY', 'SUFFOLK', 'AMITYVILLE'],
    ] as const) {
      const { tax } = await taxjar().taxForOrder({ to_country: 'US', to_zip: zip, to_state: state, amount: 10, shipping: 0 });
      const { rate } = await taxjar().ratesForLocation(zip, { state });
      expect(tax.jurisdictions, zip).toEqual({ country: 'US', state, county, city });
      expect([rate.county, rate.city]).toEqual([county, city]);
    }
  });

  it('Shopware: a Canadian destination is a clear 400 that the service covers the US, never a zero tax', async () => {
    const e = await expectTaxjarError(
      taxjar().taxForOrder({ to_country: 'CA', to_zip: 'V6B 1A1', to_state: 'BC', shipping: 0, line_items: [{ id: '1', quantity: 1, unit_price: 10 }] }),
      400,
      /invalid_address/,
    );
    expect(e.detail).toMatch(/\bUS\b|United States/);
  });

  it('spells nexus and summary regions as TaxJar does ("California")', async () => {
    const { regions } = await taxjar().nexusRegions();
    expect(regions.find((r) => r.region_code === 'CA')!.region).toBe('California');
    expect(regions.find((r) => r.region_code === 'DC')!.region).toBe('District of Columbia');
    const { summary_rates } = await taxjar().summaryRates();
    expect(summary_rates.find((s) => s.region_code === 'NC')!.region).toBe('North Carolina');
  });
});

function order(id: string) {
  return {
    transaction_id: id,
    transaction_date: '2026-05-04',
    to_country: 'US',
    to_zip: '10001',
    to_state: 'NY',
    amount: 165,
    shipping: 5,
    sales_tax: 0,
    line_items: [
      { id: '1', quantity: 2, product_identifier: 'LAMP', description: 'Desk lamp', unit_price: 40 },
      { id: '2', quantity: 1, product_identifier: 'CHAIR', description: 'Chair', unit_price: 80 },
    ],
  };
}

async function v1Lines(code: string) {
  const res = await api('GET', `${V1}/transactions/${encodeURIComponent(code)}`, { key: KEY });
  expect(res.status, res.text).toBe(200);
  return res.body as { total_tax: number; lines: { number: string; amount: number; tax: number; refunded_amount: number }[] };
}

describe('refunds as integrations send them', () => {
  it('Solidus: a reimbursement by amount and shipping, no line items, is spread over the items at their rates', async () => {
    const id = unique('solidus');
    await taxjar().createOrder(order(id));
    const refund = (
      await taxjar().createRefund({
        transaction_id: `${id}-reimb`,
        transaction_reference_id: id,
        transaction_date: '2026-05-06',
        to_country: 'US',
        to_zip: '10001',
        to_state: 'NY',
        amount: 62,
        shipping: 2,
        sales_tax: 5.5,
      })
    ).refund;
    const original = await v1Lines(id);
    // 60.00 over 80.00 and 80.00 of items: 30.00 each; 2.00 of shipping.
    expect(original.lines.map((l) => [l.number, l.refunded_amount])).toEqual([
      ['1', 30],
      ['2', 30],
      ['shipping', 2],
    ]);
    // The reimbursement's tax, sent positive, is recorded as given back: negative, as the refund is;
    // the refund's computed tax is the order's rates' share.
    const v1 = await v1Lines(`${id}-reimb`);
    expect(refund.sales_tax).toBe(-5.5);
    expect(v1.total_tax).toBeLessThan(0);
  });

  it('Magento 2: a credit memo with an adjustment-refund line the order does not have', async () => {
    const id = unique('magento');
    await taxjar().createOrder(order(id));
    await taxjar().createRefund({
      transaction_id: `${id}-cm`,
      transaction_reference_id: id,
      transaction_date: '2026-05-06',
      to_country: 'US',
      to_zip: '10001',
      to_state: 'NY',
      amount: 50,
      shipping: 0,
      sales_tax: 0,
      line_items: [
        { id: '2', quantity: 1, unit_price: 40, sales_tax: 0 },
        { id: 'adjustment-refund', quantity: 1, unit_price: 10, sales_tax: 0 },
      ],
    });
    const original = await v1Lines(id);
    // 40.00 of line 2; the 10.00 adjustment over what remains (80.00 of line 1, 40.00 of line 2): 6.67 and 3.33.
    expect(original.lines.map((l) => [l.number, l.refunded_amount])).toEqual([
      ['1', 6.67],
      ['2', 43.33],
      ['shipping', 0],
    ]);
  });
});

describe("Magento 2's own endpoints and address validation", () => {
  const base = () => `${inject('baseUrl')}/taxjar/v2`;

  it('Magento 2: POST /v2/magento/taxes answers a quote as /v2/taxes does, equal to /api/v1', async () => {
    // The extension's quote: string amounts, its x-api-version header, a plugin field and a numeric customer id.
    const quote = {
      plugin: 'magento',
      provider: 'magento',
      to_country: 'US',
      to_zip: '10001',
      to_state: 'NY',
      to_city: 'New York',
      shipping: '5.00',
      customer_id: 8,
      line_items: [{ id: '52', quantity: 2, product_tax_code: '', unit_price: '24.50', discount: '0' }],
    };
    const res = await fetch(`${base()}/magento/taxes`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json', 'x-api-version': '2022-01-24' },
      body: JSON.stringify(quote),
    });
    expect(res.status).toBe(200);
    const { tax } = (await res.json()) as { tax: { amount_to_collect: number; breakdown: { line_items: { id: string; tax_collectable: number }[] } } };
    const same = (await taxjar().taxForOrder(quote as never)).tax;
    const v1 = await v1Tax({
      ship_to: { zip: '10001', state: 'NY', city: 'New York' },
      lines: [
        { number: '52', quantity: 2, amount: 49 },
        { number: 'shipping', tax_code: 'SHIPPING', amount: 5 },
      ],
    });
    expect(tax.amount_to_collect).toBeGreaterThan(0);
    expect([cents(tax.amount_to_collect), cents(same.amount_to_collect)]).toEqual([cents(v1.total_tax), cents(v1.total_tax)]);
    expect(tax.breakdown.line_items.map((l) => l.id)).toEqual(['52']);
  });

  it('Magento 2: POST /v2/verify says a working key is valid and enabled; another is 401', async () => {
    const verify = (key: string) =>
      fetch(`${base()}/verify`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ token: key }),
      });
    const ok = await verify(KEY);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ valid: true, enabled: true, plus: false });
    const bad = await verify(KEYS.unknown);
    expect(bad.status).toBe(401);
    expect(await bad.json()).toMatchObject({ error: 'Unauthorized', status: 401 });
  });

  it("validateAddress places an address by its ZIP: the ZIP's state, county and city, one per state that lists it", async () => {
    const { addresses } = await taxjar().validateAddress({ country: 'US', zip: '98122', street: '1 Anywhere St' });
    expect(addresses).toEqual([{ zip: '98122', state: 'WA', country: 'US', county: 'King', city: 'Seattle' }]);
    const rate = (await taxjar().ratesForLocation('98122', { state: 'WA' })).rate;
    expect([rate.county, rate.city]).toEqual(['KING', 'SEATTLE']);
    // A ZIP+4 is placed by its ZIP; a state narrows the candidates.
    expect((await taxjar().validateAddress({ zip: '10001-2062', state: 'NY' })).addresses).toEqual([
      { zip: '10001', state: 'NY', country: 'US', county: 'New York', city: 'New York' },
    ]);
    await expectTaxjarError(taxjar().validateAddress({ zip: '00000' }), 404, /not_found/);
    await expectTaxjarError(taxjar().validateAddress({ zip: '98122', state: 'OR' }), 404);
    await expectTaxjarError(taxjar().validateAddress({ country: 'CA', zip: 'V6B 1A1' }), 400, /US/);
    await expectTaxjarError(taxjar().validateAddress({ street: '1 Main St', city: 'Seattle', state: 'WA' }), 400, /zip/);
  });
});
