// The JSON of committed documents: the calculation shape plus the lifecycle fields.
import { fromCents } from '../tax/money';
import { jurisdictionView, lineView, summaryOf, totalsOf, totalsView } from '../tax/view';
import type { TransactionLine, TransactionRecord } from './transaction';

function transactionLineView(line: TransactionLine) {
  return {
    ...lineView(line),
    refunded_amount: fromCents(line.refunded_amount),
    refundable_amount: fromCents(line.remaining.price),
    credited_tax: fromCents(line.credited_tax),
    remaining_tax: fromCents(line.remaining.tax),
    collected_tax: line.collected_tax === undefined ? null : fromCents(line.collected_tax),
  };
}

/** What the seller reported collecting beside the computed tax; documents stored before it was kept reported nothing. */
function collectionOf(record: TransactionRecord) {
  const collected = record.collected_tax ?? null;
  const computed = record.lines.reduce((n, l) => n + l.tax, 0);
  return {
    collected_tax: collected === null ? null : fromCents(collected),
    collection_difference: collected === null ? null : fromCents(collected - computed),
  };
}

function header(record: TransactionRecord) {
  return {
    object: 'transaction' as const,
    code: record.code,
    kind: record.kind,
    status: record.status,
    original_code: record.original_code,
    location_code: record.location_code,
    customer_code: record.customer_code,
    environment: record.tenant.environment,
    date: record.date,
    currency: record.currency,
    content_version: record.content_version,
    reason: record.reason,
    created_at: record.created_at,
    updated_at: record.updated_at,
    voided_at: record.voided_at,
    ...totalsView(totalsOf(record.lines)),
    refunds: [...record.refunds],
    credits: [...record.credits],
    adjustment: record.adjustment ? { ...record.adjustment } : null,
  };
}

export function transactionView(record: TransactionRecord) {
  return {
    ...header(record),
    ...collectionOf(record),
    lines: record.lines.map(transactionLineView),
    summary: summaryOf(record.lines).map(jurisdictionView),
    messages: record.messages.map((m) => ({ ...m })),
  };
}

/** List entries: everything but the lines, which a document of 1,000 lines would make heavy. */
export function transactionSummaryView(record: TransactionRecord) {
  return { ...header(record), line_count: record.lines.length };
}

export type TransactionView = ReturnType<typeof transactionView>;
export type TransactionSummary = ReturnType<typeof transactionSummaryView>;
