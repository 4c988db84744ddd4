// AvaTax's transactions through the official `avatax` client (strict mode where connectors use it),
// each answer compared with what /api/v1 answers for the same document: the same tax to the cent per
// line and in total, a document committed through /api/v2 read through /api/v1 and the reverse (a
// TaxJar order too), the lifecycle of a code (Saved → replaced → committed → adjusted → voided;
// uncommit and unvoid as new versions), refunds of every type, the refusals connectors branch on,
// limits and location-scoped keys; raw HTTP for what the client cannot send
// (docs/avatax-compatibility.md, "Transactions").
import { describe, expect, it } from 'vitest';
import { DOCUMENT_STATUSES, DOCUMENT_TYPES } from '../../functions/core/avatax/enums';
import { companyNumber } from '../../functions/core/avatax/ids';
import { KEYS } from '../fixtures/seed';
import { AVATAX_ACCOUNT, avatax, avataxError } from '../support/avatax';
import { api, unique, V1 } from '../support/http';
import { rawRequest } from '../support/raw-http';
import { taxjar } from '../support/taxjar';

const KEY = KEYS.avatax;
const DATE = '2026-05-04';
const cents = (n: number) => Math.round(n * 100);
const basic = (key: string = KEY, account = AVATAX_ACCOUNT) => `Basic ${Buffer.from(`${account}:${key}`).toString('base64')}`;
const V2 = '/api/v2';
const client = avatax();

const SHIP_FROM = { line1: '350 Fifth Avenue', city: 'New York', region: 'NY', country: 'US', postalCode: '10001' };
const SHIP_TO = { line1: '1 Pierrepont Street', city: 'Brooklyn', region: 'NY', country: 'US', postalCode: '11201' };
const LINE_ID = '3b1f6a52-8c6e-4a4e-9a51-0f5f0e7b2c11';

/** A CreateTransactionModel as connectors send it: a UUID line number, an integer one, none; shipping by item code. */
function model(code: string, extra: Record<string, unknown> = {}) {
  return {
    type: 'SalesInvoice',
    code,
    companyCode: 'EAST',
    date: DATE,
    customerCode: 'CUST-1',
    commit: true,
    addresses: { shipFrom: SHIP_FROM, shipTo: SHIP_TO },
    lines: [
      { number: LINE_ID, itemCode: 'JACKET-M', description: 'Rain jacket', taxCode: 'PC040100', quantity: 2, amount: 258 },
      { number: 7, itemCode: 'LAMP', description: 'Desk lamp', quantity: 1, amount: 49.99 },
      { itemCode: 'Shipping', description: 'Shipping', taxCode: 'FR020100', amount: 10 },
    ],
    ...extra,
  };
}

/** The same document as /api/v1 takes it. */
const v1Document = {
  date: DATE,
  location_code: 'EAST',
  seller_class: 'remote',
  customer_code: 'CUST-1',
  ship_from: { line1: '350 Fifth Avenue', city: 'New York', state: 'NY', country: 'US', zip: '10001' },
  ship_to: { line1: '1 Pierrepont Street', city: 'Brooklyn', state: 'NY', country: 'US', zip: '11201' },
  lines: [
    { number: LINE_ID, item_code: 'JACKET-M', description: 'Rain jacket', tax_code: '20010', quantity: 2, amount: 258 },
    { number: '7', item_code: 'LAMP', description: 'Desk lamp', quantity: 1, amount: 49.99 },
    { number: '3', item_code: 'Shipping', description: 'Shipping', tax_code: 'SHIPPING', amount: 10 },
  ],
};

type Model = { [k: string]: unknown };
const create = (body: Model, include?: string, c = client) => c.createTransaction({ model: body as never, include }) as unknown as Promise<TxModel>;
const get = (code: string, company = 'EAST', extra: Record<string, unknown> = {}, c = client) =>
  c.getTransactionByCode({ companyCode: company, transactionCode: code, ...extra } as never) as unknown as Promise<TxModel>;

interface TxModel {
  id: number;
  code: string;
  status: string;
  type: string;
  version: number;
  totalTax: number;
  totalAmount: number;
  companyId: number;
  referenceCode?: string;
  locked: boolean;
  lines?: { lineNumber: string; itemCode: string; tax: number; taxCode: string; details?: unknown[]; certificateId?: string; exemptAmount: number }[];
  summary?: { tax: number }[];
  messages?: { details: string; refersTo: string; severity: string; summary: string }[];
  date: unknown;
}

async function v1(code: string, key = KEY) {
  const res = await api('GET', `${V1}/transactions/${encodeURIComponent(code)}`, { key });
  return res;
}

const lineTaxes = (t: { lines?: { tax: number }[] }) => (t.lines ?? []).map((l) => cents(l.tax));

describe('estimates (order types)', () => {
  it('answer Temporary, id 0, with the tax of POST /api/v1/calculations to the cent per line, and store nothing', async () => {
    const code = unique('av-est');
    const strict = avatax(undefined, true);
    const answer = (await strict.createTransaction({ model: { ...model(code), type: 0, commit: true } as never })) as unknown as TxModel;
    const calc = await api('POST', `${V1}/calculations`, { key: KEY, body: v1Document });
    expect(calc.status, calc.text).toBe(200);
    // Strict mode reads enumerations into their numbers.
    expect(answer).toMatchObject({
      id: 0,
      code,
      status: DOCUMENT_STATUSES.Temporary,
      type: DOCUMENT_TYPES.SalesOrder,
      companyId: companyNumber(AVATAX_ACCOUNT, 'EAST'),
    });
    expect(lineTaxes(answer)).toEqual(calc.body.lines.map((l: { tax: number }) => cents(l.tax)));
    expect(cents(answer.totalTax)).toBe(cents(calc.body.total_tax));
    expect(answer.totalTax).toBeGreaterThan(0);
    // Line numbers exactly as sent (the position when none was), item codes, and details and summary without $include.
    expect(answer.lines!.map((l) => [l.lineNumber, l.itemCode, l.taxCode])).toEqual([
      [LINE_ID, 'JACKET-M', 'PC040100'],
      ['7', 'LAMP', 'P0000000'],
      ['3', 'Shipping', 'FR020100'],
    ]);
    expect(answer.lines!.every((l) => (l.details?.length ?? 0) > 0)).toBe(true);
    expect(answer.summary!.reduce((n, s) => n + cents(s.tax), 0)).toBe(cents(answer.totalTax));
    await expect(get(code)).rejects.toMatchObject({ code: 'EntityNotFoundError' });
    expect((await v1(code)).status).toBe(404);
  });

  it('honour $include: SummaryOnly leaves the lines out, an empty one is the default, unknown words are ignored', async () => {
    const body = { ...model(unique('av-inc')), type: 'SalesOrder' };
    const summaryOnly = await create(body, 'SummaryOnly');
    expect(summaryOnly.lines).toBeUndefined();
    expect(summaryOnly.summary!.length).toBeGreaterThan(0);
    const empty = await create(body, '');
    expect(empty.lines!.length).toBe(3);
    const unknown = await create(body, 'Lines,NoSuchThing');
    expect(unknown.lines![0]!.details).toBeUndefined();
  });
});

describe('invoices, committed', () => {
  it('commit through the commit use case: the v1 document has the AvaTax code and the company’s location, the same tax', async () => {
    const code = unique('av-inv');
    const strict = avatax(undefined, true);
    const created = (await strict.createTransaction({ model: model(code) as never })) as unknown as TxModel;
    expect(created).toMatchObject({ code, status: DOCUMENT_STATUSES.Committed, type: DOCUMENT_TYPES.SalesInvoice, version: 1 });
    expect(created.id).toBeGreaterThan(0);
    const stored = await v1(code);
    expect(stored.status, stored.text).toBe(200);
    expect(stored.body).toMatchObject({ code, kind: 'sale', status: 'committed', location_code: 'EAST', customer_code: 'CUST-1' });
    expect(lineTaxes(created)).toEqual(stored.body.lines.map((l: { tax: number }) => cents(l.tax)));
    expect(cents(created.totalTax)).toBe(cents(stored.body.total_tax));
    const calc = await api('POST', `${V1}/calculations`, { key: KEY, body: v1Document });
    expect(cents(created.totalTax)).toBe(cents(calc.body.total_tax));
    // Read back as it was sent, strict mode included.
    const read = (await strict.getTransactionByCode({ companyCode: 'EAST', transactionCode: code })) as unknown as TxModel;
    expect(read.lines!.map((l) => [l.lineNumber, l.itemCode, cents(l.tax)])).toEqual(created.lines!.map((l) => [l.lineNumber, l.itemCode, cents(l.tax)]));
    expect(read).toMatchObject({ id: created.id, status: DOCUMENT_STATUSES.Committed, totalTax: created.totalTax });
    const listed = (await strict.listTransactionsByCompany({ companyCode: 'EAST', filter: `code eq '${code}'` })) as unknown as {
      '@recordsetCount': number;
      value: TxModel[];
    };
    expect(listed['@recordsetCount']).toBe(1);
    expect(listed.value[0]).toMatchObject({ code, status: DOCUMENT_STATUSES.Committed, totalTax: created.totalTax });
  });

  it('refuse a second create of a committed code with GetTaxError 300 and the DocStatus detail, the payload the same or not', async () => {
    const code = unique('av-dup');
    await create(model(code));
    for (const again of [model(code), model(code, { date: '2026-05-05' })]) {
      const error = await avataxError(create(again));
      expect(error.code).toBe('GetTaxError');
      expect(error.details).toContainEqual(expect.objectContaining({ number: 300, refersTo: 'DocStatus', description: 'Expected Saved|Posted' }));
    }
  });
});

describe('documents shared with /api/v1 and the TaxJar surface', () => {
  it('a /api/v1 commit reads through /api/v2 under its location’s company, with the ledger’s lines', async () => {
    const code = unique('av-v1');
    const committed = await api('POST', `${V1}/transactions`, { key: KEY, body: { ...v1Document, code } });
    expect(committed.status, committed.text).toBe(201);
    const read = await get(code);
    expect(read).toMatchObject({ code, status: 'Committed', type: 'SalesInvoice', version: 1 });
    expect(read.lines!.map((l) => l.lineNumber)).toEqual([LINE_ID, '7', '3']);
    expect(lineTaxes(read)).toEqual(committed.body.lines.map((l: { tax: number }) => cents(l.tax)));
    expect(cents(read.totalTax)).toBe(cents(committed.body.total_tax));
    // Another company does not hold it.
    await expect(get(code, 'WEST')).rejects.toMatchObject({ code: 'EntityNotFoundError' });
    await expect(get(code, 'DEFAULT')).rejects.toMatchObject({ code: 'EntityNotFoundError' });
  });

  it('a TaxJar order reads under the default company; after an update the code answers its current version', async () => {
    const id = unique('av-tj');
    const order = {
      transaction_id: id,
      transaction_date: '2026/05/04',
      to_country: 'US',
      to_zip: '10001',
      to_state: 'NY',
      amount: 50,
      shipping: 0,
      sales_tax: 0,
      line_items: [{ id: '1', quantity: 1, unit_price: 50, description: 'Lamp' }],
    };
    // The TaxJar order answers the sales tax the shop collected (0 here); AvaTax answers the
    // committed tax, which /api/v1 shows as the document's.
    const created = (await taxjar(KEY).createOrder(order)).order;
    expect(created.sales_tax).toBe(0);
    const read = await get(id, 'DEFAULT');
    expect(read).toMatchObject({ code: id, status: 'Committed', version: 1 });
    const committed = (await v1(id)).body;
    expect([cents(read.totalTax), committed.collected_tax]).toEqual([cents(committed.total_tax), 0]);
    expect(cents(read.totalTax)).toBeGreaterThan(0);
    await taxjar(KEY).updateOrder({ ...order, amount: 80, line_items: [{ id: '1', quantity: 1, unit_price: 80, description: 'Lamp' }] });
    const current = await get(id, 'DEFAULT');
    expect(current).toMatchObject({ code: id, status: 'Committed', version: 2 });
    expect(cents(current.totalTax)).toBe(cents((await v1(`${id}:v2`)).body.total_tax));
    expect(cents(current.totalTax)).toBeGreaterThan(cents(read.totalTax));
  });
});

describe('a code’s lifecycle', () => {
  it('Saved → replaced → committed → adjusted → voided, and 198 on a second void', async () => {
    const code = unique('av-life');
    // Saved: a draft, not a transaction.
    const saved = await create(model(code, { commit: false }));
    expect(saved).toMatchObject({ code, status: 'Saved', version: 1 });
    expect(saved.id).toBeGreaterThan(0);
    expect((await v1(code)).status).toBe(404);
    const v1List = await api('GET', `${V1}/transactions?limit=100`, { key: KEY });
    expect(v1List.text).not.toContain(code);
    expect(await get(code)).toMatchObject({ status: 'Saved', totalTax: saved.totalTax });
    // A create of a Saved code replaces it.
    const replaced = await create(model(code, { commit: false, lines: [{ number: '1', amount: 100, description: 'Tent' }] }));
    expect(replaced).toMatchObject({ status: 'Saved', totalAmount: 100 });
    expect((await get(code)).totalAmount).toBe(100);
    // Commit: the draft becomes the v1 document, the same tax.
    const committed = (await client.commitTransaction({ companyCode: 'EAST', transactionCode: code, model: { commit: true } } as never)) as unknown as TxModel;
    expect(committed).toMatchObject({ code, status: 'Committed', totalAmount: 100, totalTax: replaced.totalTax });
    expect((await v1(code)).body).toMatchObject({ status: 'committed', total_amount: 100 });
    // A commit of a committed document answers it as it is.
    expect(await client.commitTransaction({ companyCode: 'EAST', transactionCode: code, model: { commit: true } } as never)).toMatchObject({
      status: 'Committed',
    });
    // createoradjust adjusts it: the old version Adjusted (v1), the replacement <code>:v2 answers the code.
    const adjusted = (await client.createOrAdjustTransaction({
      model: { createTransactionModel: model(code, { lines: [{ number: '1', amount: 120, description: 'Tent' }] }), adjustmentReason: 'PriceAdjusted' },
    } as never)) as unknown as TxModel & { adjustmentReason: string };
    expect(adjusted).toMatchObject({ code, status: 'Committed', version: 2, totalAmount: 120, adjustmentReason: 'PriceAdjusted' });
    expect((await v1(code)).body).toMatchObject({ status: 'adjusted', adjustment: { reversal_code: `${code}:r2`, replacement_code: `${code}:v2` } });
    expect((await v1(`${code}:v2`)).body).toMatchObject({ kind: 'replacement', status: 'committed', total_amount: 120 });
    expect(await get(code)).toMatchObject({ version: 2, totalAmount: 120 });
    // Void: Cancelled; a second void is TransactionAlreadyCancelled.
    const voided = await client.voidTransaction({ companyCode: 'EAST', transactionCode: code, model: { code: 'DocVoided' } } as never);
    expect(voided).toMatchObject({ code, status: 'Cancelled', version: 2 });
    expect((await v1(`${code}:v2`)).body.status).toBe('voided');
    const again = await avataxError(client.voidTransaction({ companyCode: 'EAST', transactionCode: code, model: { code: 3 } } as never));
    expect(again.code).toBe('TransactionAlreadyCancelled');
    expect(again.details[0]!.number).toBe(198);
    // create on a Cancelled code: 300 DocStatus.
    const error = await avataxError(create(model(code)));
    expect(error.details).toContainEqual(expect.objectContaining({ number: 300, refersTo: 'DocStatus' }));
  });

  it('uncommit voids the committed version and saves its request; the next commit is the code’s next version', async () => {
    const code = unique('av-unc');
    const first = await create(model(code));
    // OEE's uncommit: a POST with no body.
    const raw = await api('POST', `${V2}/companies/EAST/transactions/${code}/uncommit`, { headers: { Authorization: basic() } });
    expect(raw.status, raw.text).toBe(200);
    expect(raw.body).toMatchObject({ code, status: 'Saved', version: 2, totalTax: first.totalTax });
    expect((await v1(code)).body.status).toBe('voided');
    const recommitted = (await client.commitTransaction({
      companyCode: 'EAST',
      transactionCode: code,
      model: { commit: true },
    } as never)) as unknown as TxModel;
    expect(recommitted).toMatchObject({ code, status: 'Committed', version: 2, totalTax: first.totalTax });
    expect((await v1(`${code}:v2`)).body).toMatchObject({ kind: 'sale', status: 'committed' });
    expect(await get(code)).toMatchObject({ status: 'Committed', version: 2 });
  });

  it('unvoid makes a voided document’s request a draft (OCA: create → 300 → unvoid → commit)', async () => {
    const code = unique('av-unv');
    await create(model(code));
    await client.voidTransaction({ companyCode: 'EAST', transactionCode: code, model: { code: 'DocVoided' } } as never);
    const refused = await avataxError(create(model(code)));
    expect(refused.details.map((d) => d.number)).toContain(300);
    const unvoided = await client.unvoidTransaction({ companyCode: 'EAST', transactionCode: code } as never);
    expect(unvoided).toMatchObject({ code, status: 'Saved', version: 2 });
    expect(await client.commitTransaction({ companyCode: 'EAST', transactionCode: code, model: { commit: true } } as never)).toMatchObject({
      status: 'Committed',
      version: 2,
    });
    // Unvoiding what is not cancelled: TransactionNotCancelled.
    const notCancelled = await avataxError(client.unvoidTransaction({ companyCode: 'EAST', transactionCode: code } as never));
    expect(notCancelled).toMatchObject({ code: 'TransactionNotCancelled' });
  });

  it('a draft is cancelled by DocVoided (and unvoided back), deleted by DocDeleted', async () => {
    const code = unique('av-dv');
    await create(model(code, { commit: false }));
    expect(await client.voidTransaction({ companyCode: 'EAST', transactionCode: code, model: { code: 'docvoided' } } as never)).toMatchObject({
      status: 'Cancelled',
    });
    expect(await client.unvoidTransaction({ companyCode: 'EAST', transactionCode: code } as never)).toMatchObject({ status: 'Saved' });
    expect(await client.voidTransaction({ companyCode: 'EAST', transactionCode: code, model: { code: 2 } } as never)).toMatchObject({ status: 'Cancelled' });
    await expect(get(code)).rejects.toMatchObject({ code: 'EntityNotFoundError' });
  });

  it('void needs a reason code; PostFailed and AdjustmentCancelled are refused', async () => {
    const code = unique('av-vr');
    await create(model(code));
    const none = await api('POST', `${V2}/companies/EAST/transactions/${code}/void`, { headers: { Authorization: basic() }, body: {} });
    expect(none.status).toBe(400);
    expect(none.body.error.details[0]).toMatchObject({ code: 'ValueRequiredError', refersTo: 'code' });
    for (const reason of ['PostFailed', 4]) {
      const refused = await avataxError(client.voidTransaction({ companyCode: 'EAST', transactionCode: code, model: { code: reason } } as never));
      expect(refused.details[0]).toMatchObject({ refersTo: 'code' });
    }
    expect((await get(code)).status).toBe('Committed');
  });

  it('adjust (the path names the document) and settle (verify to the cent, then commit)', async () => {
    const code = unique('av-adj');
    const saved = await create(model(code, { commit: false }));
    const mismatch = await avataxError(
      client.settleTransaction({ companyCode: 'EAST', transactionCode: code, model: { verify: { verifyTotalTax: saved.totalTax + 0.01 } } } as never),
    );
    expect(mismatch.details[0]).toMatchObject({ code: 'TotalTaxMismatch', number: 1308 });
    const renamed = `${code}-B`;
    const settledDraft = await client.settleTransaction({
      companyCode: 'EAST',
      transactionCode: code,
      model: {
        verify: { verifyTransactionDate: DATE, verifyTotalAmount: saved.totalAmount, verifyTotalTax: saved.totalTax },
        changeCode: { newCode: renamed },
      },
    } as never);
    expect(settledDraft).toMatchObject({ code: renamed, status: 'Saved' });
    await expect(get(code)).rejects.toMatchObject({ code: 'EntityNotFoundError' });
    const settled = await client.settleTransaction({ companyCode: 'EAST', transactionCode: renamed, model: { commit: { commit: true } } } as never);
    expect(settled).toMatchObject({ code: renamed, status: 'Committed' });
    const adjusted = (await client.adjustTransaction({
      companyCode: 'EAST',
      transactionCode: renamed,
      model: { adjustmentReason: 'ProductExchanged', newTransaction: { date: DATE, addresses: { shipTo: SHIP_TO }, lines: [{ amount: 70 }] } },
    } as never)) as unknown as TxModel;
    expect(adjusted).toMatchObject({ code: renamed, status: 'Committed', type: 'SalesInvoice', version: 2, totalAmount: 70 });
    await expect(
      client.adjustTransaction({ companyCode: 'EAST', transactionCode: unique('none'), model: { newTransaction: { lines: [{ amount: 1 }] } } } as never),
    ).rejects.toMatchObject({ code: 'EntityNotFoundError' });
  });
});

describe('refunds', () => {
  const refund = (code: string, model: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    client.refundTransaction({ companyCode: 'EAST', transactionCode: code, model, ...extra } as never) as unknown as Promise<TxModel>;

  it('Full, Partial (refundLines as sent), Percentage and TaxOnly give ReturnInvoices whose tax is the ledger’s', async () => {
    const code = unique('av-rf');
    const sale = await create(model(code));
    // Half of every line, at the sale's rates (each line's share rounded half up to the cent).
    const percent = await refund(
      code,
      { refundTransactionCode: `${code}-H`, refundDate: DATE, refundType: 'Percentage', refundPercentage: 50 },
      { useTaxDateOverride: true },
    );
    expect(percent).toMatchObject({ code: `${code}-H`, type: 'ReturnInvoice', status: 'Committed' });
    expect(cents(percent.totalAmount)).toBe(-(12900 + 2500 + 500));
    expect(cents(percent.totalTax)).toBe(cents((await v1(`${code}-H`)).body.total_tax));
    // The rest of the jacket's line, named as the request sent it.
    const partial = await refund(code, {
      refundTransactionCode: `${code}-P`,
      refundDate: DATE,
      refundType: 'Partial',
      refundLines: [LINE_ID],
      referenceCode: 'RMA-1',
    });
    expect(partial).toMatchObject({ code: `${code}-P`, type: 'ReturnInvoice', status: 'Committed', referenceCode: 'RMA-1', totalAmount: -129 });
    expect(partial.lines!.map((l) => [l.lineNumber, l.itemCode])).toEqual([[LINE_ID, 'JACKET-M']]);
    const ledger = await v1(`${code}-P`);
    expect(ledger.body).toMatchObject({ kind: 'refund', original_code: code, date: DATE });
    expect(cents(ledger.body.total_tax)).toBe(cents(partial.totalTax));
    // The tax that remains on the other lines, the goods kept.
    const taxOnly = await refund(code, { refundTransactionCode: `${code}-T`, refundDate: DATE, refundType: 'TaxOnly' });
    expect(taxOnly).toMatchObject({ totalAmount: 0, type: 'ReturnInvoice' });
    expect(taxOnly.lines!.map((l) => l.lineNumber)).toEqual(['7', '3']);
    expect((await v1(`${code}-T`)).body).toMatchObject({ kind: 'credit' });
    // Everything refunded or credited: the tax given back adds up to the sale's.
    expect(cents(partial.totalTax) + cents(percent.totalTax) + cents(taxOnly.totalTax)).toBe(-cents(sale.totalTax));
    // The sale is locked now: its void is CannotModifyLockedTransaction, so is its adjustment.
    expect(await get(code)).toMatchObject({ locked: true });
    const locked = await avataxError(client.voidTransaction({ companyCode: 'EAST', transactionCode: code, model: { code: 'DocVoided' } } as never));
    expect(locked.details[0]).toMatchObject({ code: 'CannotModifyLockedTransaction', number: 1100 });
    const adjust = await avataxError(client.createOrAdjustTransaction({ model: { createTransactionModel: model(code) } } as never));
    expect(adjust.details[0]!.number).toBe(1100);
    const full = unique('av-full');
    const whole = await create(model(full));
    const fullRefund = await refund(full, { refundTransactionCode: `${full}-R`, refundDate: DATE });
    expect(cents(fullRefund.totalTax)).toBe(-cents(whole.totalTax));
    expect(fullRefund.lines!.map((l) => l.lineNumber)).toEqual([LINE_ID, '7', '3']);
  });

  it('refuses what AvaTax refuses: 704 without refundLines, 706 TaxOnly with a percentage, 707 an unknown line, 313 a Saved sale', async () => {
    const code = unique('av-rr');
    await create(model(code));
    const cases: [Record<string, unknown>, number][] = [
      [{ refundDate: DATE, refundType: 'Partial' }, 704],
      [{ refundDate: DATE, refundType: 'TaxOnly', refundPercentage: 10 }, 706],
      [{ refundDate: DATE, refundType: 'Partial', refundLines: ['99'] }, 707],
      [{ refundDate: DATE, refundType: 'Percentage', refundPercentage: 120 }, 708],
    ];
    for (const [body, number] of cases) expect((await avataxError(refund(code, body))).details.map((d) => d.number)).toContain(number);
    const draft = unique('av-rd');
    await create(model(draft, { commit: false }));
    expect((await avataxError(refund(draft, { refundDate: DATE }))).details[0]!.number).toBe(313);
  });

  it('a ReturnInvoice sent to create is a refund of the sale its referenceCode names, lines matched by number or item code', async () => {
    const code = unique('av-ri');
    const sale = await create(model(code));
    const ret = await create({
      type: 'ReturnInvoice',
      code: `${code}-RET`,
      companyCode: 'EAST',
      date: '2026-05-20',
      referenceCode: code,
      commit: true,
      taxOverride: { type: 'TaxDate', taxDate: DATE, reason: 'Return' },
      addresses: { shipFrom: SHIP_FROM, shipTo: SHIP_TO },
      lines: [
        { number: '1', itemCode: 'LAMP', amount: -49.99 },
        { number: 'R2', itemCode: 'Shipping', amount: -10 },
      ],
    });
    expect(ret).toMatchObject({ code: `${code}-RET`, type: 'ReturnInvoice', status: 'Committed' });
    expect(cents(ret.totalTax)).toBe(-(cents(sale.lines![1]!.tax) + cents(sale.lines![2]!.tax)));
    expect((await v1(`${code}-RET`)).body).toMatchObject({ kind: 'refund', original_code: code, date: '2026-05-20' });
    const orphan = await avataxError(
      create({ type: 'ReturnInvoice', code: unique('av-orph'), companyCode: 'EAST', commit: true, addresses: { shipTo: SHIP_TO }, lines: [{ amount: -5 }] }),
    );
    expect(orphan.details[0]).toMatchObject({ refersTo: 'referenceCode' });
  });
});

describe('exemption claims (entity-use codes)', () => {
  it('exempt a line only on a certificate of the customer with the claimed reason; otherwise tax it with a warning', async () => {
    const customer = unique('av-cu');
    expect((await api('POST', `${V1}/customers`, { key: KEY, body: { customer_code: customer, name: 'Reseller' } })).status).toBe(201);
    const certificate = await api('POST', `${V1}/certificates`, {
      key: KEY,
      body: {
        customer_code: customer,
        jurisdiction: 'NY',
        exemption_reason: 'resale',
        exemption_number: 'NY-RS-1',
        valid_from: '2026-01-01',
        valid_to: '2099-12-31',
        signer: { name: 'Dana Whitfield', title: 'Owner' },
        signature_type: 'electronic',
        evidence_reference: 'vault://certs/reseller.pdf',
        document_sha256: 'b'.repeat(64),
      },
    });
    expect(certificate.status, certificate.text).toBe(201);
    const id = certificate.body.id;
    expect((await api('POST', `${V1}/certificates/${id}/activate`, { key: KEY, body: { reviewer: { name: 'Sam Ortiz' } } })).status).toBe(200);
    expect((await api('POST', `${V1}/customers/${customer}/certificates`, { key: KEY, body: { certificate_id: id } })).status).toBe(200);
    const answer = await create(
      model(unique('av-euc'), {
        type: 'SalesOrder',
        customerCode: customer,
        lines: [
          { number: '1', amount: 100, entityUseCode: 'g' },
          { number: '2', amount: 100, entityUseCode: 'A' },
          { number: '3', amount: 100, entityUseCode: 'ZZ' },
          { number: '4', amount: 100 },
        ],
      }),
    );
    const [resale, government, custom, plain] = answer.lines!;
    expect(resale).toMatchObject({ tax: 0, certificateId: id });
    expect(cents(government!.tax)).toBe(cents(plain!.tax));
    expect(cents(custom!.tax)).toBe(cents(plain!.tax));
    expect(plain!.tax).toBeGreaterThan(0);
    expect(answer.messages!.filter((m) => m.details === 'exemption_not_certified').map((m) => [m.refersTo, m.severity])).toEqual([
      ['lines[1].entityUseCode', 'Warning'],
      ['lines[2].entityUseCode', 'Warning'],
    ]);
    // Without the customer's certificate, a document-level claim is a warning on each line, never a refusal.
    const other = await create(model(unique('av-euc2'), { type: 'SalesOrder', customerCode: unique('nobody'), entityUseCode: 'G' }));
    expect(other.totalTax).toBeGreaterThan(0);
    expect(other.messages!.filter((m) => m.details === 'exemption_not_certified')).toHaveLength(3);
  });
});

describe('lists (GET /companies/{companyCode}/transactions)', () => {
  it('page with $top and $skip over @recordsetCount, filter and order, drafts and current versions only', async () => {
    const tag = unique('av-ls');
    const codes = [`${tag}-a`, `${tag}-b`, `${tag}-c`];
    for (const code of codes) await create(model(code));
    await create(model(`${tag}-d`, { commit: false }));
    await client.createOrAdjustTransaction({ model: { createTransactionModel: model(codes[0]!, { lines: [{ amount: 20 }] }) } } as never);
    const filter = `code startswith '${tag}'`;
    const first = (await client.listTransactionsByCompany({ companyCode: 'EAST', filter, top: 3, orderBy: 'code asc' })) as unknown as {
      '@recordsetCount': number;
      value: TxModel[];
      nextLink?: string;
    };
    expect(first['@recordsetCount']).toBe(4);
    expect(first.value.map((t) => [t.code, t.status, t.version])).toEqual([
      [codes[0], 'Committed', 2],
      [codes[1], 'Committed', 1],
      [codes[2], 'Committed', 1],
    ]);
    expect(first.nextLink).toContain('$skip=3');
    const rest = (await client.listTransactionsByCompany({ companyCode: 'EAST', filter, top: 3, skip: 3, orderBy: 'code asc' })) as unknown as typeof first;
    expect(rest.value.map((t) => [t.code, t.status])).toEqual([[`${tag}-d`, 'Saved']]);
    expect(rest.nextLink).toBeUndefined();
    const saved = (await client.listTransactionsByCompany({
      companyCode: 'EAST',
      filter: `${filter} and status eq Saved`,
      include: 'SummaryOnly',
    })) as unknown as typeof first;
    expect(saved.value.map((t) => t.code)).toEqual([`${tag}-d`]);
    expect(saved.value[0]!.lines).toBeUndefined();
    const refused = await avataxError(client.listTransactionsByCompany({ companyCode: 'EAST', filter: `code eq '${tag}' or code eq 'x'` }));
    expect(refused.details[0]).toMatchObject({ code: 'CriteriaNotSupportedError' });
  });

  it('a location-scoped key sees only its own company; another is not found', async () => {
    const east = avatax({ accountId: AVATAX_ACCOUNT, licenseKey: KEYS.avataxEast });
    const code = unique('av-loc');
    // No companyCode: the key's own location.
    const created = (await east.createTransaction({ model: { ...model(code), companyCode: undefined } as never })) as unknown as TxModel;
    expect(created).toMatchObject({ code, status: 'Committed', companyId: companyNumber(AVATAX_ACCOUNT, 'EAST') });
    expect((await v1(code)).body.location_code).toBe('EAST');
    const west = unique('av-west');
    await create(model(west, { companyCode: 'WEST', addresses: { shipTo: { region: 'CA', postalCode: '94105', country: 'US' } } }));
    await expect(get(west, 'WEST', {}, east)).rejects.toMatchObject({ code: 'EntityNotFoundError' });
    await expect(east.listTransactionsByCompany({ companyCode: 'WEST' })).rejects.toMatchObject({ code: 'EntityNotFoundError' });
    await expect(east.createTransaction({ model: model(unique('av-x'), { companyCode: 'WEST' }) as never })).rejects.toMatchObject({
      code: 'EntityNotFoundError',
    });
    const listed = (await east.listTransactionsByCompany({ companyCode: 'EAST', filter: `code eq '${code}'` })) as unknown as { value: TxModel[] };
    expect(listed.value.map((t) => t.code)).toEqual([code]);
    expect(await get(west, 'WEST')).toMatchObject({ code: west });
  });
});

describe('refusals connectors branch on', () => {
  it('EntityNotFoundError (404) for an unknown code, company or type; PermissionRequired for a key without the scope', async () => {
    const code = unique('av-nf');
    await create(model(code));
    const unknown = await api('GET', `${V2}/companies/EAST/transactions/${unique('none')}`, { headers: { Authorization: basic() } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ code: 'EntityNotFoundError', details: [expect.objectContaining({ number: 4 })] });
    await expect(get(code, 'NOPE')).rejects.toMatchObject({ code: 'EntityNotFoundError' });
    await expect(get(code, 'EAST', { documentType: 5 })).rejects.toMatchObject({ code: 'EntityNotFoundError' });
    expect(await get(code, 'EAST', { documentType: 1 })).toMatchObject({ code });
    const narrow = avatax({ accountId: AVATAX_ACCOUNT, licenseKey: KEYS.avataxNarrow });
    expect(await get(code, 'EAST', {}, narrow)).toMatchObject({ code });
    const denied = await avataxError(narrow.createTransaction({ model: model(unique('av-n')) as never }));
    expect(denied).toMatchObject({ code: 'PermissionRequired' });
    const wrong = await avataxError(
      avatax({ accountId: AVATAX_ACCOUNT, licenseKey: KEYS.unknown }).getTransactionByCode({ companyCode: 'EAST', transactionCode: code }),
    );
    expect(wrong).toMatchObject({ code: 'AuthenticationException' });
  });

  it('answers 429 RateLimitExceeded with Retry-After once a key’s general bucket is spent', async () => {
    const s = (Date.now() / 1000) % 60;
    if (s > 47) await new Promise((r) => setTimeout(r, (60.5 - s) * 1000));
    const headers = { Authorization: basic(KEYS.avataxBurst, 'acct_limits') };
    const answers = await Promise.all(Array.from({ length: 61 }, () => api('GET', `${V2}/companies/DEFAULT/transactions/none`, { headers })));
    const throttled = answers.filter((a) => a.status === 429);
    expect(throttled).toHaveLength(1);
    expect(throttled[0]!.body.error).toMatchObject({ code: 'RateLimitExceeded', details: [expect.objectContaining({ number: 4011 })] });
    const retryAfter = Number(throttled[0]!.headers.get('retry-after'));
    expect(retryAfter >= 1 && retryAfter <= 60).toBe(true);
  });

  it('replays a create with the same Idempotency-Key; without one the retry is AvaTax’s 300', async () => {
    const body = model(unique('av-idem'));
    const headers = { Authorization: basic(), 'Idempotency-Key': unique('ik') };
    const first = await api('POST', `${V2}/transactions/create`, { headers, body });
    expect(first.status, first.text).toBe(201);
    const replay = await api('POST', `${V2}/transactions/create`, { headers, body });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    const retry = await api('POST', `${V2}/transactions/create`, { headers: { Authorization: basic() }, body });
    expect(retry.status).toBe(400);
    expect(retry.body.error.details.map((d: { number: number }) => d.number)).toContain(300);
    expect(retry.body.error.details[0].message).toMatch(/same payload/);
  });
});

describe('what the client cannot send (raw HTTP)', () => {
  it('JSON without a Content-Type, PascalCase properties, enums in any case or by number, amounts as strings, a date-time', async () => {
    const code = unique('av-raw');
    const body = JSON.stringify({
      Type: 'salesinvoice',
      Code: code,
      CompanyCode: 'east',
      Date: '2026-05-04T23:30:00-05:00',
      Commit: 'true',
      Addresses: { ShipTo: { Region: 'NY', PostalCode: '11201', Country: 'US' } },
      Lines: [{ Number: 1, Amount: '100.00', ItemCode: 'SKU-1' }],
    });
    const url = new URL(`${V2}/transactions/create`, 'http://x');
    const res = await rawRequest([`POST ${url.pathname} HTTP/1.1`, `Authorization: ${basic()}`].join('\r\n'), body);
    expect(res.status, res.body).toBe(201);
    expect(JSON.parse(res.body)).toMatchObject({ code, status: 'Committed', date: DATE, lines: [{ lineNumber: '1', itemCode: 'SKU-1', lineAmount: 100 }] });
    expect((await v1(code)).body.location_code).toBe('EAST');
  });

  it('query names in any letter case, a void code in capitals without a Content-Type, an unvoid with no body', async () => {
    const code = unique('av-qc');
    const created = await create(model(code));
    // Every answer's total tax is its lines' to the cent.
    expect(lineTaxes(created).reduce((a, b) => a + b, 0)).toBe(cents(created.totalTax));
    const headers = { Authorization: basic() };
    const read = await api('GET', `${V2}/companies/EAST/transactions/${code}?$INCLUDE=summaryonly&DocumentType=salesinvoice`, { headers });
    expect(read.status, read.text).toBe(200);
    expect(read.body.lines).toBeUndefined();
    expect(read.body.summary.length).toBeGreaterThan(0);
    const other = await api('GET', `${V2}/companies/EAST/transactions/${code}?DOCUMENTTYPE=ReturnInvoice`, { headers });
    expect(other.status).toBe(404);
    const voided = await rawRequest(
      [`POST ${V2}/companies/EAST/transactions/${code}/void HTTP/1.1`, `Authorization: ${basic()}`].join('\r\n'),
      JSON.stringify({ Code: 'DOCVOIDED' }),
    );
    expect(voided.status, voided.body).toBe(200);
    expect(JSON.parse(voided.body)).toMatchObject({ code, status: 'Cancelled' });
    const unvoided = await rawRequest([`POST ${V2}/companies/EAST/transactions/${code}/unvoid HTTP/1.1`, `Authorization: ${basic()}`].join('\r\n'));
    expect(unvoided.status, unvoided.body).toBe(200);
    expect(JSON.parse(unvoided.body)).toMatchObject({ code, status: 'Saved', version: 2 });
  });

  it('path codes escaped AvaTax’s way or percent-encoded, $include= empty, a trailing ?, an unknown ?Lines', async () => {
    const code = `${unique('INV')}/A+1`;
    const created = await create(model(code));
    // The ledger cannot hold / and +: the document is coded av.<hash>, and answers as sent.
    expect(created.code).toBe(code);
    const escaped = code.replace('/', '_-ava2f-_').replace('+', '_-ava2b-_');
    const headers = { Authorization: basic() };
    for (const path of [
      `${V2}/companies/EAST/transactions/${escaped}`,
      `${V2}/companies/EAST/transactions/${encodeURIComponent(code)}`,
      `${V2}/companies/EAST/transactions/${escaped}?$include=`,
      `${V2}/companies/EAST/transactions/${escaped}?`,
      `${V2}/companies/EAST/transactions/${escaped}?Lines`,
    ]) {
      const res = await api('GET', path, { headers });
      expect(res.status, `${path}: ${res.text}`).toBe(200);
      expect(res.body).toMatchObject({ code, status: 'Committed' });
      expect(res.body.lines[0].details.length).toBeGreaterThan(0);
    }
    const commit = await api('POST', `${V2}/companies/EAST/transactions/${escaped}/commit`, { headers });
    expect(commit.status, commit.text).toBe(200);
  });
});
