// Bodies and queries of the transaction lifecycle endpoints (contract §3).
import * as v from 'valibot';
import { CodeSchema, DateSchema, opt, PageQueryEntries, uniqueBy } from './common';
import { CalculationRequestSchema, MAX_LINE_AMOUNT, TransactionCodeSchema } from './document';

const Reason = opt(v.pipe(v.string(), v.maxLength(500)));
const LineNumber = v.pipe(v.string(), v.minLength(1), v.maxLength(50));
/** At least one cent: a refund or credit of nothing would still block voids and adjustments. */
const positiveMoney = v.pipe(v.number(), v.minValue(0.01), v.maxValue(MAX_LINE_AMOUNT));

const RefundLine = v.strictObject({ number: LineNumber, amount: positiveMoney });
export const RefundRequestSchema = v.strictObject({
  refund_code: TransactionCodeSchema,
  date: opt(DateSchema),
  reason: Reason,
  lines: opt(
    v.pipe(
      v.array(RefundLine),
      v.minLength(1),
      v.maxLength(1000),
      uniqueBy<v.InferOutput<typeof RefundLine>>('number', (l) => l.number),
      v.description('Each line number at most once (a repeat is 422 duplicate_value).'),
    ),
  ),
});

const CreditLine = v.strictObject({ number: LineNumber, tax_amount: positiveMoney });
export const CreditRequestSchema = v.strictObject({
  credit_code: TransactionCodeSchema,
  date: opt(DateSchema),
  reason: Reason,
  lines: v.pipe(
    v.array(CreditLine),
    v.minLength(1),
    v.maxLength(1000),
    uniqueBy<v.InferOutput<typeof CreditLine>>('number', (l) => l.number),
    v.description('Each line number at most once (a repeat is 422 duplicate_value).'),
  ),
});

export const VoidRequestSchema = v.optional(v.strictObject({ reason: Reason }), {});

const adjustmentCodes = {
  original_code: TransactionCodeSchema,
  reversal_code: TransactionCodeSchema,
  replacement_code: TransactionCodeSchema,
  reason: Reason,
};

/** The full adjustment body (documentation and types). */
export const AdjustmentRequestSchema = v.strictObject({ ...adjustmentCodes, replacement: CalculationRequestSchema });

/** The codes and the rest of the body, with the replacement document not yet looked at (see transactions-adjust). */
export const AdjustmentEnvelopeSchema = v.strictObject({ ...adjustmentCodes, replacement: v.unknown() });

export const TransactionListQuerySchema = v.strictObject({
  ...PageQueryEntries,
  status: v.optional(v.picklist(['committed', 'refunded', 'voided', 'adjusted'])),
  kind: v.optional(v.picklist(['sale', 'refund', 'credit', 'reversal', 'replacement'])),
  customer_code: v.optional(CodeSchema),
  date_from: v.optional(DateSchema),
  date_to: v.optional(DateSchema),
});
