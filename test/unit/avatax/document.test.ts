// CreateTransactionModel as the API's tax document: every document it makes passes the API's own
// document schema and is taxed by the engine; what the document cannot carry is kept for the echo;
// what this service does not do is refused with AvaTax's error for it.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ADJUST_SHAPE, avataxDocument, avataxTarget, CREATE_OR_ADJUST_SHAPE } from '../../../functions/core/avatax/document';
import { avataxError } from '../../../functions/core/avatax/errors';
import { canonicalize } from '../../../functions/core/avatax/input';
import { DomainError } from '../../../functions/core/errors';
import { calculate } from '../../../functions/core/tax/engine';
import { CalculationRequestSchema } from '../../../functions/schemas/document';
import { context } from '../../support/engine';

const TODAY = '2026-04-15';
const build = (model: unknown, options = {}) => avataxDocument(model, { today: TODAY, ...options });
const taxed = (model: unknown) => {
  const doc = build(model);
  return { doc, tax: calculate(v.parse(CalculationRequestSchema, doc.document), context()) };
};

const SEATTLE = { line1: '400 Broad St', city: 'Seattle', region: 'WA', country: 'US', postalCode: '98109' };
const WAREHOUSE = { line1: '1 Dock Rd', city: 'Tacoma', region: 'WA', country: 'US', postalCode: '98402' };

/** A request in the spellings and types connectors really send: PascalCase, numbers as strings, an integer line number, a date-time. */
const ODOO_STYLE = {
  Type: 'SalesInvoice',
  Code: 'INV/2026/0042',
  CompanyCode: 'DEFAULT',
  Date: '2026-04-15T18:30:00-07:00',
  CustomerCode: 0,
  Commit: 'true',
  CurrencyCode: 'usd',
  Addresses: { ShipFrom: WAREHOUSE, ShipTo: SEATTLE },
  Lines: [
    { Number: 42, Quantity: 2, Amount: '59.90', TaxCode: 'PC040100', ItemCode: 'TSHIRT-M', Description: 'T-shirt' },
    { number: 'account.move.line,43', amount: 10, itemCode: 'Shipping', taxCode: 'FR020100' },
  ],
  ReferenceCode: 'SO042',
  PurchaseOrderNo: 'PO-7',
  Email: 'buyer@example.com',
  plugin: 'odoo',
};

describe('a CreateTransactionModel as a document', () => {
  it('reads the spellings connectors send and makes a document the API’s schema accepts', () => {
    const { doc, tax } = taxed(ODOO_STYLE);
    expect(doc).toMatchObject({
      type: 'SalesInvoice',
      code: 'INV/2026/0042',
      companyCode: 'DEFAULT',
      customerCode: '0',
      date: '2026-04-15',
      taxDate: null,
      commit: true,
      sign: 1,
      referenceCode: 'SO042',
      purchaseOrderNo: 'PO-7',
      email: 'buyer@example.com',
      unknown: ['plugin'],
    });
    expect(doc.document).toEqual({
      date: '2026-04-15',
      customer_code: '0',
      location_code: null,
      currency: 'USD',
      seller_class: 'remote',
      ship_from: { zip: '98402', state: 'WA', city: 'Tacoma', line1: '1 Dock Rd', country: 'US' },
      ship_to: { zip: '98109', state: 'WA', city: 'Seattle', line1: '400 Broad St', country: 'US' },
      lines: [
        { number: '42', item_code: 'TSHIRT-M', tax_code: '20010', description: 'T-shirt', quantity: 2, amount: 59.9 },
        { number: 'account.move.line,43', item_code: 'Shipping', tax_code: 'SHIPPING', description: 'Shipping', amount: 10 },
      ],
    });
    expect(doc.lines.map((l) => [l.lineNumber, l.itemCode, l.taxCode, l.crosswalk.basis])).toEqual([
      ['42', 'TSHIRT-M', 'PC040100', 'exact'],
      ['account.move.line,43', 'Shipping', 'FR020100', 'exact'],
    ]);
    expect(tax.lines.map((l) => l.category)).toEqual(['clothing', 'shipping']);
    expect(tax.lines[0]!.tax).toBeGreaterThan(0);
  });

  it('defaults the type to SalesOrder, the date to today, and numbers lines from 1', () => {
    const doc = build({ addresses: { singleLocation: SEATTLE }, lines: [{ amount: 5 }, { amount: 6 }] });
    expect(doc).toMatchObject({ type: 'SalesOrder', date: TODAY, commit: false, code: null, customerCode: null });
    expect(doc.document.lines.map((l) => l.number)).toEqual(['1', '2']);
    expect(doc.lines.map((l) => l.lineNumber)).toEqual(['1', '2']);
    // singleLocation is both ends.
    expect(doc.document.ship_from).toEqual(doc.document.ship_to);
    // An order is an estimate: it is never committed.
    expect(build({ type: 0, commit: true, addresses: { singleLocation: SEATTLE }, lines: [{ amount: 1 }] }).commit).toBe(false);
  });

  it('echoes line numbers exactly and keeps an empty one out of the document', () => {
    const uuid = '6f1c8d0e-2b8a-4f0e-9a53-2c9f2b7e1a11';
    const doc = build({
      addresses: { singleLocation: SEATTLE },
      lines: [
        { number: uuid, amount: 1 },
        { number: '', amount: 1 },
        { number: 'LI-9', amount: 1 },
      ],
    });
    expect(doc.lines.map((l) => l.lineNumber)).toEqual([uuid, '', 'LI-9']);
    expect(doc.document.lines.map((l) => l.number)).toEqual([uuid, '2', 'LI-9']);
  });

  it('spreads the document discount over the discounted lines by amount, in cents that add up', () => {
    const doc = build({
      addresses: { singleLocation: SEATTLE },
      discount: '10',
      lines: [{ amount: 30, discounted: true }, { amount: 20, discounted: 'true' }, { amount: 40 }, { amount: 10, discounted: true }],
    });
    expect(doc.document.lines.map((l) => l.discount ?? 0)).toEqual([5, 3.33, 0, 1.67]);
    expect(doc.lines.map((l) => l.discountCents)).toEqual([500, 333, 0, 167]);
  });

  it('reads a return of negative amounts as magnitudes with sign -1, taxed as of its TaxDate', () => {
    const doc = build({
      type: 'ReturnInvoice',
      date: '2026-04-20',
      taxOverride: { type: 'taxDate', taxDate: '2026-01-10', reason: 'Return' },
      addresses: { singleLocation: SEATTLE },
      lines: [
        { amount: -59.9, quantity: -2 },
        { amount: 0, quantity: 1 },
      ],
    });
    expect(doc).toMatchObject({ sign: -1, date: '2026-04-20', taxDate: '2026-01-10' });
    expect(doc.document.date).toBe('2026-01-10');
    expect(doc.document.lines.map((l) => [l.amount, l.quantity])).toEqual([
      [59.9, 2],
      [0, 1],
    ]);
    expect(doc.lines[0]).toMatchObject({ amount: -59.9, quantity: -2 });
  });

  it('takes a line’s own addresses, entity-use code and exemption number over the document’s', () => {
    const doc = build({
      entityUseCode: 'G',
      exemptionNo: 'RES-1',
      addresses: { shipFrom: WAREHOUSE, shipTo: SEATTLE },
      lines: [{ amount: 1 }, { amount: 1, customerUsageType: 'A', exemptionCode: 'GOV-9', addresses: { shipTo: { region: 'OR', postalCode: '97201' } } }],
    });
    expect(doc.document.ship_to.zip).toBe('98109');
    expect(doc.document.lines[0]).not.toHaveProperty('ship_to');
    expect(doc.document.lines[1]!.ship_to).toMatchObject({ zip: '97201', state: 'OR' });
    expect(doc.lines.map((l) => [l.entityUseCode, l.exemptionCode])).toEqual([
      ['G', 'RES-1'],
      ['A', 'GOV-9'],
    ]);
    expect(doc.sources).toEqual({ shipTo: 'addresses.shipTo', shipFrom: 'addresses.shipFrom', lineShipTo: [null, 'lines[1].addresses.shipTo'] });
  });

  it('locates an address that names only a locationCode at that location', () => {
    const doc = build(
      { addresses: { shipFrom: { locationCode: 'TAC' }, shipTo: SEATTLE }, lines: [{ amount: 1 }] },
      { locations: new Map([['TAC', { state: 'WA', zip: '98402' }]]), locationCode: 'TAC' },
    );
    expect(doc.document).toMatchObject({ ship_from: { zip: '98402', state: 'WA' }, location_code: 'TAC' });
  });

  it('keeps codes the service cannot hold out of its fields, echoing them as sent', () => {
    const doc = build({
      customerCode: 'jane@example.com',
      addresses: { singleLocation: SEATTLE },
      lines: [{ amount: 1, itemCode: 'SKU 12/B', description: 'x'.repeat(600) }],
    });
    expect(doc.document.customer_code).toMatch(/^av\.[0-9a-f]{40}$/);
    expect(doc.customerCode).toBe('jane@example.com');
    expect(doc.document.lines[0]).not.toHaveProperty('item_code');
    expect(doc.document.lines[0]!.description).toHaveLength(500);
    expect(doc.lines[0]).toMatchObject({ itemCode: 'SKU 12/B', description: 'x'.repeat(600) });
  });

  it('notes a tax code taxed by its group’s rule', () => {
    const doc = build({ addresses: { singleLocation: SEATTLE }, lines: [{ amount: 1, taxCode: 'pc040299' }] });
    expect(doc.document.lines[0]!.tax_code).toBe('20010');
    expect(doc.messages).toEqual([expect.objectContaining({ code: 'avatax_tax_code_by_family', target: 'lines[0].taxCode' })]);
  });

  it('reads the models that wrap a CreateTransactionModel', () => {
    expect(
      canonicalize({ CreateTransactionModel: { Code: 'A', Lines: [{ Amount: 1 }] }, adjustmentreason: 'PriceAdjusted' }, CREATE_OR_ADJUST_SHAPE).value,
    ).toEqual({
      createTransactionModel: { code: 'A', lines: [{ amount: 1 }] },
      adjustmentReason: 'PriceAdjusted',
    });
    expect(canonicalize({ NewTransaction: { code: 'A' }, AdjustmentReason: 4 }, ADJUST_SHAPE).value).toEqual({
      newTransaction: { code: 'A' },
      adjustmentReason: 4,
    });
  });
});

/** The AvaTax error a request is refused with: its status, code and the details' codes and targets. */
function refused(model: unknown, options = {}) {
  try {
    build(model, options);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const { status, body } = avataxError(error);
    return { status, code: body.error.code, details: body.error.details.map((d) => [d.code, d.number, d.refersTo ?? null]) };
  }
  throw new Error('expected a refusal');
}

describe('refusals, in AvaTax’s codes', () => {
  const line = { amount: 1 };
  const at = { addresses: { singleLocation: SEATTLE } };

  it('a body that is not a model, and a transaction without lines', () => {
    expect(refused(null)).toEqual({ status: 400, code: 'ModelRequiredException', details: [['ModelRequiredException', 38, null]] });
    expect(refused({ ...at })).toMatchObject({ code: 'MissingLine', details: [['MissingLine', 311, 'lines']] });
    expect(refused({ ...at, lines: [] })).toMatchObject({ code: 'MissingLine' });
  });

  it('values it cannot read, each at its own path', () => {
    expect(refused({ ...at, type: 'Invoice', date: '15/04/2026', lines: [{ amount: 'ten', taxIncluded: 'maybe' }, {}] })).toEqual({
      status: 400,
      code: 'InvalidEnumValue',
      details: [
        ['InvalidEnumValue', 164, 'type'],
        ['DateFormatError', 26, 'date'],
        ['InvalidDecimalValue', 48, 'lines[0].amount'],
        ['ModelStateInvalid', 70, 'lines[0].taxIncluded'],
        ['ValueRequiredError', 5, 'lines[1].amount'],
      ],
    });
  });

  it('documents that are not sales, other currencies, tax overrides but TaxDate', () => {
    expect(refused({ ...at, type: 'PurchaseInvoice', lines: [line] })).toMatchObject({
      code: 'InvalidDocumentType',
      details: [['InvalidDocumentType', 1310, 'type']],
    });
    expect(refused({ ...at, type: 'Any', lines: [line] })).toMatchObject({ code: 'InvalidDocumentType' });
    expect(refused({ ...at, currencyCode: 'CAD', lines: [line] })).toMatchObject({ code: 'RangeSetError', details: [['RangeSetError', 8, 'currencyCode']] });
    expect(refused({ ...at, taxOverride: { type: 'TaxAmount', taxAmount: 0 }, lines: [line] })).toMatchObject({
      code: 'OnlyTaxDateOverrideIsAllowed',
      details: [['OnlyTaxDateOverrideIsAllowed', 1302, 'taxOverride.type']],
    });
    expect(refused({ ...at, lines: [{ amount: 1, taxOverride: { type: 1, taxAmount: 0 } }] })).toMatchObject({
      details: [['OnlyTaxDateOverrideIsAllowed', 1302, 'lines[0].taxOverride.type']],
    });
    expect(refused({ ...at, taxOverride: { type: 'TaxDate' }, lines: [line] })).toMatchObject({ details: [['ValueRequiredError', 5, 'taxOverride.taxDate']] });
    expect(
      refused({
        ...at,
        lines: [
          { amount: -1, taxOverride: { type: 'TaxDate', taxDate: '2026-01-01' } },
          { amount: -1, taxOverride: { type: 'TaxDate', taxDate: '2026-02-01' } },
        ],
      }),
    ).toMatchObject({ details: [['OnlyTaxDateOverrideIsAllowed', 1302, 'lines']] });
  });

  it('a discount with no line to spread over, or more than the lines', () => {
    expect(refused({ ...at, discount: 5, lines: [line] })).toMatchObject({ code: 'NoLinesDiscounted', details: [['NoLinesDiscounted', 190, 'discount']] });
    expect(refused({ ...at, discount: 5, lines: [{ amount: 1, discounted: true }] })).toMatchObject({
      code: 'RangeError',
      details: [['RangeError', 6, 'discount']],
    });
  });

  it('lines of both signs, and lines shipping from different places', () => {
    expect(refused({ ...at, lines: [{ amount: 10 }, { amount: -2 }] })).toMatchObject({ code: 'RangeError', details: [['RangeError', 6, 'lines[1].amount']] });
    expect(refused({ addresses: { shipTo: SEATTLE }, lines: [{ amount: 1, addresses: { shipFrom: WAREHOUSE } }, { amount: 1 }] })).toMatchObject({
      code: 'AddressConflictException',
      details: [['AddressConflictException', 301, 'lines[1].addresses.shipFrom']],
    });
  });

  it('lines without a destination, addresses without a ZIP code, unknown locations', () => {
    expect(refused({ lines: [line] })).toEqual({ status: 400, code: 'MissingAddress', details: [['MissingAddress', 304, 'lines[0].addresses']] });
    expect(refused({ addresses: { shipTo: { line1: '1 Main', city: 'Seattle', region: 'WA' } }, lines: [line] })).toMatchObject({
      code: 'InvalidPostalCode',
      details: [['InvalidPostalCode', 317, 'addresses.shipTo.postalCode']],
    });
    expect(refused({ addresses: { shipTo: { locationCode: 'NOPE' } }, lines: [line] })).toMatchObject({
      code: 'AddressLocationNotFound',
      details: [['AddressLocationNotFound', 310, 'addresses.shipTo.locationCode']],
    });
  });
});

describe('targets in the request’s terms', () => {
  const doc = build({
    addresses: { shipFrom: WAREHOUSE, singleLocation: SEATTLE },
    lines: [{ amount: 1 }, { amount: 1, addresses: { shipTo: { postalCode: '97201' } } }],
  });

  it.each([
    ['ship_to.zip', 'addresses.singleLocation.postalCode'],
    ['ship_to', 'addresses.singleLocation'],
    ['ship_from.state', 'addresses.shipFrom.region'],
    ['lines.1.ship_to.zip', 'lines[1].addresses.shipTo.postalCode'],
    ['lines.0.ship_to.zip', 'addresses.singleLocation.postalCode'],
    ['lines.0.tax_code', 'lines[0].taxCode'],
    ['lines.1.discount', 'discount'],
    ['lines.0.tax_included', 'lines[0].taxIncluded'],
    ['lines.0', 'lines[0]'],
    ['lines', 'lines'],
    ['customer_code', 'customerCode'],
    ['location_code', 'companyCode'],
    ['date', 'date'],
  ])('%s → %s', (ours, theirs) => {
    expect(avataxTarget(ours, doc)).toBe(theirs);
  });

  it('names the TaxDate override for the date a return was taxed as of', () => {
    expect(avataxTarget('date', { ...doc, taxDate: '2026-01-01' })).toBe('taxOverride.taxDate');
  });

  it('turns an engine refusal into AvaTax’s, at the request’s address', () => {
    const bad = build({
      addresses: { singleLocation: SEATTLE },
      lines: [{ amount: 1 }, { amount: 1, addresses: { shipTo: { region: 'WA', postalCode: '97201' } } }],
    });
    let error: unknown;
    try {
      calculate(v.parse(CalculationRequestSchema, bad.document), context());
    } catch (e) {
      error = e;
    }
    const { status, body } = avataxError(error as DomainError, { targetOf: (t) => avataxTarget(t, bad) });
    expect(status).toBe(400);
    expect(body.error.details).toEqual([
      expect.objectContaining({
        code: 'InvalidPostalCode',
        number: 317,
        faultSubCode: 'InvalidZipForStateError',
        refersTo: 'lines[1].addresses.shipTo.postalCode',
      }),
    ]);
  });
});
