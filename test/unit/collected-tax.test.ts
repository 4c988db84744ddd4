// Collected against computed tax in the pure core: how a document's reported figure is split over
// its lines, signed and taken back, how a TaxJar order's sent fields are kept, the 2020-08-07 amount
// check and the 406 of an order pushed without its transaction_id.
import { describe, expect, it } from 'vitest';
import { summaryEntity } from '../../functions/adapters/dynamodb/entities/summary';
import { DomainError } from '../../functions/core/errors';
import { collectionRows, monthsOf, reportKeys } from '../../functions/core/returns/collection';
import { collectedByLine, contributions, emptyTotals, summaryDeltas, sumTotals } from '../../functions/core/returns/summary';
import { calculate } from '../../functions/core/tax/engine';
import { taxjarDocument } from '../../functions/core/taxjar/document';
import { assertAmountAddsUp, sentFieldsOf, transactionView } from '../../functions/core/taxjar/transactions';
import { adjustment, commit } from '../../functions/core/transactions/lifecycle';
import { type TransactionRecord, withCollected, withSent } from '../../functions/core/transactions/transaction';
import { errorResponse, taxjarErrorBody } from '../../functions/http/error-response';
import { context } from '../support/engine';

const TENANT = { accountId: 'acct_1', environment: 'sandbox' } as const;
const AT = '2026-04-15T12:00:00.000Z';

function sale(lines: { amount: number; zip?: string }[], code = 'S1'): TransactionRecord {
  const doc = {
    date: '2026-04-15',
    ship_to: { zip: '10001', state: 'NY' },
    lines: lines.map((l, i) => ({ number: String(i + 1), amount: l.amount, ship_to: l.zip ? { zip: l.zip } : null })),
  };
  return commit(calculate(doc, context()), { code, tenant: TENANT, location_code: null, customer_code: null, at: AT }).document;
}

describe('collected tax on a document', () => {
  it('spreads a reported total over the lines by their computed tax, to the cent, and keeps lines that add up', () => {
    const record = sale([{ amount: 100 }, { amount: 50 }, { amount: 50, zip: '78701' }]);
    const taxes = record.lines.map((l) => l.tax);
    const spread = collectedByLine(withCollected(record, { tax: 1001 }))!;
    expect(spread.reduce((n, c) => n + c, 0)).toBe(1001);
    // The larger tax takes the larger share.
    expect(spread[0]).toBeGreaterThan(spread[1]!);
    expect(taxes[0]).toBeGreaterThan(taxes[1]!);
    const own = withCollected(record, {
      tax: 600,
      lines: new Map([
        ['1', 300],
        ['2', 200],
        ['3', 100],
      ]),
    });
    expect(collectedByLine(own)).toEqual([300, 200, 100]);
    // Lines that do not add up to the total are not trusted for the split.
    const off = withCollected(record, { tax: 600, lines: new Map([['1', 1]]) });
    expect(collectedByLine(off)!.reduce((n, c) => n + c, 0)).toBe(600);
    expect(collectedByLine(record)).toBeNull();
  });

  it('signs a negative document’s figure negative and lets a reversal take the original’s back', () => {
    const record = withCollected(sale([{ amount: 100 }]), { tax: 800, lines: new Map([['1', 800]]) });
    expect(record.collected_tax).toBe(800);
    const decided = adjustment(
      record,
      { original_code: 'S1', reversal_code: 'S1r', replacement_code: 'S1p' },
      calculate({ date: '2026-04-15', ship_to: { zip: '10001' }, lines: [{ amount: 10 }] }, context()),
      { tenant: TENANT, location_code: null, customer_code: null, at: AT },
      null,
      AT,
    );
    expect(decided.reversal.collected_tax).toBe(-800);
    expect(decided.reversal.lines[0]!.collected_tax).toBe(-800);
    expect(decided.replacement.collected_tax).toBeUndefined();
    // The reversal's contribution offsets the original's to the cent.
    const net = sumTotals([...contributions(record).values(), ...contributions(decided.reversal).values()].map((c) => c.totals));
    expect(net.collection).toEqual({ documents: 2, collected: 0, reported: 0, under: 0, over: 0 });
    const refund = withCollected({ ...record, kind: 'refund', code: 'R1' }, { tax: 400 });
    expect(refund.collected_tax).toBe(-400);
  });

  it('takes a voided document’s figures back out of its summaries', () => {
    const record = withCollected(sale([{ amount: 100 }]), { tax: 0 });
    const [added] = summaryDeltas({ create: [record], update: [] });
    expect(added!.totals.collection).toMatchObject({ documents: 1, collected: 0, under: record.lines[0]!.tax, over: 0 });
    const voided = { ...record, status: 'voided' as const };
    const [taken] = summaryDeltas({ create: [], update: [{ before: record, record: voided }] });
    expect(taken!.totals.collection).toMatchObject({ documents: -1, collected: 0, under: -record.lines[0]!.tax });
  });

  it('stores the collection totals as summary attributes and reads items written before them as nothing reported', () => {
    const [delta] = summaryDeltas({ create: [withCollected(sale([{ amount: 100 }]), { tax: 900 })], update: [] });
    const item = Object.fromEntries(summaryEntity.increments(delta!.totals));
    expect(summaryEntity.totals(item).collection).toEqual(delta!.totals.collection);
    expect(summaryEntity.totals({ k_sale_n: 1, k_sale_t: 888 }).collection).toEqual(emptyTotals().collection);
  });
});

describe('the collection report', () => {
  it('reads every state of each month asked, at most twelve months, and answers only rows with documents', () => {
    expect(monthsOf('2026-11', '2027-02')).toEqual(['2026-11', '2026-12', '2027-01', '2027-02']);
    expect(() => monthsOf('2026-05', '2026-04')).toThrow(DomainError);
    expect(() => monthsOf('2026-01', '2027-01')).toThrow(DomainError);
    expect(reportKeys({ from: '2026-04', to: '2026-05', state: 'NY', location: '*' })).toEqual([
      { state: 'NY', period: '2026-04', location: '*' },
      { state: 'NY', period: '2026-05', location: '*' },
    ]);
    expect(reportKeys({ from: '2026-04', to: '2026-04', location: '*' }).length).toBeGreaterThanOrEqual(51);
    const [delta] = summaryDeltas({ create: [withCollected(sale([{ amount: 100 }]), { tax: 900 })], update: [] });
    const keys = [
      { state: 'NY', period: '2026-04', location: '*' },
      { state: 'TX', period: '2026-04', location: '*' },
    ];
    expect(collectionRows(keys, [delta!.totals, emptyTotals()])).toEqual([
      {
        state: 'NY',
        period: '2026-04',
        document_count: 1,
        tax: 8.88,
        collected_tax: 9,
        reported_tax: 8.88,
        under_collected: 0,
        over_collected: 0.12,
        reported_document_count: 1,
        unreported_document_count: 0,
      },
    ]);
  });
});

describe('TaxJar orders', () => {
  it('keeps the fields an order was sent and answers them back, defaults only where nothing was sent', () => {
    const order = {
      provider: 'woo',
      from_zip: '98101',
      from_state: 'WA',
      from_city: 'Seattle',
      from_street: '1 Pike St',
      to_zip: '10001',
      to_state: 'NY',
      to_city: 'New York',
      to_street: '350 5th Ave',
      amount: 100,
      shipping: 0,
      sales_tax: 0,
      line_items: [{ id: '1', quantity: 1, unit_price: 100, product_identifier: 'SKU-1' }],
    };
    expect(sentFieldsOf(order)).toEqual({
      fields: {
        provider: 'woo',
        from_zip: '98101',
        from_state: 'WA',
        from_city: 'Seattle',
        from_street: '1 Pike St',
        to_city: 'New York',
        to_street: '350 5th Ave',
      },
      lines: { '1': { product_identifier: 'SKU-1' } },
    });
    const doc = taxjarDocument(order);
    const record = withSent(
      withCollected(commit(calculate(doc, context()), { code: 'o1', tenant: TENANT, location_code: null, customer_code: null, at: AT }).document, {
        tax: 0,
      }),
      sentFieldsOf(order),
    );
    const view = transactionView(record);
    expect(view).toMatchObject({ provider: 'woo', from_city: 'Seattle', to_street: '350 5th Ave', sales_tax: 0 });
    expect(view.line_items[0]).toMatchObject({ product_identifier: 'SKU-1' });
    expect(transactionView(sale([{ amount: 100 }]))).toMatchObject({ provider: 'api', from_zip: null, to_city: null, sales_tax: 8.88 });
  });

  it('checks under 2020-08-07 that amount is the items’ quantity × unit_price − discount plus shipping', () => {
    const items = [{ quantity: 2, unit_price: 10, discount: 1 }];
    expect(() => assertAmountAddsUp({ amount: 24, shipping: 5, line_items: items })).not.toThrow();
    expect(() => assertAmountAddsUp({ amount: 24.01, shipping: 5, line_items: items })).toThrow(
      '`amount` param does not equal sum of `line_items` + `shipping`',
    );
    expect(() => assertAmountAddsUp({ amount: 3, shipping: 5 })).not.toThrow();
  });

  it('answers an order or refund pushed without transaction_id 406, and other refusals as before', () => {
    const missing = [{ code: 'missing', target: 'transaction_id', message: 'This field is required.' }];
    expect(taxjarErrorBody('validation_error', 'Invalid.', missing)).toEqual({
      error: 'Not Acceptable',
      detail: 'transaction_id is missing [validation_error]',
      status: 406,
    });
    expect(taxjarErrorBody('validation_error', 'Invalid.', [{ code: 'missing', target: 'to_zip', message: 'This field is required.' }]).status).toBe(400);
    expect(errorResponse(new DomainError('validation_error', 'Invalid.', missing), 'r', 'taxjar').statusCode).toBe(406);
  });
});
