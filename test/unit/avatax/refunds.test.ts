// AvaTax's refunds as the ledger's: RefundTransaction's types planned against the original (lines
// named as the sale sent them, each share at the original's price rounded half up), and a
// ReturnInvoice's lines matched to the sale's by line number, else item code.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { RefundRequest } from '../../../functions/core/avatax/actions';
import { avataxDocument } from '../../../functions/core/avatax/document';
import { plannedRefund, returnRefund } from '../../../functions/core/avatax/refunds';
import { echoOf } from '../../../functions/core/avatax/stored-view';
import { DomainError } from '../../../functions/core/errors';
import { calculate } from '../../../functions/core/tax/engine';
import { committedDocument } from '../../../functions/core/transactions/transaction';
import { CalculationRequestSchema } from '../../../functions/schemas/document';
import { context } from '../../support/engine';

const SEATTLE = { line1: '400 Broad St', city: 'Seattle', region: 'WA', country: 'US', postalCode: '98109' };
const SALE = {
  type: 'SalesInvoice',
  code: 'INV-1',
  date: '2026-04-15',
  addresses: { singleLocation: SEATTLE },
  lines: [
    { number: 'A-1', amount: 100, itemCode: 'SHIRT' },
    { number: 7, amount: 50.01, itemCode: 'LAMP' },
    { amount: 10, itemCode: 'Shipping', taxCode: 'FR020100' },
  ],
};

function sale() {
  const doc = avataxDocument(SALE, { today: '2026-04-15' });
  const document = v.parse(CalculationRequestSchema, doc.document);
  const record = committedDocument(
    calculate(document, context()),
    { code: 'INV-1', tenant: { accountId: 'acct_unit', environment: 'sandbox' }, location_code: null, customer_code: null, at: '2026-04-15T12:00:00Z' },
    'sale',
  );
  const echo = echoOf(doc, { code: 'INV-1', companyCode: 'DEFAULT', document: doc.document, messages: [] });
  return { doc, record, echo };
}

const request = (over: Partial<RefundRequest>): RefundRequest =>
  ({
    refundTransactionCode: null,
    refundDate: '2026-04-20',
    refundType: 'Full',
    refundPercentage: null,
    refundLines: null,
    referenceCode: null,
    ...over,
  }) as RefundRequest;

const refusal = (run: () => unknown): DomainError => {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
};

describe('plannedRefund', () => {
  it('refunds everything that remains for Full, every line with a price', () => {
    const { record, echo } = sale();
    expect(plannedRefund(request({ refundType: 'Full' }), record, echo)).toEqual({
      ledger: { kind: 'refund', lines: null },
      numbers: record.lines.map((l) => l.number),
    });
  });

  it('refunds the lines Partial names as the sale sent them, whole, in the original’s order', () => {
    const { record, echo } = sale();
    const plan = plannedRefund(request({ refundType: 'Partial', refundLines: ['3', 'A-1'] }), record, echo);
    expect(plan.ledger).toEqual({
      kind: 'refund',
      lines: [
        { number: 'A-1', amount: 10000 },
        { number: '3', amount: 1000 },
      ],
    });
    expect(plan.numbers).toEqual(['A-1', '3']);
  });

  it('refuses a Partial line the sale does not have, at its index in refundLines', () => {
    const { record, echo } = sale();
    const error = refusal(() => plannedRefund(request({ refundType: 'Partial', refundLines: ['A-1', '99'] }), record, echo));
    expect(error.code).toBe('invalid_request');
    expect(error.details).toEqual([expect.objectContaining({ target: 'lines.1.number' })]);
  });

  it('takes the Percentage of each line’s price, rounded half up to the cent', () => {
    const { record, echo } = sale();
    const plan = plannedRefund(request({ refundType: 'Percentage', refundPercentage: 50 }), record, echo);
    expect(plan.ledger).toEqual({
      kind: 'refund',
      lines: [
        { number: 'A-1', amount: 5000 },
        { number: '7', amount: 2501 },
        { number: '3', amount: 500 },
      ],
    });
  });

  it('credits the tax that remains for TaxOnly, and refuses when none does', () => {
    const { record, echo } = sale();
    const plan = plannedRefund(request({ refundType: 'TaxOnly' }), record, echo);
    expect(plan.ledger).toEqual({ kind: 'credit', lines: record.lines.map((l) => ({ number: l.number, tax: l.remaining.tax })) });
    expect(record.lines.every((l) => l.remaining.tax > 0)).toBe(true);
    const spent = { ...record, lines: record.lines.map((l) => ({ ...l, remaining: { ...l.remaining, tax: 0 } })) };
    expect(refusal(() => plannedRefund(request({ refundType: 'TaxOnly' }), spent, echo)).code).toBe('credit_exceeds_tax');
  });
});

describe('returnRefund', () => {
  const returnLines = (lines: object[]) =>
    avataxDocument({ type: 'ReturnInvoice', code: 'RET-1', referenceCode: 'INV-1', addresses: { singleLocation: SEATTLE }, lines }, { today: '2026-04-20' })
      .lines;

  it('matches by line number, else by an item code not matched yet; two lines of one number add up; a line of no amount returns nothing', () => {
    const { record, echo } = sale();
    const plan = returnRefund(
      returnLines([
        { number: '7', amount: -20 },
        { number: 'R-2', itemCode: 'SHIRT', amount: -30 },
        { number: '7', itemCode: 'LAMP', amount: -5 },
        { number: 'R-4', amount: 0 },
      ]),
      record,
      echo,
    );
    expect(plan.ledger).toEqual({
      kind: 'refund',
      lines: [
        { number: 'A-1', amount: 3000 },
        { number: '7', amount: 2500 },
      ],
    });
    expect(plan.matched).toEqual(['7', 'A-1', '7', null]);
    // The ledger's k-th line came from the return's sources[k]-th.
    expect(plan.sources).toEqual([1, 0]);
  });

  it('refuses a line matching no line of the sale, and a return of no amount', () => {
    const { record, echo } = sale();
    const unmatched = refusal(() => returnRefund(returnLines([{ number: 'X', itemCode: 'NOPE', amount: -1 }]), record, echo));
    expect(unmatched.details).toEqual([expect.objectContaining({ target: 'lines.0.number' })]);
    expect(refusal(() => returnRefund(returnLines([{ amount: 0 }]), record, echo)).details).toEqual([expect.objectContaining({ target: 'lines' })]);
  });
});
