// The pure translation of the TaxJar-compatible API: TaxJar orders to the API's documents, the
// engine's answer to TaxJar's `tax` object, committed documents to TaxJar transactions, refund
// lines, customers' exemptions, the error dialect and the Token authorization form.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { hashApiKey } from '../../functions/application/api-key-secret';
import type { Certificate } from '../../functions/core/certificates/certificate';
import type { Customer } from '../../functions/core/customers/customer';
import { DomainError } from '../../functions/core/errors';
import { calculate } from '../../functions/core/tax/engine';
import { nexusRegions, regionName, taxjarCategories } from '../../functions/core/taxjar/content';
import { customerDeclaration, declarationOf, exemptionOf, exemptionTypeOf, requestDeclaration } from '../../functions/core/taxjar/customers';
import {
  declaredNexus,
  extendedCents,
  GENERAL_GOODS_DESCRIPTION,
  inTaxjarTerms,
  sellerClassOf,
  taxjarDocument,
  taxjarTarget,
} from '../../functions/core/taxjar/document';
import { hasNexus, taxjarTax } from '../../functions/core/taxjar/tax-view';
import {
  isLiveOrder,
  nextVersionCodes,
  orderFieldsOf,
  refundLinesOf,
  spreadOverItems,
  taxjarId,
  transactionView,
  versionOf,
} from '../../functions/core/taxjar/transactions';
import { committedDocument } from '../../functions/core/transactions/transaction';
import { handler as usageKeyAuthorizer } from '../../functions/handlers/gateway/authorizer';
import { errorResponse, taxjarErrorBody, taxjarStatusOf } from '../../functions/http/error-response';
import { presentedSecret } from '../../functions/http/presented-secret';
import { CalculationRequestSchema } from '../../functions/schemas/document';
import { TaxjarRefundCreateSchema, TaxjarTaxRequestSchema } from '../../functions/schemas/taxjar';
import { content, context } from '../support/engine';

const cents = (n: number) => Math.round(n * 100);

const NY = {
  to_country: 'US',
  to_zip: '10001',
  to_state: 'NY',
  shipping: 7.5,
  line_items: [
    { id: 'lamp', quantity: 3, unit_price: 19.99, discount: 5 },
    { id: 'shirt', quantity: 2, unit_price: 45.5, product_tax_code: '20010' },
  ],
};

const taxed = (order: Parameters<typeof taxjarDocument>[0], options: Parameters<typeof taxjarDocument>[1] = {}) =>
  calculate(v.parse(CalculationRequestSchema, taxjarDocument(order, options)), context());

describe('TaxJar orders as documents', () => {
  it('extends unit prices by quantity in integer cents, half-up, whatever the sign', () => {
    expect(extendedCents(19.99, 3)).toBe(5997);
    expect(extendedCents(3.33, 1.5)).toBe(500); // 499.5 → 500
    expect(extendedCents(-24.99, 2)).toBe(4998);
    expect(extendedCents(0.1, 0.333333)).toBe(3);
  });

  it('maps line items to numbered lines, shipping to a SHIPPING line, and addresses to ship_to/ship_from', () => {
    const doc = taxjarDocument({ ...NY, from_zip: '60601', from_state: 'IL', customer_id: 'C1', transaction_date: '2026-05-04' });
    expect(doc).toMatchObject({
      date: '2026-05-04',
      customer_code: 'C1',
      seller_class: 'in_state',
      ship_from: { zip: '60601', state: 'IL' },
      ship_to: { zip: '10001', state: 'NY', country: 'US' },
      nexus_mode: null,
    });
    expect(doc.lines).toEqual([
      { number: 'lamp', tax_code: null, description: GENERAL_GOODS_DESCRIPTION, quantity: 3, amount: 59.97, discount: 5 },
      { number: 'shirt', tax_code: '20010', description: null, quantity: 2, amount: 91, discount: null },
      { number: 'shipping', tax_code: 'SHIPPING', amount: 7.5 },
    ]);
    expect(() => v.parse(CalculationRequestSchema, doc)).not.toThrow();
  });

  it('without line items taxes `amount` as one line, shipping always apart', () => {
    expect(taxjarDocument({ to_zip: '98101', amount: 250, shipping: 0 }).lines).toEqual([
      { number: '1', amount: 250 },
      { number: 'shipping', tax_code: 'SHIPPING', amount: 0 },
    ]);
  });

  it('is a remote seller unless it ships from Illinois', () => {
    expect(sellerClassOf({ from_state: 'nj' })).toBe('remote');
    expect(sellerClassOf({})).toBe('remote');
    expect(sellerClassOf({ from_state: 'il' })).toBe('in_state');
  });

  it('reads nexus_addresses as the set of states declared, or null for the account setting', () => {
    expect(declaredNexus(undefined)).toBeNull();
    expect(declaredNexus([])).toBeNull();
    expect([...(declaredNexus([{ state: 'ny' }, { state: 'CA' }, { state: 'NY' }]) ?? [])]).toEqual(['NY', 'CA']);
  });
});

describe("refusals in the TaxJar request's terms", () => {
  it('names line items, shipping, addresses and document fields as the request did', () => {
    expect(taxjarTarget('lines.1.discount', 2)).toBe('line_items.1.discount');
    expect(taxjarTarget('lines.0.tax_code', 2)).toBe('line_items.0.product_tax_code');
    expect(taxjarTarget('lines.2.amount', 2)).toBe('shipping');
    expect(taxjarTarget('lines.0.amount', 0)).toBe('amount');
    expect(taxjarTarget('lines.1', 0)).toBe('shipping');
    expect(taxjarTarget('ship_to.zip', 1)).toBe('to_zip');
    expect(taxjarTarget('ship_from.line1', 1)).toBe('from_street');
    expect(taxjarTarget('customer_code', 1)).toBe('customer_id');
    expect(taxjarTarget('lines', 1)).toBe('line_items');
    const error = inTaxjarTerms(
      new DomainError('validation_error', 'Invalid.', [{ code: 'less_than_equal', target: 'lines.0.discount', message: 'x' }]),
      1,
    ) as DomainError;
    expect(error.details?.[0]?.target).toBe('line_items.0.discount');
    const other = new Error('boom');
    expect(inTaxjarTerms(other, 1)).toBe(other);
  });
});

describe('the engine answer as TaxJar tax', () => {
  it('sums the engine cents: totals, jurisdiction types and lines agree, rate = tax ÷ taxable', () => {
    const doc = taxed(NY);
    const tax = taxjarTax(doc, { declaredNexus: null, lineItems: true }) as Record<string, any>;
    const lineTax = doc.lines.reduce((n, l) => n + l.tax, 0);
    expect(cents(tax.amount_to_collect)).toBe(lineTax);
    expect(cents(tax.taxable_amount)).toBe(doc.lines.reduce((n, l) => n + l.taxable, 0));
    const b = tax.breakdown;
    expect(cents(b.state_tax_collectable) + cents(b.county_tax_collectable) + cents(b.city_tax_collectable) + cents(b.special_district_tax_collectable)).toBe(
      lineTax,
    );
    expect(b.line_items.map((l: { id: string }) => l.id)).toEqual(['lamp', 'shirt']);
    const perLine = b.line_items.reduce((n: number, l: { tax_collectable: number }) => n + cents(l.tax_collectable), 0) + cents(b.shipping.tax_collectable);
    expect(perLine).toBe(lineTax);
    for (const l of b.line_items)
      expect(cents(l.state_amount) + cents(l.county_amount) + cents(l.city_amount) + cents(l.special_district_amount)).toBe(cents(l.tax_collectable));
    expect(Math.abs(tax.rate - tax.amount_to_collect / tax.taxable_amount)).toBeLessThan(1e-6);
    expect(tax).toMatchObject({ has_nexus: true, freight_taxable: true, tax_source: 'destination', order_total_amount: 153.47, shipping: 7.5 });
    expect(tax.jurisdictions).toMatchObject({ country: 'US', state: 'NY' });
  });

  it('collects nothing and gives no breakdown without nexus at the destination', () => {
    const doc = taxed({ to_zip: '10001', to_state: 'NY', amount: 100, shipping: 0 }, { nexusMode: 'reference' });
    expect(hasNexus(doc, new Set(['CA']))).toBe(false);
    expect(taxjarTax(doc, { declaredNexus: new Set(['CA']), lineItems: false })).toMatchObject({
      has_nexus: false,
      amount_to_collect: 0,
      taxable_amount: 0,
      rate: 0,
    });
    expect(taxjarTax(doc, { declaredNexus: new Set(['CA']), lineItems: false }).breakdown).toBeUndefined();
    const ny = taxjarTax(doc, { declaredNexus: new Set(['NY']), lineItems: false }) as Record<string, any>;
    expect(ny.has_nexus).toBe(true);
    // TaxJar answers no breakdown for an order given by `amount` alone.
    expect(ny.breakdown).toBeUndefined();
    // The account's setting: lines the engine taxed `no_nexus` mean no nexus.
    const none = calculate(
      v.parse(CalculationRequestSchema, taxjarDocument({ to_zip: '10001', to_state: 'NY', amount: 100, shipping: 0 })),
      context({ settings: { nexus: ['CA'] } }),
    );
    expect(hasNexus(none, null)).toBe(false);
  });

  it('gives shipping a breakdown only where freight is taxed, keyed as TaxJar keys it', () => {
    const items = [{ id: '1', quantity: 1, unit_price: 100 }];
    const ca = taxjarTax(taxed({ to_zip: '94105', to_state: 'CA', shipping: 10, line_items: items }), { declaredNexus: null, lineItems: true }) as Record<
      string,
      any
    >;
    expect(ca.freight_taxable).toBe(false);
    expect(ca.breakdown.line_items).toHaveLength(1);
    expect(ca.breakdown.shipping).toBeUndefined();
    const ny = taxjarTax(taxed({ to_zip: '10001', to_state: 'NY', shipping: 10, line_items: items }), { declaredNexus: null, lineItems: true }) as Record<
      string,
      any
    >;
    expect(ny.breakdown.shipping.taxable_amount).toBe(10);
    expect(Object.keys(ny.breakdown.shipping)).toContain('special_taxable_amount');
    expect(Object.keys(ny.breakdown.shipping)).not.toContain('special_district_taxable_amount');
    expect(Object.keys(ny.breakdown.line_items[0])).toContain('special_district_taxable_amount');
  });

  it("names the destination's county and city as the content does, even where they levy no rate (KING)", () => {
    const doc = taxed({ to_zip: '98101', to_state: 'WA', shipping: 0, amount: 10 });
    expect(taxjarTax(doc, { declaredNexus: null, lineItems: false, place: { county: 'KING', city: 'SEATTLE' } }).jurisdictions).toEqual({
      country: 'US',
      state: 'WA',
      county: 'KING',
      city: 'SEATTLE',
    });
    expect(taxjarTax(doc, { declaredNexus: null, lineItems: false }).jurisdictions).toMatchObject({ county: null });
  });

  it('reads amounts sent as decimal strings as their numbers, and an empty product tax code as none', () => {
    const parsed = v.parse(TaxjarTaxRequestSchema, {
      to_zip: '10001',
      shipping: '5.00',
      amount: '10',
      line_items: [{ id: '1', quantity: '2', unit_price: '24.50', discount: '4.00', product_tax_code: '' }],
    });
    expect(parsed).toMatchObject({ shipping: 5, amount: 10, line_items: [{ quantity: 2, unit_price: 24.5, discount: 4, product_tax_code: null }] });
    for (const bad of ['', 'abc', '1e3', '1,5', ' '])
      expect(v.safeParse(TaxjarTaxRequestSchema, { to_zip: '10001', shipping: bad }).success, JSON.stringify(bad)).toBe(false);
    expect(v.safeParse(TaxjarTaxRequestSchema, { to_zip: '10001', shipping: '-1' }).success).toBe(false);
    expect(v.parse(TaxjarRefundCreateSchema, { transaction_id: 'r', transaction_reference_id: 'o', amount: '-10.5', shipping: '-0.50' })).toMatchObject({
      amount: -10.5,
      shipping: -0.5,
    });
  });

  it('describes an uncoded, unnamed item as general goods, and reads that description back as none', () => {
    const doc = taxjarDocument({
      to_zip: '60601',
      to_state: 'IL',
      shipping: 0,
      line_items: [
        { id: '1', unit_price: 10 },
        { id: '2', unit_price: 5, product_identifier: 'SKU-2' },
      ],
    });
    expect(doc.lines.map((l) => l.description)).toEqual([GENERAL_GOODS_DESCRIPTION, 'SKU-2', undefined]);
  });

  it('reports freight as not taxable where the state exempts delivery (California)', () => {
    const tax = taxjarTax(taxed({ to_zip: '94105', to_state: 'CA', amount: 100, shipping: 10 }), { declaredNexus: null, lineItems: false });
    expect(tax.freight_taxable).toBe(false);
  });
});

describe('committed documents as TaxJar transactions', () => {
  const record = (code: string) =>
    committedDocument(
      taxed({ ...NY, transaction_date: '2026-05-04', customer_id: 'C1' } as never),
      {
        code,
        tenant: { accountId: 'a', environment: 'sandbox' },
        location_code: null,
        customer_code: 'C1',
        at: '2026-05-04T10:00:00Z',
      },
      'sale',
    );

  it('names versions <id>:v<n> and reversals <id>:r<n>, and maps every version back to its id', () => {
    expect(nextVersionCodes('A-1')).toEqual({ reversal_code: 'A-1:r2', replacement_code: 'A-1:v2' });
    expect(nextVersionCodes('A-1:v2')).toEqual({ reversal_code: 'A-1:r3', replacement_code: 'A-1:v3' });
    expect([taxjarId('A-1:v12'), versionOf('A-1:v12'), versionOf('A-1')]).toEqual(['A-1', 12, 1]);
    expect(isLiveOrder({ kind: 'replacement', status: 'refunded' })).toBe(true);
    expect(isLiveOrder({ kind: 'sale', status: 'adjusted' })).toBe(false);
    expect(isLiveOrder({ kind: 'sale', status: 'voided' })).toBe(false);
    expect(isLiveOrder({ kind: 'refund', status: 'committed' })).toBe(false);
  });

  it('shows an order with its amounts, shipping, sales tax and unit prices from the committed lines', () => {
    const r = record('A-1:v2');
    const view = transactionView(r);
    expect(view).toMatchObject({
      transaction_id: 'A-1',
      transaction_date: '2026-05-04',
      to_zip: '10001',
      to_state: 'NY',
      customer_id: 'C1',
      shipping: 7.5,
      amount: 153.47,
    });
    expect(cents(view.sales_tax)).toBe(r.lines.reduce((n, l) => n + l.tax, 0));
    expect(view.line_items.map((l) => [l.id, l.quantity, l.unit_price, l.discount])).toEqual([
      ['lamp', 3, 19.99, 5],
      ['shirt', 2, 45.5, 0],
    ]);
    // The fields an update starts from rebuild the same document.
    const again = taxjarDocument(orderFieldsOf(r));
    expect(again.lines.map((l) => [l.number, l.amount, l.discount ?? 0])).toEqual([
      ['lamp', 59.97, 5],
      ['shirt', 91, 0],
      ['shipping', 7.5, 0],
    ]);
  });

  it('refunds line items by id and shipping; without items, all that remains or the shipping alone', () => {
    const r = record('A-1');
    expect(refundLinesOf({ line_items: [{ id: 'lamp', quantity: 1, unit_price: -19.99 }], shipping: -2.5 }, r)).toEqual({
      lines: [
        { number: 'lamp', amount: 1999 },
        { number: 'shipping', amount: 250 },
      ],
    });
    expect(refundLinesOf({ amount: -153.47, shipping: -7.5 }, r)).toEqual({ lines: null });
    expect(refundLinesOf({ amount: -7.5, shipping: -7.5 }, r)).toEqual({ lines: [{ number: 'shipping', amount: 750 }] });
    expect(() => refundLinesOf({ amount: 0, shipping: 0 }, r)).toThrow(expect.objectContaining({ code: 'invalid_request' }));
    expect(() => refundLinesOf({ amount: 5, shipping: 7.5 }, r)).toThrow(expect.objectContaining({ code: 'invalid_request' }));
  });

  it('spreads what names no order line over the items by what remains of each, to the cent (Solidus, Magento)', () => {
    const r = record('A-1');
    // lamp 54.97 and shirt 91.00 remain: 10.00 splits 3.77 / 6.23 (3.7658 and 6.2342, half-up, summing to 10.00).
    expect(spreadOverItems(1000, r)).toEqual([
      { number: 'lamp', amount: 377 },
      { number: 'shirt', amount: 623 },
    ]);
    // Solidus: amount (shipping included) and shipping, no line items.
    expect(refundLinesOf({ amount: 12.5, shipping: 2.5 }, r)).toEqual({
      lines: [
        { number: 'lamp', amount: 377 },
        { number: 'shirt', amount: 623 },
        { number: 'shipping', amount: 250 },
      ],
    });
    // Magento: a credit memo's adjustment-refund line beside a named one; it is spread over what the named one leaves.
    const magento = refundLinesOf(
      {
        line_items: [
          { id: 'lamp', quantity: 1, unit_price: 19.99 },
          { id: 'adjustment-refund', quantity: 1, unit_price: 5 },
        ],
      },
      r,
    );
    expect(magento.lines!.reduce((n, l) => n + l.amount, 0)).toBe(1999 + 500);
    expect(magento.lines!.map((l) => l.number)).toEqual(['lamp', 'shirt']);
    // lamp 34.98 left after its 19.99, shirt 91.00: 5.00 → 1.39 / 3.61.
    expect(magento.lines).toEqual([
      { number: 'lamp', amount: 1999 + 139 },
      { number: 'shirt', amount: 361 },
    ]);
    // More than remains is asked whole, for the refund to refuse.
    expect(spreadOverItems(20000, r).reduce((n, l) => n + l.amount, 0)).toBe(20000);
  });
});

describe('TaxJar customers, reference content and errors', () => {
  const customer: Customer = { customer_code: 'C1', name: 'Acme', location_code: null, created_at: '', certificate_ids: ['c1', 'c2'] };
  const cert = (jurisdiction: string, exemption_reason: Certificate['exemption_reason']) => ({ jurisdiction, exemption_reason }) as Certificate;

  it('states the exemption of the exempting certificates', () => {
    expect([exemptionTypeOf('resale'), exemptionTypeOf('government'), exemptionTypeOf('nonprofit')]).toEqual(['wholesale', 'government', 'other']);
    expect(exemptionOf([])).toEqual({ exemption_type: 'non_exempt', exempt_regions: [] });
    expect(exemptionOf([cert('TX', 'resale'), cert('NY', 'resale')])).toEqual({
      exemption_type: 'wholesale',
      exempt_regions: [
        { country: 'US', state: 'NY' },
        { country: 'US', state: 'TX' },
      ],
    });
    expect(exemptionOf([cert('NY', 'resale'), cert('NY', 'government')]).exemption_type).toBe('other');
    expect(customer.certificate_ids).toHaveLength(2);
  });

  it('keeps a declared exemption as sent and reads it as a declaration of its regions (Magento 2 syncs exempt_regions)', () => {
    const declared = declarationOf({ exemption_type: 'wholesale', exempt_regions: [{ country: 'US', state: 'fl' }, { state: 'PA' }] });
    expect(declared).toEqual({
      exemption_type: 'wholesale',
      exempt_regions: [
        { country: 'US', state: 'FL' },
        { country: 'US', state: 'PA' },
      ],
    });
    expect(declarationOf({})).toBeUndefined();
    // An update that sends only the type keeps the regions declared before.
    expect(declarationOf({ exemption_type: 'government' }, declared)?.exempt_regions).toHaveLength(2);
    const customer = { customer_code: 'c', name: null, location_code: null, created_at: '', certificate_ids: [], declaration: declared };
    expect(customerDeclaration(customer)).toEqual({ type: 'wholesale', source: 'customer', states: ['FL', 'PA'] });
    expect(customerDeclaration({ ...customer, declaration: { exemption_type: 'wholesale', exempt_regions: [] } })?.states).toBeNull();
    expect(customerDeclaration({ ...customer, declaration: { exemption_type: 'non_exempt', exempt_regions: [] } })).toBeNull();
    expect(customerDeclaration({ ...customer, declaration: { exemption_type: 'marketplace', exempt_regions: [{ country: 'US', state: 'FL' }] } })).toBeNull();
    expect(requestDeclaration('other')).toEqual({ type: 'other', source: 'document', states: null });
    expect(requestDeclaration('marketplace')).toBeNull();
  });

  it('lists categories without SHIPPING, sorted, and nexus regions from the account setting', () => {
    const categories = taxjarCategories(content.taxCodes());
    expect(categories.some((c) => c.product_tax_code === 'SHIPPING')).toBe(false);
    expect(categories.find((c) => c.product_tax_code === '40030')).toBeDefined();
    const today = '2026-12-01';
    expect(nexusRegions({ nexus: 'all', registrations: [] }, today, (s) => s)).toHaveLength(51);
    const names: Record<string, string> = { CA: 'CALIFORNIA', NY: 'NEW YORK', DC: 'DISTRICT OF COLUMBIA' };
    expect(nexusRegions({ nexus: ['NY', 'CA', 'DC'], registrations: [] }, today, (s) => names[s]!)).toEqual([
      { country_code: 'US', country: 'United States', region_code: 'CA', region: 'California' },
      { country_code: 'US', country: 'United States', region_code: 'DC', region: 'District of Columbia' },
      { country_code: 'US', country: 'United States', region_code: 'NY', region: 'New York' },
    ]);
    // Registrations count from their date: a later one is not a region yet.
    const registrations = [
      { state: 'NY', registered_from: '2026-03-01' },
      { state: 'CA', registered_from: '2027-01-01' },
    ];
    expect(nexusRegions({ nexus: 'registrations', registrations }, today, (s) => names[s]!).map((r) => r.region_code)).toEqual(['NY']);
    expect(regionName('NORTH CAROLINA')).toBe('North Carolina');
  });

  it('summarizes a state: lowest state part and the mean combined rate of its ZIP codes', () => {
    const ny = content.rateSummary('NY')!;
    expect(ny.minimumStateRate).toBe(40_000);
    expect(ny.averageRate).toBeGreaterThan(40_000);
    expect(ny.averageRate).toBeLessThan(90_000);
  });

  it("renders errors in TaxJar's shape with its statuses: no 409, validation is 400", () => {
    expect([
      taxjarStatusOf('validation_error'),
      taxjarStatusOf('duplicate_transaction'),
      taxjarStatusOf('invalid_lifecycle'),
      taxjarStatusOf('rate_limit_exceeded'),
    ]).toEqual([400, 422, 422, 429]);
    expect(taxjarErrorBody('invalid_address', 'Bad address.', [{ code: 'invalid_address', target: 'to_zip', message: 'Not a ZIP.' }])).toEqual({
      error: 'Bad Request',
      detail: 'Bad address. [invalid_address] to_zip: Not a ZIP.',
      status: 400,
    });
    const res = errorResponse(new DomainError('rate_limit_exceeded', 'Slow down.', undefined, 12), 'req-1', 'taxjar');
    expect(res.statusCode).toBe(429);
    expect(res.headers).toMatchObject({ 'Retry-After': '12', 'X-Request-Id': 'req-1' });
    expect(JSON.parse(res.body)).toEqual({ error: 'Too Many Requests', detail: 'Slow down. [rate_limit_exceeded]', status: 429 });
    // The API's error envelope stays the default.
    expect(JSON.parse(errorResponse(new DomainError('not_found', 'No.'), 'req-2').body).error.code).toBe('not_found');
  });

  it('reads `Authorization: Token token="<key>"` only where the route asks for it', () => {
    expect(presentedSecret({ authorization: 'Token token="stx_test_abc"' }, { tokenForm: true })).toBe('stx_test_abc');
    expect(presentedSecret({ authorization: 'token token=stx_test_abc' }, { tokenForm: true })).toBe('stx_test_abc');
    expect(presentedSecret({ authorization: 'Bearer stx_test_abc' }, { tokenForm: true })).toBe('stx_test_abc');
    expect(() => presentedSecret({ authorization: 'Token token="stx_test_abc"' })).toThrow(expect.objectContaining({ code: 'invalid_api_key' }));
    expect(() => presentedSecret({ authorization: 'Token token="a"', 'x-api-key': 'b' }, { tokenForm: true })).toThrow(
      expect.objectContaining({ code: 'invalid_api_key' }),
    );
  });

  it('names the usage key of a Token-form request in the authorizer on TaxJar resources only', async () => {
    const event = (resource: string) =>
      ({ type: 'REQUEST', resource, methodArn: 'arn:x', headers: { Authorization: 'Token token="stx_test_abc"' } }) as unknown as Parameters<
        typeof usageKeyAuthorizer
      >[0];
    expect((await usageKeyAuthorizer(event('/taxjar/v2/taxes'))).usageIdentifierKey).toBe(hashApiKey('stx_test_abc'));
    expect((await usageKeyAuthorizer(event('/api/v1/calculations'))).usageIdentifierKey).not.toBe(hashApiKey('stx_test_abc'));
  });
});
