// Each line names the rule that set its taxability: a dated rule of data/taxability_changes.csv, a
// standing treatment of data/us_states.csv, a sales-tax holiday, the Illinois rate class, or else
// the state's general rule citing where the state rate comes from.
import { join } from 'node:path';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { US_STATES } from '../../functions/core/content/states';
import { calculate } from '../../functions/core/tax/engine';
import { lineView } from '../../functions/core/tax/view';
import { taxjarDocument } from '../../functions/core/taxjar/document';
import { taxjarTax } from '../../functions/core/taxjar/tax-view';
import { CalculationRequestSchema } from '../../functions/schemas/document';
import { TaxabilityRule } from '../../functions/schemas/responses/tax';
import { readCsv } from '../../scripts/content/files/csv';
import { content, context, run } from '../support/engine';

const DATA = join(import.meta.dirname, '..', '..', 'data');
const holidays = readCsv(join(DATA, 'sales_tax_holidays.csv'), ['state', 'holiday', 'starts', 'ends', 'source']);
const D = '2026-04-15';
const one = (state: string, zip: string, code: string | null, extra: Record<string, unknown> = {}) =>
  run({ date: D, ship_to: { state, zip }, lines: [{ amount: 100, tax_code: code }], ...extra }).lines[0]!;

describe('the rule behind a line', () => {
  it('a class no rule of the data rules on falls under the general rule, citing the state rate source', () => {
    const line = one('NY', '10001', null);
    const state = line.jurisdictions.find((j) => j.type === 'state')!;
    expect(line.taxability_rule).toEqual({
      state: 'NY',
      class: 'general_tangible',
      treatment: 'general_rate',
      effective_from: content.coverageFrom,
      citation: state.source,
      summary: expect.stringContaining('general rate'),
    });
    // Georgia's state rate comes from its SST rate file, and so does the citation of its general rule.
    const ga = one('GA', '30303', null);
    expect(ga.taxability_rule?.citation).toBe(ga.jurisdictions.find((j) => j.type === 'state')!.source);
    expect(ga.taxability_rule?.citation).toContain('Streamlined Sales Tax');
  });

  it('a state without sales tax says so', () => {
    const line = one('OR', '97201', null);
    expect(line.reason).toBe('not_subject_to_tax');
    expect(line.taxability_rule).toMatchObject({ state: 'OR', treatment: 'general_rate', summary: expect.stringContaining('no state sales tax') });
    expect(line.taxability_rule?.citation.length).toBeGreaterThan(10);
  });

  it('a standing treatment of us_states.csv names its source: New York clothing under $110', () => {
    const line = run({ date: D, ship_to: { state: 'NY', zip: '10001' }, lines: [{ amount: 80, tax_code: '20010' }] }).lines[0]!;
    expect(line.reason).toBe('product_exempt');
    expect(line.taxability_rule).toMatchObject({ state: 'NY', class: 'clothing', treatment: 'price_threshold', citation: expect.stringContaining('718-C') });
  });

  it('a rule for a tax code decides before the rule for its category (California: noncarbonated vs carbonated soft drinks)', () => {
    const still = one('CA', '90012', '50202304A0001');
    const soda = one('CA', '90012', '40050');
    expect([still.reason, still.taxability_rule?.class]).toEqual(['product_exempt', 'tax_code:50202304']);
    expect([soda.reason, soda.taxability_rule?.class, soda.taxability_rule?.treatment]).toEqual(['standard_rated', 'soft_drinks', 'taxable']);
  });

  it('a dated rule names its effective date: Maryland business SaaS exempt before 2025-07-01, 3 % from it', () => {
    const before = run({ date: '2025-12-01', ship_to: { state: 'MD', zip: '21201' }, lines: [{ amount: 100, tax_code: '81162000A9000' }] }).lines[0]!;
    expect(before.taxability_rule).toMatchObject({ treatment: 'class_rate', effective_from: '2025-07-01' });
    expect(before.rate).toBe(30_000);
    expect(content.datedTreatment('MD', 'saas_cloud', '81162000A9000', '2025-06-30')).toEqual({ t: 'exempt' });
  });

  it('a class rate above the general rate answers standard_rated, and the line tax is the sum of its jurisdictions', () => {
    for (const [state, zip, code, rate] of [
      ['ME', '04101', '41000', 80_000],
      ['DC', '20001', '41000', 100_000],
      ['DC', '20001', '40050', 80_000],
      ['RI', '02903', '41000', 80_000],
      ['CT', '06103', '41000', 73_500],
    ] as const) {
      const line = run({ date: D, ship_to: { state, zip }, lines: [{ amount: 123.45, tax_code: code }] }).lines[0]!;
      expect([state, line.rate, line.reason, line.taxability_rule?.treatment]).toEqual([state, rate, 'standard_rated', 'class_rate']);
      expect(line.jurisdictions.reduce((n, j) => n + j.tax, 0)).toBe(line.tax);
    }
  });

  it('a sales-tax holiday names the holiday and its statute', () => {
    const tx = holidays.find((h) => h.state === 'TX')!;
    const line = run({ date: tx.starts, ship_to: { state: 'TX', zip: '78701' }, lines: [{ amount: 50, tax_code: '20010' }] }).lines[0]!;
    expect(line.reason).toBe('holiday_exempt');
    expect(line.taxability_rule).toEqual({
      state: 'TX',
      class: 'clothing',
      treatment: 'holiday_exempt',
      effective_from: tx.starts,
      citation: tx.source,
      summary: expect.stringContaining(tx.holiday),
    });
  });

  it('Illinois lines name their rate class and the state rates source', () => {
    const doc = run({
      date: D,
      seller_class: 'remote',
      ship_to: { state: 'IL', zip: '60601' },
      lines: [
        { amount: 100, tax_code: '40030' },
        { amount: 100, tax_code: null, description: 'Desk lamp' },
        { amount: 100, tax_code: '30070' },
      ],
    });
    const [food, general, saas] = doc.lines;
    expect(food!.taxability_rule).toMatchObject({ state: 'IL', class: 'qualifying_food', treatment: 'reduced_rate' });
    expect(general!.taxability_rule).toMatchObject({ state: 'IL', class: 'general_merchandise', treatment: 'general_rate' });
    expect(general!.taxability_rule?.citation).toBe(general!.jurisdictions.find((j) => j.type === 'state')!.source);
    expect(saas!.taxability_rule).toMatchObject({ state: 'IL', class: 'not_tangible_property', treatment: 'exempt' });
  });

  it('lines without nexus or under a certificate still name the product rule (the certificate is named apart)', () => {
    const ctx = context({ settings: { nexus: ['CA'] } });
    const line = calculate(
      v.parse(CalculationRequestSchema, { date: D, ship_to: { state: 'ME', zip: '04101' }, lines: [{ amount: 100, tax_code: '41000' }] }),
      ctx,
    ).lines[0]!;
    expect(line.reason).toBe('no_nexus');
    expect(line.taxability_rule?.treatment).toBe('class_rate');
  });

  it('is decided once per state, product and date: lines of the same product share one rule object', () => {
    const doc = run({
      date: D,
      ship_to: { state: 'TN', zip: '37203' },
      lines: [
        { amount: 10, tax_code: '40010' },
        { amount: 20, tax_code: '40010' },
        { amount: 30, tax_code: null },
        { amount: 40, tax_code: null },
      ],
    });
    expect(doc.lines[0]!.taxability_rule).toBe(doc.lines[1]!.taxability_rule);
    expect(doc.lines[2]!.taxability_rule).toBe(doc.lines[3]!.taxability_rule);
    expect(doc.lines[0]!.taxability_rule).not.toBe(doc.lines[2]!.taxability_rule);
  });

  it('every state answers every category with a valid rule, as the response schema describes it', () => {
    const categories = new Map<string, string>();
    for (const [code, , , category] of content.artifact.taxCodes) if (!categories.has(category)) categories.set(category, code);
    const zips = new Map<string, string>();
    for (const [key] of content.rows()) {
      const [state, zip] = key.split(',') as [string, string];
      if (!zips.has(state)) zips.set(state, zip);
    }
    zips.set('IL', '60601'); // a place whose local grocery tax the content knows
    for (const [state, zip] of zips) {
      const doc = run({
        date: D,
        seller_class: state === 'IL' ? 'remote' : undefined,
        ship_to: { state, zip },
        lines: [...categories.values()].map((code) => ({ amount: 100, tax_code: code })),
      });
      for (const line of doc.lines) {
        const view = lineView(line);
        expect(() => v.parse(TaxabilityRule, view.taxability_rule)).not.toThrow();
        expect(view.taxability_rule?.state).toBe(state);
        expect(view.taxability_rule?.citation).not.toBe('');
        if (line.reason === 'product_exempt')
          expect(['exempt', 'price_threshold', 'first_amount_exempt', 'follows_goods', 'reduced_rate']).toContain(line.taxability_rule?.treatment);
      }
    }
  });

  it('a document stored before rules were kept answers null', () => {
    const { taxability_rule: _, ...old } = one('NY', '10001', null);
    expect(lineView(old).taxability_rule).toBeNull();
  });
});

describe('the TaxJar-compatible answer', () => {
  it('carries the rule on each line item and the shipping breakdown (an extra, like sources)', () => {
    const order = {
      to_country: 'US',
      to_zip: '04101',
      to_state: 'ME',
      shipping: 5,
      line_items: [
        { id: 'meal', quantity: 1, unit_price: 20, product_tax_code: '41000' },
        { id: 'lamp', quantity: 1, unit_price: 30 },
      ],
    };
    const doc = calculate(v.parse(CalculationRequestSchema, taxjarDocument(order, {})), context());
    const tax = taxjarTax(doc, { declaredNexus: null, lineItems: true }) as Record<string, any>;
    const [meal, lamp] = tax.breakdown.line_items;
    expect(meal.taxability_rule).toMatchObject({ state: 'ME', class: 'prepared_food', treatment: 'class_rate' });
    expect(meal.combined_tax_rate).toBe(0.08);
    expect(lamp.taxability_rule).toMatchObject({ state: 'ME', treatment: 'general_rate' });
    // Maine does not tax this freight, so there is no shipping breakdown; where freight is taxed (New York) it carries the rule.
    expect(tax.breakdown.shipping).toBeUndefined();
    const ny = calculate(v.parse(CalculationRequestSchema, taxjarDocument({ ...order, to_zip: '10001', to_state: 'NY' }, {})), context());
    expect((taxjarTax(ny, { declaredNexus: null, lineItems: true }) as Record<string, any>).breakdown.shipping.taxability_rule.state).toBe('NY');
  });
});

describe('alcoholic beverages are a class of their own, outside food (data/README.md 14.5a)', () => {
  // A state's rows on the class, or on codes of it (Washington's spirits).
  const alcoholRows = readCsv(join(DATA, 'taxability_changes.csv'), ['state', 'match']).filter(
    (r) => r.match === 'category:alcoholic_beverages' || r.match.startsWith('code:502022'),
  );
  const withRow = new Set(alcoholRows.map((r) => r.state));
  const places = readCsv(join(DATA, 'us_zip_rates.csv'), ['state', 'zip']).filter(
    (r, i, all) => US_STATES.includes(r.state as (typeof US_STATES)[number]) && all.findIndex((o) => o.state === r.state) === i,
  );
  const general = places.filter((p) => !withRow.has(p.state));
  const codes = content.artifact.taxCodes.filter(([, , , category]) => category === 'alcoholic_beverages').map(([code]) => code);

  it('beer, wine and spirits are the codes of the class', () => {
    expect(codes.sort()).toEqual(['50202201A0000', '50202203A0000', '50202206A0000']);
  });

  // The codes were once filed as groceries, so food-exempt and food-rate states answered alcohol at 0 or their food rate.
  it.each(general)('$state $zip: without a row of its own, a bottle pays what a lamp pays', ({ state, zip }) => {
    const line = (code: string | null) =>
      run({
        date: D,
        seller_class: state === 'IL' ? 'remote' : undefined,
        ship_to: { state, zip },
        lines: [{ amount: 100, tax_code: code, description: 'Desk lamp' }],
      }).lines[0]!;
    const lamp = line(null);
    for (const code of codes) {
      const bottle = line(code);
      expect(bottle.rate).toBe(lamp.rate);
      expect(bottle.category).toBe('alcoholic_beverages');
      expect(bottle.taxability_rule?.treatment).toBe(lamp.taxability_rule?.treatment);
    }
  });

  it('the states with a row of their own are the ones data/README.md 14.5a lists', () => {
    expect([...withRow].sort()).toEqual(['DC', 'MA', 'MD', 'MN', 'ND', 'WA']);
  });
});
