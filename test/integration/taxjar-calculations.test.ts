// The TaxJar-compatible API driven by the official `taxjar` client (README "TaxJar compatibility"):
// tax calculations, rates, categories, summary rates and nexus regions, each checked against
// /api/v1 for the same input, and TaxJar's error shape, authentication forms and scopes.
import { describe, expect, inject, it } from 'vitest';
import { KEYS } from '../fixtures/seed';
import { api, V1 } from '../support/http';
import { cents, expectTaxjarError, taxByType, taxjar } from '../support/taxjar';

const KEY = KEYS.taxjar;

/** A New York order: two line items (one clothing, whose NY exemption applies under $110) and shipping. */
const NY_ORDER = {
  from_country: 'US',
  from_zip: '07001',
  from_state: 'NJ',
  to_country: 'US',
  to_zip: '10001',
  to_state: 'NY',
  to_city: 'New York',
  to_street: '350 5th Ave',
  shipping: 7.5,
  line_items: [
    { id: 'lamp', quantity: 3, unit_price: 19.99, discount: 5, product_tax_code: null as unknown as string },
    { id: 'shirt', quantity: 2, unit_price: 45.5, product_tax_code: '20010' },
  ],
};

/** The same order as a /api/v1 calculation body. */
const NY_V1 = {
  ship_from: { zip: '07001', state: 'NJ', country: 'US' },
  ship_to: { zip: '10001', state: 'NY', city: 'New York', line1: '350 5th Ave', country: 'US' },
  seller_class: 'remote',
  lines: [
    { number: 'lamp', quantity: 3, amount: 59.97, discount: 5 },
    { number: 'shirt', quantity: 2, amount: 91, tax_code: '20010' },
    { number: 'shipping', tax_code: 'SHIPPING', amount: 7.5 },
  ],
};

type V1Jurisdiction = { type: string; rate: number; source_kind: string | null };
const KINDS_STRONGEST_FIRST = ['official_file', 'official_notice', 'vendor_table', 'secondary'];
/** Per TaxJar rate part, the weakest source_kind of /api/v1's jurisdictions of its type that levy a rate. */
const weakestKinds = (jurisdictions: readonly V1Jurisdiction[]) =>
  Object.fromEntries(
    ['state', 'county', 'city', 'special'].map((type) => {
      const ranks = jurisdictions.filter((j) => j.type === type && j.rate > 0).map((j) => KINDS_STRONGEST_FIRST.indexOf(j.source_kind!));
      return [type, ranks.length === 0 ? null : KINDS_STRONGEST_FIRST[Math.max(...ranks)]];
    }),
  );
/** An addition TaxJar's shape allows, which the official client passes through. */
const sourceKindsOf = (o: object) => (o as { source_kinds?: unknown }).source_kinds;

describe('taxForOrder (POST /taxjar/v2/taxes)', () => {
  it('taxes line items and shipping exactly as POST /api/v1/calculations does', async () => {
    const { tax } = await taxjar().taxForOrder(NY_ORDER);
    const v1 = await api('POST', `${V1}/calculations`, { key: KEY, body: NY_V1 });
    expect(v1.status, v1.text).toBe(200);
    expect(cents(tax.amount_to_collect)).toBe(cents(v1.body.total_tax));
    expect(cents(tax.taxable_amount)).toBe(cents(v1.body.total_taxable));
    expect(cents(tax.order_total_amount)).toBe(cents(v1.body.total_amount) - cents(v1.body.total_discount));
    expect(tax.amount_to_collect).toBeGreaterThan(0);
    expect(tax.has_nexus).toBe(true);
    expect(tax.freight_taxable).toBe(v1.body.lines[2].taxability === 'taxable');
    expect(tax.tax_source).toBe('destination');
    expect(tax.jurisdictions).toMatchObject({ country: 'US', state: 'NY' });
    const byType = taxByType(v1.body.summary);
    const b = tax.breakdown!;
    expect([b.state_tax_collectable, b.county_tax_collectable, b.city_tax_collectable, b.special_district_tax_collectable].map((n) => cents(n ?? 0))).toEqual([
      byType.state,
      byType.county,
      byType.city,
      byType.special,
    ]);
    expect(b.line_items!.map((l) => [l.id, cents(l.tax_collectable), cents(l.taxable_amount)])).toEqual(
      v1.body.lines.slice(0, 2).map((l: { number: string; tax: number; taxable_amount: number }) => [l.number, cents(l.tax), cents(l.taxable_amount)]),
    );
    expect(cents(b.shipping!.tax_collectable)).toBe(cents(v1.body.lines[2].tax));
    // rate = amount_to_collect ÷ taxable_amount
    expect(Math.abs(tax.rate - tax.amount_to_collect / tax.taxable_amount)).toBeLessThan(0.000001);
    // Additions TaxJar's shape allows, passed through by the official client: each part's source, and
    // the destination's rate areas (one here).
    const sources = (b as unknown as { sources: Record<string, string | null> }).sources;
    expect(sources).toEqual({
      state: 'Avalara TaxRates ZIP5 table 202603',
      county: null,
      city: 'Avalara TaxRates ZIP5 table 202603',
      special: 'Avalara TaxRates ZIP5 table 202603',
    });
    expect(new Set(v1.body.summary.map((j: { source: string }) => j.source))).toEqual(new Set(['Avalara TaxRates ZIP5 table 202603']));
    // Beside the sources, how each was obtained: the strings of `sources` stay as they were.
    expect(sourceKindsOf(b)).toEqual({ state: 'vendor_table', county: null, city: 'vendor_table', special: 'vendor_table' });
    expect(sourceKindsOf(b)).toEqual(weakestKinds(v1.body.summary));
    expect((tax as unknown as { rate_areas: unknown }).rate_areas).toBeNull();
  });

  it("gives each part's weakest source kind, as /api/v1 does per jurisdiction (28031, Huntersville, North Carolina)", async () => {
    // Huntersville's district rate is the ZIP table's, Mecklenburg County's new transit tax a secondary report's.
    const { tax } = await taxjar().taxForOrder({
      to_country: 'US',
      to_zip: '28031',
      to_state: 'NC',
      shipping: 0,
      line_items: [{ quantity: 1, unit_price: 100 }],
    });
    const v1 = await api('POST', `${V1}/calculations`, { key: KEY, body: { ship_to: { state: 'NC', zip: '28031' }, lines: [{ amount: 100 }] } });
    expect(v1.status, v1.text).toBe(200);
    const specials = v1.body.summary.filter((j: V1Jurisdiction) => j.type === 'special' && j.rate > 0);
    expect(new Set(specials.map((j: V1Jurisdiction) => j.source_kind))).toEqual(new Set(['vendor_table', 'secondary']));
    const b = tax.breakdown!;
    expect((b as unknown as { sources: { special: string } }).sources.special).toContain('; ');
    expect(sourceKindsOf(b)).toMatchObject({ state: 'vendor_table', special: 'secondary' });
    expect(sourceKindsOf(b)).toEqual(weakestKinds(v1.body.summary));
  });

  it('names the rate areas of a ZIP that holds several, as /api/v1 does (64108, Kansas City, Missouri)', async () => {
    const { tax } = await taxjar().taxForOrder({
      to_country: 'US',
      to_zip: '64108',
      to_state: 'MO',
      shipping: 0,
      line_items: [{ quantity: 1, unit_price: 100 }],
    });
    const v1 = await api('POST', `${V1}/calculations`, { key: KEY, body: { ship_to: { state: 'MO', zip: '64108' }, lines: [{ amount: 100 }] } });
    expect(v1.status, v1.text).toBe(200);
    expect(v1.body.lines[0].rate_areas).toEqual({ lowest_rate: 0.08975, highest_rate: 0.10975, used_rate: 0.08975 });
    expect((tax as unknown as { rate_areas: unknown }).rate_areas).toEqual(v1.body.lines[0].rate_areas);
    expect(tax.breakdown!.combined_tax_rate).toBe(0.08975);
    const { rate } = await taxjar().ratesForLocation('64108', { state: 'MO' });
    expect((rate as unknown as { rate_areas: unknown }).rate_areas).toEqual(v1.body.lines[0].rate_areas);
    expect(rate.combined_rate).toBe(0.08975);
  });

  it('taxes an order given by amount alone, without a line breakdown', async () => {
    const { tax } = await taxjar().taxForOrder({ to_country: 'US', to_zip: '98101', to_state: 'WA', amount: 250, shipping: 0 });
    const v1 = await api('POST', `${V1}/calculations`, {
      key: KEY,
      body: {
        ship_to: { zip: '98101', state: 'WA' },
        seller_class: 'remote',
        lines: [
          { number: '1', amount: 250 },
          { number: 'shipping', tax_code: 'SHIPPING', amount: 0 },
        ],
      },
    });
    expect(cents(tax.amount_to_collect)).toBe(cents(v1.body.total_tax));
    expect(tax.amount_to_collect).toBeGreaterThan(0);
    expect(tax.breakdown?.line_items).toBeUndefined();
  });

  it('decides nexus from nexus_addresses: none at the destination collects nothing; nexus there is reference mode', async () => {
    const order = { to_country: 'US', to_zip: '10001', to_state: 'NY', amount: 100, shipping: 0 };
    const none = (await taxjar().taxForOrder({ ...order, nexus_addresses: [{ country: 'US', state: 'CA', zip: '94105' }] })).tax;
    expect({ has_nexus: none.has_nexus, amount_to_collect: none.amount_to_collect, breakdown: none.breakdown }).toEqual({
      has_nexus: false,
      amount_to_collect: 0,
      breakdown: undefined,
    });
    const some = (await taxjar().taxForOrder({ ...order, nexus_addresses: [{ country: 'US', state: 'NY', zip: '10001' }] })).tax;
    const v1 = await api('POST', `${V1}/calculations`, {
      key: KEY,
      body: { ship_to: { zip: '10001', state: 'NY' }, seller_class: 'remote', nexus_mode: 'reference', lines: [{ amount: 100 }] },
    });
    expect(some.has_nexus).toBe(true);
    expect(cents(some.amount_to_collect)).toBe(cents(v1.body.total_tax));
  });

  it("answers the engine's refusals in TaxJar's error shape, so the client raises TaxjarError", async () => {
    // A ZIP of another state: the API's invalid_address (400).
    await expectTaxjarError(taxjar().taxForOrder({ to_country: 'US', to_zip: '10001', to_state: 'CA', amount: 10, shipping: 0 }), 400, /invalid_address/);
    // No shipping (required by TaxJar): a validation error (400) naming the field, never its value.
    const e = await expectTaxjarError(taxjar().taxForOrder({ to_country: 'US', to_zip: '10001', to_state: 'NY', amount: 10 } as never), 400, /shipping/);
    expect(e.error).toBe('Bad Request');
    // A refusal of the translated document names the request's field, not the document's.
    await expectTaxjarError(
      taxjar().taxForOrder({
        to_country: 'US',
        to_zip: '10001',
        to_state: 'NY',
        shipping: 0,
        line_items: [{ id: 'a', quantity: 1, unit_price: 5, discount: 6 }],
      }),
      400,
      /line_items\.0\.discount/,
    );
  });
});

describe('authentication, scopes and errors as /api/v1', () => {
  const base = () => `${inject('baseUrl')}/taxjar/v2`;

  it('takes the key as "Authorization: Bearer" and as TaxJar\'s older "Token token=" form', async () => {
    for (const authorization of [`Bearer ${KEY}`, `Token token="${KEY}"`, `Token token=${KEY}`]) {
      const res = await fetch(`${base()}/categories`, { headers: { Authorization: authorization } });
      expect(res.status, authorization.split(' ')[0]).toBe(200);
    }
    // /api/v1 keeps its own forms only.
    const v1 = await api('GET', `${V1}/config`, { headers: { Authorization: `Token token="${KEY}"` } });
    expect(v1.status).toBe(401);
  });

  it('refuses a missing, unknown or revoked key with 401 in TaxJar shape', async () => {
    const res = await fetch(`${base()}/categories`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Unauthorized', detail: expect.stringContaining('missing_api_key'), status: 401 });
    await expectTaxjarError(taxjar(KEYS.unknown).categories(), 401, /invalid_api_key/);
    await expectTaxjarError(taxjar(KEYS.revoked).categories(), 401, /invalid_api_key/);
  });

  it('applies the same scopes: a transactions:read key may list orders but not tax or create', async () => {
    await expectTaxjarError(
      taxjar(KEYS.taxjarNarrow).taxForOrder({ to_country: 'US', to_zip: '10001', to_state: 'NY', amount: 10, shipping: 0 }),
      403,
      /insufficient_scope/,
    );
    expect((await taxjar(KEYS.taxjarNarrow).listOrders({ transaction_date: '2026-01-01' })).orders).toEqual([]);
  });

  it("keeps tenants apart: another account sees none of this account's orders", async () => {
    expect((await taxjar(KEYS.other).listOrders({ from_transaction_date: '2000-01-01', to_transaction_date: '2100-01-01' })).orders).toEqual([]);
  });
});

describe('rates, categories, summary rates and nexus regions', () => {
  it('ratesForLocation gives the breakdown of GET /api/v1/rates', async () => {
    const { rate } = await taxjar().ratesForLocation('10001', { state: 'NY' });
    const v1 = await api('GET', `${V1}/rates?zip=10001&state=NY`, { key: KEY });
    expect(v1.status, v1.text).toBe(200);
    const part = (type: string) =>
      v1.body.jurisdictions.filter((j: { type: string }) => j.type === type).reduce((n: number, j: { rate: number }) => n + Math.round(j.rate * 1e6), 0);
    expect(Math.round(rate.combined_rate! * 1e6)).toBe(Math.round(v1.body.rate * 1e6));
    expect([rate.state_rate, rate.county_rate, rate.city_rate, rate.combined_district_rate].map((r) => Math.round(r! * 1e6))).toEqual([
      part('state'),
      part('county'),
      part('city'),
      part('special'),
    ]);
    expect(rate).toMatchObject({ zip: '10001', state: 'NY', country: 'US', freight_taxable: true });
    expect((rate as unknown as { sources: unknown }).sources).toEqual({
      state: v1.body.jurisdictions.find((j: { type: string }) => j.type === 'state').source,
      county: null,
      city: 'Avalara TaxRates ZIP5 table 202603',
      special: 'Avalara TaxRates ZIP5 table 202603',
    });
    expect(sourceKindsOf(rate)).toEqual(weakestKinds(v1.body.jurisdictions));
    await expectTaxjarError(taxjar().ratesForLocation('00000'), 400, /invalid_address/);
  });

  it("ratesForLocation says how each part's sources were obtained, the weakest where a part has several", async () => {
    // Georgia's state and county rates come from its Streamlined rate file, the rest from the ZIP table.
    const ga = await api('GET', `${V1}/rates?zip=30301&state=GA`, { key: KEY });
    const gaKinds = sourceKindsOf((await taxjar().ratesForLocation('30301', { state: 'GA' })).rate);
    expect(gaKinds).toMatchObject({ state: 'official_file', county: 'official_file' });
    expect(gaKinds).toEqual(weakestKinds(ga.body.jurisdictions));
    const nc = await api('GET', `${V1}/rates?zip=28031&state=NC`, { key: KEY });
    const ncKinds = sourceKindsOf((await taxjar().ratesForLocation('28031', { state: 'NC' })).rate);
    expect(ncKinds).toMatchObject({ special: 'secondary' });
    expect(ncKinds).toEqual(weakestKinds(nc.body.jurisdictions));
  });

  it('categories lists the tax code catalog of GET /api/v1/tax-codes (SHIPPING aside)', async () => {
    const { categories } = await taxjar().categories();
    const v1Codes: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: { data: { code: string }[]; next_cursor: string | null } } = await api(
        'GET',
        `${V1}/tax-codes?limit=100${cursor ? `&cursor=${cursor}` : ''}`,
        { key: KEY },
      );
      v1Codes.push(...page.body.data.map((c: { code: string }) => c.code));
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(categories.map((c) => c.product_tax_code).sort()).toEqual(v1Codes.filter((c) => c !== 'SHIPPING').sort());
    expect(categories.find((c) => c.product_tax_code === '40030')).toMatchObject({ name: expect.any(String), description: expect.any(String) });
  });

  it('summaryRates has every state and DC, each minimum its state rate', async () => {
    const { summary_rates } = await taxjar().summaryRates();
    expect(summary_rates).toHaveLength(51);
    const ny = summary_rates.find((s) => s.region_code === 'NY')!;
    expect(ny.minimum_rate.rate).toBe(0.04);
    expect(ny.average_rate.rate).toBeGreaterThan(0.04);
    expect(summary_rates.find((s) => s.region_code === 'OR')!.average_rate.rate).toBe(0);
  });

  it("nexusRegions follows the account's nexus setting (PATCH /api/v1/account)", async () => {
    expect((await taxjar().nexusRegions()).regions).toHaveLength(51);
    const patched = await api('PATCH', `${V1}/account`, { key: KEY, body: { nexus: ['NY', 'CA'] } });
    expect(patched.status, patched.text).toBe(200);
    try {
      // The account's settings are cached up to AUTH_CACHE_SECONDS in other functions (README).
      await expect
        .poll(async () => (await taxjar().nexusRegions()).regions.map((r) => r.region_code), { timeout: 15_000, interval: 500 })
        .toEqual(['CA', 'NY']);
      const { tax } = await taxjar().taxForOrder({ to_country: 'US', to_zip: '98101', to_state: 'WA', amount: 100, shipping: 0 });
      expect({ has_nexus: tax.has_nexus, amount_to_collect: tax.amount_to_collect }).toEqual({ has_nexus: false, amount_to_collect: 0 });
    } finally {
      await api('PATCH', `${V1}/account`, { key: KEY, body: { nexus: 'all' } });
    }
    await expect.poll(async () => (await taxjar().nexusRegions()).regions.length, { timeout: 15_000, interval: 500 }).toBe(51);
  });
});
