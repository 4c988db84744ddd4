// Bodies and queries of the transaction lifecycle endpoints (docs/transactions-and-certificates.md).
import * as v from 'valibot';
import { CodeSchema, DateSchema, described, opt, PageQueryEntries, uniqueBy } from './common';
import { CalculationRequestSchema, CollectedTaxSchema, MAX_LINE_AMOUNT, TransactionCodeSchema } from './document';

const Reason = described(opt(v.pipe(v.string(), v.maxLength(500))), 'Why, kept with the document.');
const LineNumber = v.pipe(v.string(), v.minLength(1), v.maxLength(50), v.description('A line number of the original document.'));
/** The date of a refund or credit: it is reported in its own month. */
const ChangeDate = described(opt(DateSchema), 'The document’s date (default today, UTC); its return figures count in this month.');
/** At least one cent: a refund or credit of nothing would still block voids and adjustments. */
const positiveMoney = v.pipe(v.number(), v.minValue(0.01), v.maxValue(MAX_LINE_AMOUNT));

const RefundLine = v.strictObject({
  number: LineNumber,
  amount: described(positiveMoney, 'The amount returned, at most what remains refundable on the line (otherwise 422 refund_exceeds_refundable).'),
});
export const RefundRequestSchema = v.strictObject({
  refund_code: described(TransactionCodeSchema, 'The refund document’s own code, unique like any transaction code (409 duplicate_transaction).'),
  date: ChangeDate,
  reason: Reason,
  collected_tax: described(
    opt(v.pipe(v.number(), v.minValue(0), v.maxValue(MAX_LINE_AMOUNT))),
    'The sales tax you gave back with the refund, as your system recorded it (a positive amount; the refund document carries it negative). Left out: not reported.',
  ),
  lines: opt(
    v.pipe(
      v.array(RefundLine),
      v.minLength(1),
      v.maxLength(1000),
      uniqueBy<v.InferOutput<typeof RefundLine>>('number', (l) => l.number),
      v.description(
        'The lines returned and how much of each; left out: everything that remains refundable. Each line number at most once (a repeat is 422 duplicate_value).',
      ),
    ),
  ),
});

const CreditLine = v.strictObject({
  number: LineNumber,
  tax_amount: described(positiveMoney, 'The tax given back, at most the line’s remaining tax (otherwise 422 credit_exceeds_tax).'),
});
export const CreditRequestSchema = v.strictObject({
  credit_code: described(TransactionCodeSchema, 'The credit document’s own code, unique like any transaction code (409 duplicate_transaction).'),
  date: ChangeDate,
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
  original_code: described(TransactionCodeSchema, 'The committed sale (or replacement) to correct; it becomes `adjusted`.'),
  reversal_code: described(TransactionCodeSchema, 'Code of the reversal document that cancels the original’s amounts.'),
  replacement_code: described(TransactionCodeSchema, 'Code of the corrected document. The three codes are distinct (422 invalid_adjustment_codes).'),
  reason: Reason,
  collected_tax: described(
    CollectedTaxSchema,
    'The sales tax you collected on the corrected document. The reversal takes back what the original reported; left out: the replacement reports none.',
  ),
};

/** The full adjustment body (documentation and types). */
export const AdjustmentRequestSchema = v.strictObject({
  ...adjustmentCodes,
  replacement: described(CalculationRequestSchema, 'The corrected document, taxed now; its date, customer_code and location_code default to the original’s.'),
});

/** The codes and the rest of the body, with the replacement document not yet looked at (see transactions-adjust). */
export const AdjustmentEnvelopeSchema = v.strictObject({ ...adjustmentCodes, replacement: v.unknown() });

export const TransactionListQuerySchema = v.strictObject({
  ...PageQueryEntries,
  status: described(v.optional(v.picklist(['committed', 'refunded', 'voided', 'adjusted'])), 'Only documents in this status.'),
  kind: described(v.optional(v.picklist(['sale', 'refund', 'credit', 'reversal', 'replacement'])), 'Only documents of this kind.'),
  customer_code: described(v.optional(CodeSchema), 'Only this customer’s documents.'),
  date_from: described(v.optional(DateSchema), 'Documents dated on or after this day.'),
  date_to: described(v.optional(DateSchema), 'Documents dated on or before this day.'),
});
