// The engine's answer as AvaTax's TransactionModel: line numbers and codes echoed as sent, details
// and summary in AvaTax's jurisdiction names, $include honoured, and every total the sum of the
// lines to the cent (a property over generated answers). The official client's own deserializer,
// in the strict mode some connectors use, reads every answer without loss.
import { createRequire } from 'node:module';
import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { avataxDocument } from '../../../functions/core/avatax/document';
import { parseInclude } from '../../../functions/core/avatax/query';
import { avataxTransaction, headerOf, statusOf, type TaxedLines, typeOf } from '../../../functions/core/avatax/transaction-view';
import { calculate } from '../../../functions/core/tax/engine';
import type { JurisdictionTax, LineTax } from '../../../functions/core/tax/types';
import { committedDocument } from '../../../functions/core/transactions/transaction';
import { CalculationRequestSchema } from '../../../functions/schemas/document';
import { context } from '../../support/engine';

// The official client's deserializer and model, as its strict mode runs them (CommonJS, the same instances it uses).
const require = createRequire(import.meta.url);
const { JsonConvert, PropertyMatchingRule } = require('json2typescript') as typeof import('json2typescript');
const { TransactionModel } = require('avatax/lib/models/TransactionModel') as typeof import('avatax/lib/models/TransactionModel');
const strict = (json: unknown) =>
  new JsonConvert(undefined, undefined, undefined, PropertyMatchingRule.CASE_INSENSITIVE).deserializeObject(JSON.parse(JSON.stringify(json)), TransactionModel);

const SEATTLE = { line1: '400 Broad St', city: 'Seattle', region: 'WA', country: 'US', postalCode: '98109' };

function taxedRequest(model: object) {
  const doc = avataxDocument(model, { today: '2026-04-15' });
  return { doc, taxed: calculate(v.parse(CalculationRequestSchema, doc.document), context()) };
}

const UUID = '3b1f6a52-8c6e-4a4e-9a51-0f5f0e7b2c11';
const REQUEST = {
  type: 'SalesInvoice',
  code: 'INV-1',
  date: '2026-04-15',
  customerCode: 'C-1',
  addresses: { singleLocation: SEATTLE },
  lines: [
    { number: UUID, amount: 100, taxCode: 'PC040100', itemCode: 'SHIRT', description: 'Shirt', quantity: 2 },
    { number: 7, amount: 9.99, itemCode: 'Shipping', taxCode: 'FR' },
    { amount: 20, taxCode: 'NT', ref1: 'r1' },
  ],
};

describe('a calculation as a TransactionModel', () => {
  const { doc, taxed } = taxedRequest(REQUEST);
  const view = avataxTransaction(taxed, { id: 0, code: 'INV-1', companyId: 77, status: 'Temporary', ...headerOf(doc) });

  it('echoes the request’s line numbers, item codes and tax codes exactly', () => {
    expect(view.lines!.map((l) => [l.lineNumber, l.itemCode, l.taxCode, l.description, l.quantity])).toEqual([
      [UUID, 'SHIRT', 'PC040100', 'Shirt', 2],
      ['7', 'Shipping', 'FR', '', 1],
      ['3', '', 'NT', '', 1],
    ]);
    expect(view.lines![2]).toMatchObject({ ref1: 'r1', isItemTaxable: false, tax: 0, exemptAmount: 20, taxableAmount: 0 });
  });

  it('carries the header, the totals and AvaTax’s enumeration names', () => {
    const tax = taxed.lines.reduce((n, l) => n + l.tax, 0);
    expect(view).toMatchObject({
      id: 0,
      code: 'INV-1',
      companyId: 77,
      date: '2026-04-15',
      status: 'Temporary',
      type: 'SalesInvoice',
      currencyCode: 'USD',
      customerCode: 'C-1',
      customerVendorCode: 'C-1',
      totalAmount: 129.99,
      totalDiscount: 0,
      // Washington's delivery charges follow the goods: the shipping is a sixth exempt, as the NT line is of the goods.
      totalExempt: 21.66,
      totalTaxable: 108.33,
      totalTax: tax / 100,
      totalTaxCalculated: tax / 100,
      adjustmentReason: 'NotAdjusted',
      taxOverrideType: 'None',
      region: 'WA',
      country: 'US',
    });
    expect(view).not.toHaveProperty('messages');
  });

  it('details each line by jurisdiction (STA, CTY, CIT, STJ) and sums them in the summary (State, County, City, Special)', () => {
    const shirt = view.lines![0]!;
    expect(shirt.details!.length).toBeGreaterThan(0);
    expect(shirt.details!.every((d) => ['STA', 'CTY', 'CIT', 'STJ'].includes(d.jurisType))).toBe(true);
    expect(shirt.details!.find((d) => d.jurisType === 'STA')).toMatchObject({
      jurisdictionType: 'State',
      taxName: 'WA STATE TAX',
      taxType: 'Sales',
      country: 'US',
      region: 'WA',
      rate: 0.065,
      taxableAmount: 100,
      tax: 6.5,
      rateType: 'General',
    });
    expect(Math.round(shirt.details!.reduce((n, d) => n + d.tax * 100, 0))).toBe(Math.round(shirt.tax * 100));
    const state = view.summary!.find((s) => s.jurisType === 'State')!;
    expect(state).toMatchObject({
      jurisName: shirt.details!.find((d) => d.jurisType === 'STA')!.jurisName,
      taxable: 108.33,
      rate: 0.065,
      taxName: 'WA STATE TAX',
    });
    expect(Math.round(view.summary!.reduce((n, s) => n + s.tax * 100, 0))).toBe(Math.round(view.totalTax * 100));
    expect(view.addresses).toEqual([
      { boundaryLevel: 'Zip5', line1: '400 Broad St', line2: '', line3: '', city: 'Seattle', region: 'WA', postalCode: '98109', country: 'US' },
    ]);
  });

  it('is read by the official client’s strict deserializer, enumerations included', () => {
    const model = strict(view);
    expect(model.status).toBe(0);
    expect(model.type).toBe(1);
    expect(model.lines?.[0]?.lineNumber).toBe(UUID);
    expect(model.lines?.[0]?.details?.[0]?.jurisType).toBeDefined();
    expect(model.summary?.[0]?.jurisType).toBeDefined();
    expect(model.totalTax).toBe(view.totalTax);
  });

  it('honours $include: SummaryOnly leaves the lines out, Lines the details, summary and addresses', () => {
    const summaryOnly = avataxTransaction(taxed, { id: 0, code: 'INV-1', companyId: 77, status: 'Temporary', type: 'SalesOrder' }, parseInclude('SummaryOnly'));
    expect(summaryOnly).not.toHaveProperty('lines');
    expect(summaryOnly.summary!.length).toBeGreaterThan(0);
    expect(summaryOnly.totalTax).toBe(view.totalTax);
    const lines = avataxTransaction(taxed, { id: 0, code: 'INV-1', companyId: 77, status: 'Temporary', type: 'SalesOrder' }, parseInclude('Lines'));
    expect(lines.lines![0]).not.toHaveProperty('details');
    expect(lines).not.toHaveProperty('summary');
    expect(lines).not.toHaveProperty('addresses');
    const byType = avataxTransaction(
      taxed,
      { id: 0, code: 'INV-1', companyId: 77, status: 'Temporary', type: 'SalesOrder' },
      parseInclude('TaxDetailsByTaxType'),
    );
    expect(byType.taxDetailsByTaxType).toEqual([{ taxType: 'Sales', totalTaxable: 108.33, totalExempt: 0, totalNonTaxable: 21.66, totalTax: view.totalTax }]);
  });

  it('maps messages into AvaTax’s, at the request’s paths', () => {
    const { doc: d, taxed: t } = taxedRequest({
      ...REQUEST,
      lines: [
        { amount: 1, taxCode: 'ZZ999999' },
        { amount: 1, taxCode: 'PC049999' },
      ],
    });
    const withMessages = avataxTransaction(t, { id: 0, code: 'X', companyId: 1, status: 'Temporary', ...headerOf(d) });
    expect(withMessages.messages).toEqual([
      {
        summary: expect.stringContaining('group PC04'),
        details: 'avatax_tax_code_by_family',
        refersTo: 'lines[1].taxCode',
        severity: 'Success',
        source: 'translation',
      },
      {
        summary: expect.stringContaining('Unknown tax code'),
        details: 'unknown_tax_code',
        refersTo: 'lines[0].taxCode',
        severity: 'Warning',
        source: 'engine',
      },
    ]);
  });
});

describe('returns, tax-included lines and stored documents', () => {
  it('negates a return taxed from magnitudes', () => {
    const { doc, taxed } = taxedRequest({ type: 'ReturnInvoice', addresses: { singleLocation: SEATTLE }, lines: [{ amount: -100, quantity: -1 }] });
    const view = avataxTransaction(taxed, { id: 0, code: 'R-1', companyId: 1, status: 'Committed', ...headerOf(doc) });
    expect(view).toMatchObject({ type: 'ReturnInvoice', totalAmount: -100, totalTaxable: -100 });
    expect(view.totalTax).toBeLessThan(0);
    expect(view.lines![0]).toMatchObject({ quantity: -1, lineAmount: -100, taxableAmount: -100, tax: view.totalTax });
    expect(view.lines![0]!.details!.every((d) => d.tax <= 0 && d.taxableAmount === -100)).toBe(true);
    expect(view.summary!.every((s) => s.tax <= 0)).toBe(true);
  });

  it('reports a tax-included line’s amount before tax, as AvaTax does', () => {
    const { doc, taxed } = taxedRequest({ addresses: { singleLocation: SEATTLE }, lines: [{ amount: 100, taxIncluded: true }] });
    const line = avataxTransaction(taxed, { id: 0, code: 'T', companyId: 1, status: 'Temporary', ...headerOf(doc) }).lines![0]!;
    expect(line.taxIncluded).toBe(true);
    expect(Math.round((line.lineAmount + line.tax) * 100)).toBe(10000);
    expect(line.taxableAmount).toBe(line.lineAmount);
  });

  it('reads a stored transaction without its request: the service’s numbers and codes stand in', () => {
    const { taxed } = taxedRequest(REQUEST);
    const record = committedDocument(
      taxed,
      { code: 'INV-1', tenant: { accountId: 'acct_unit', environment: 'sandbox' }, location_code: null, customer_code: 'C-1', at: '2026-04-15T12:00:00Z' },
      'sale',
    );
    const view = avataxTransaction(record, {
      id: 123,
      code: 'INV-1',
      companyId: 1,
      status: 'Committed',
      type: 'SalesInvoice',
      customerCode: 'C-1',
      modifiedDate: record.updated_at,
    });
    expect(view.lines!.map((l) => [l.lineNumber, l.taxCode, l.itemCode])).toEqual([
      [UUID, 'PC040100', 'SHIRT'],
      ['7', 'FR020100', 'Shipping'],
      ['3', 'NT', ''],
    ]);
    expect(view).toMatchObject({ id: 123, status: 'Committed', modifiedDate: '2026-04-15T12:00:00Z' });
    expect(view.addresses).toEqual([{ boundaryLevel: 'Zip5', region: 'WA', postalCode: '98109', country: 'US' }]);
    expect(strict(view).status).toBe(3);
  });

  it('names a stored document’s AvaTax status and type', () => {
    expect(['committed', 'refunded', 'voided', 'adjusted'].map((status) => statusOf({ status } as never))).toEqual([
      'Committed',
      'Committed',
      'Cancelled',
      'Adjusted',
    ]);
    expect(['sale', 'replacement', 'refund', 'credit', 'reversal'].map((kind) => typeOf({ kind } as never))).toEqual([
      'SalesInvoice',
      'SalesInvoice',
      'ReturnInvoice',
      'ReturnInvoice',
      'ReturnInvoice',
    ]);
  });
});

// Generated answers: lines of any amounts, jurisdictions whose taxes add up to the line's (as the engine guarantees).
const jurisdictionTypes = ['state', 'county', 'city', 'special'] as const;
const lineArb = fc
  .record({
    amount: fc.integer({ min: 0, max: 10_000_000 }),
    discount: fc.integer({ min: 0, max: 100 }),
    exemptShare: fc.integer({ min: 0, max: 100 }),
    included: fc.boolean(),
    taxes: fc.array(
      fc.record({ type: fc.constantFrom(...jurisdictionTypes), rate: fc.integer({ min: 0, max: 80_000 }), tax: fc.integer({ min: 0, max: 500_000 }) }),
      {
        maxLength: 5,
      },
    ),
    state: fc.constantFrom('WA', 'CA', 'NY'),
  })
  .map(({ amount, discount, exemptShare, included, taxes, state }): LineTax => {
    const discountCents = included ? 0 : Math.floor((amount * discount) / 400);
    const base = amount - discountCents;
    const exempt = Math.floor((base * exemptShare) / 100);
    const taxable = base - exempt;
    const tax = taxes.reduce((n, t) => n + t.tax, 0);
    const jurisdictions: JurisdictionTax[] = taxes.map((t, i) => ({ type: t.type, name: `${t.type.toUpperCase()} ${i}`, rate: t.rate, taxable, tax: t.tax }));
    return {
      number: String(amount),
      item_code: null,
      tax_code: null,
      category: 'general_tangible',
      description: null,
      quantity: 1,
      amount,
      discount: discountCents,
      taxable: included ? taxable - Math.min(tax, taxable) : taxable,
      exempt,
      tax,
      rate: taxes.reduce((n, t) => n + t.rate, 0),
      tax_included: included,
      taxability: tax > 0 ? 'taxable' : 'exempt',
      reason: tax > 0 ? 'standard_rated' : 'product_exempt',
      sourcing: 'destination',
      address: { state, zip: '00000', precision: 'zip5' },
      jurisdictions,
      certificate: null,
    };
  });

describe('totals are the lines’ sums to the cent', () => {
  it('for any answer, of either sign: totalTax = Σ line tax = Σ summary tax, each line’s tax = Σ its details', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 15 }), fc.constantFrom(1 as const, -1 as const), (lines, sign) => {
        const taxed: TaxedLines = { date: '2026-04-15', lines, messages: [] };
        const view = avataxTransaction(taxed, { id: 0, code: 'P', companyId: 1, status: 'Temporary', type: 'SalesOrder', sign });
        const cents = (n: number) => Math.round(n * 100);
        const lineTax = lines.reduce((n, l) => n + l.tax, 0) * sign || 0;
        expect(cents(view.totalTax)).toBe(lineTax);
        expect(view.lines!.reduce((n, l) => n + cents(l.tax), 0)).toBe(lineTax);
        expect(view.summary!.reduce((n, s) => n + cents(s.tax), 0)).toBe(lineTax);
        for (const l of view.lines!) expect(l.details!.reduce((n, d) => n + cents(d.tax), 0)).toBe(cents(l.tax));
        expect(cents(view.totalAmount)).toBe(view.lines!.reduce((n, l) => n + cents(l.lineAmount), 0));
        expect(cents(view.totalTaxable)).toBe(view.lines!.reduce((n, l) => n + cents(l.taxableAmount), 0));
        expect(cents(view.totalExempt)).toBe(view.lines!.reduce((n, l) => n + cents(l.exemptAmount), 0));
        expect(cents(view.totalDiscount)).toBe(view.lines!.reduce((n, l) => n + cents(l.discountAmount), 0));
        // Amounts are whole cents and never -0.
        for (const x of [view.totalTax, view.totalAmount, ...view.lines!.map((l) => l.tax)]) {
          expect(Number.isInteger(Math.round(x * 100)) && Math.abs(x * 100 - Math.round(x * 100)) < 1e-6).toBe(true);
          expect(Object.is(x, -0)).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });
});
