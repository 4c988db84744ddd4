// Lifecycle rules (docs/transactions-and-certificates.md): which actions a document allows, and
// what commits, refunds, tax-only credits, voids and adjustments do to it. Pure: each returns the
// changed original, the new document(s) and the events the change emits; the caller writes them all
// atomically.
import { DomainError, type ErrorDetail } from '../errors';
import { type EventDraft, eventDraft } from '../events/catalogue';
import { allocateByWeights, mulDivHalfUp } from '../tax/money';
import type { DocumentTax } from '../tax/types';
import { committedDocument, type DocumentMeta, derivedDocument, negativeLine, type TransactionLine, type TransactionRecord } from './transaction';
import { transactionSummaryView as summary } from './view';

/** A committed document may not use reference nexus: it is for calculations only. */
export function assertCommittable(doc: { readonly nexus_mode?: string | null }): void {
  if (doc.nexus_mode === 'reference')
    throw new DomainError('invalid_nexus_mode', 'A committed transaction cannot use reference nexus; reference nexus is for calculations only.');
}

/** Sales and replacements can be refunded, credited, voided or adjusted; other documents cannot. */
function assertActionable(original: TransactionRecord, action: string): void {
  if (original.kind !== 'sale' && original.kind !== 'replacement')
    throw new DomainError('invalid_lifecycle', `A ${original.kind} document cannot be ${action}.`);
  if (original.status !== 'committed') throw new DomainError('invalid_lifecycle', `A ${original.status} transaction cannot be ${action}.`);
}

function assertUntouched(original: TransactionRecord, action: string): void {
  if (original.refunds.length > 0 || original.credits.length > 0)
    throw new DomainError('invalid_lifecycle', `A transaction with refunds or credits cannot be ${action}.`);
}

export interface RefundRequest {
  readonly code: string;
  readonly date: string;
  readonly reason: string | null;
  /** Amounts in cents per line number; absent = everything that remains. */
  readonly lines: readonly { readonly number: string; readonly amount: number }[] | null;
}

export interface Change {
  readonly original: TransactionRecord;
  readonly document: TransactionRecord;
  readonly events: readonly EventDraft[];
}

/** A new sale from a taxed document (POST /transactions). */
export function commit(taxed: DocumentTax, meta: DocumentMeta): { readonly document: TransactionRecord; readonly events: readonly EventDraft[] } {
  const document = committedDocument(taxed, meta, 'sale');
  return { document, events: [eventDraft('transaction.committed', meta.at, summary(document))] };
}

function lineIndex(original: TransactionRecord, requested: readonly { number: string }[], field: string): number[] {
  const missing: ErrorDetail[] = [];
  const indexes = requested.map((r, i) => {
    const at = original.lines.findIndex((l) => l.number === r.number);
    if (at < 0) missing.push({ code: 'invalid_request', target: `lines.${i}.number`, message: 'The original transaction has no line with this number.' });
    return at;
  });
  if (missing.length > 0) throw new DomainError('invalid_request', `Some ${field} lines are absent from the original transaction.`, missing);
  return indexes;
}

/** The share of a line's remainder that a refund of `price` cents takes; the whole remainder when it is all. */
function refundShare(line: TransactionLine, price: number) {
  const rest = line.remaining;
  if (price === rest.price) return { price, taxable: rest.taxable, exempt: rest.exempt, tax: rest.tax, jurisdictionTax: rest.jurisdictionTax };
  const tax = mulDivHalfUp(rest.tax, price, rest.price);
  const [taxable, exempt] = allocateByWeights([rest.taxable, rest.exempt], line.tax_included ? price - tax : price);
  return { price, taxable: taxable!, exempt: exempt!, tax, jurisdictionTax: allocateByWeights(rest.jurisdictionTax, tax) };
}

export function refund(original: TransactionRecord, request: RefundRequest, at: string): Change {
  assertActionable(original, 'refunded');
  const wanted = new Map<number, number>();
  if (request.lines === null) {
    for (const [i, l] of original.lines.entries()) if (l.remaining.price > 0) wanted.set(i, l.remaining.price);
  } else {
    const indexes = lineIndex(original, request.lines, 'refund');
    const over: ErrorDetail[] = [];
    request.lines.forEach((r, i) => {
      const at = indexes[i]!;
      if (r.amount > original.lines[at]!.remaining.price)
        over.push({ code: 'refund_exceeds_refundable', target: `lines.${i}.amount`, message: 'The refund exceeds what remains refundable on the line.' });
      wanted.set(at, r.amount);
    });
    if (over.length > 0) throw new DomainError('refund_exceeds_refundable', 'The refund exceeds what remains refundable on the original.', over);
  }
  if (wanted.size === 0) throw new DomainError('refund_exceeds_refundable', 'Nothing remains refundable on the original.');
  const refundLines: TransactionLine[] = [];
  const lines = original.lines.map((line, i) => {
    const price = wanted.get(i);
    if (price === undefined) return line;
    const share = refundShare(line, price);
    refundLines.push(negativeLine(line, { ...share, discount: 0 }));
    const rest = line.remaining;
    return {
      ...line,
      refunded_amount: line.refunded_amount + price,
      remaining: {
        price: rest.price - price,
        taxable: rest.taxable - share.taxable,
        exempt: rest.exempt - share.exempt,
        tax: rest.tax - share.tax,
        jurisdictionTax: rest.jurisdictionTax.map((t, j) => t - share.jurisdictionTax[j]!),
      },
    };
  });
  const exhausted = lines.every((l) => l.remaining.price === 0);
  const changed: TransactionRecord = {
    ...original,
    lines,
    status: exhausted ? 'refunded' : 'committed',
    refunds: [...original.refunds, request.code],
    updated_at: at,
  };
  const document = derivedDocument(original, 'refund', request.code, request.date, at, request.reason, refundLines);
  return { original: changed, document, events: [eventDraft('transaction.refunded', at, { original: summary(changed), refund: summary(document) })] };
}

/**
 * Withdraws a refund (the TaxJar surface's refund update and delete; /api/v1 has no action on a
 * refund document): the refund becomes `voided`, which takes it out of the return summaries, and
 * its original gets back exactly what the refund took, line by line (the refund's lines are the
 * negated shares it drew, so adding them back restores every cent and jurisdiction). The original
 * lists only live refunds in `refunds`, so a withdrawn code moves to `withdrawn_refunds`: what
 * refuses a void or an adjustment of a refunded original ("has refunds") then sees the withdrawal.
 */
export function withdrawRefund(
  original: TransactionRecord,
  document: TransactionRecord,
  reason: string | null,
  at: string,
): { readonly original: TransactionRecord; readonly refund: TransactionRecord; readonly events: readonly EventDraft[] } {
  if (document.kind !== 'refund') throw new DomainError('invalid_lifecycle', `A ${document.kind} document cannot be withdrawn.`);
  if (document.status !== 'committed') throw new DomainError('invalid_lifecycle', `A ${document.status} refund cannot be withdrawn.`);
  if (document.original_code !== original.code || !original.refunds.includes(document.code))
    throw new DomainError('invalid_lifecycle', 'The refund is not recorded on its original transaction.');
  if (original.status !== 'committed' && original.status !== 'refunded')
    throw new DomainError('invalid_lifecycle', `A refund of a ${original.status} transaction cannot be withdrawn.`);
  const back = new Map<string, TransactionLine>();
  for (const line of document.lines) {
    if (back.has(line.number) || !original.lines.some((l) => l.number === line.number))
      throw new DomainError('invalid_lifecycle', 'The refund’s lines do not match its original transaction.');
    back.set(line.number, line);
  }
  const lines = original.lines.map((line) => {
    const taken = back.get(line.number);
    if (!taken) return line;
    // A refund line is negativeLine(share) with no discount: its amount is minus the price it took.
    const price = -taken.amount;
    const rest = line.remaining;
    return {
      ...line,
      refunded_amount: line.refunded_amount - price,
      remaining: {
        price: rest.price + price,
        taxable: rest.taxable - taken.taxable,
        exempt: rest.exempt - taken.exempt,
        tax: rest.tax - taken.tax,
        jurisdictionTax: rest.jurisdictionTax.map((t, j) => t - (taken.jurisdictions[j]?.tax ?? 0)),
      },
    };
  });
  const exhausted = lines.every((l) => l.remaining.price === 0);
  const restored: TransactionRecord = {
    ...original,
    lines,
    status: original.status === 'refunded' && !exhausted ? 'committed' : original.status,
    refunds: original.refunds.filter((c) => c !== document.code),
    withdrawn_refunds: [...(original.withdrawn_refunds ?? []), document.code],
    updated_at: at,
  };
  const withdrawn: TransactionRecord = { ...document, status: 'voided', reason: reason ?? document.reason, voided_at: at, updated_at: at };
  return {
    original: restored,
    refund: withdrawn,
    events: [eventDraft('transaction.refund_withdrawn', at, { original: summary(restored), refund: summary(withdrawn) })],
  };
}

export interface CreditRequest {
  readonly code: string;
  readonly date: string;
  readonly reason: string | null;
  /** Tax in cents per line number. */
  readonly lines: readonly { readonly number: string; readonly tax: number }[];
}

export function credit(original: TransactionRecord, request: CreditRequest, at: string): Change {
  assertActionable(original, 'credited');
  const indexes = lineIndex(original, request.lines, 'credit');
  const taken = new Map<number, number>();
  const over: ErrorDetail[] = [];
  request.lines.forEach((r, i) => {
    const at = indexes[i]!;
    if (r.tax > original.lines[at]!.remaining.tax)
      over.push({ code: 'credit_exceeds_tax', target: `lines.${i}.tax_amount`, message: 'The credit exceeds the remaining committed tax on the line.' });
    taken.set(at, r.tax);
  });
  if (over.length > 0) throw new DomainError('credit_exceeds_tax', 'The credit exceeds the remaining committed tax.', over);
  const creditLines: TransactionLine[] = [];
  const lines = original.lines.map((line, i) => {
    const tax = taken.get(i);
    if (tax === undefined) return line;
    const jurisdictionTax = allocateByWeights(line.remaining.jurisdictionTax, tax);
    creditLines.push(negativeLine(line, { price: 0, discount: 0, taxable: 0, exempt: 0, tax, jurisdictionTax }));
    return {
      ...line,
      credited_tax: line.credited_tax + tax,
      remaining: { ...line.remaining, tax: line.remaining.tax - tax, jurisdictionTax: line.remaining.jurisdictionTax.map((t, j) => t - jurisdictionTax[j]!) },
    };
  });
  const changed: TransactionRecord = { ...original, lines, credits: [...original.credits, request.code], updated_at: at };
  const document = derivedDocument(original, 'credit', request.code, request.date, at, request.reason, creditLines);
  return { original: changed, document, events: [eventDraft('transaction.credited', at, { original: summary(changed), credit: summary(document) })] };
}

export function voidTransaction(
  original: TransactionRecord,
  reason: string | null,
  at: string,
): { readonly original: TransactionRecord; readonly events: readonly EventDraft[] } {
  // A void changes a status and creates no code a retry could be told about, so the refusal of a
  // second void says when the first was applied: most likely this very request, retried.
  if (original.status === 'voided' && (original.kind === 'sale' || original.kind === 'replacement'))
    throw new DomainError(
      'invalid_lifecycle',
      `A voided transaction cannot be voided. It was voided at ${original.voided_at ?? original.updated_at}; a void retried after it was applied is answered this way and changed nothing.`,
    );
  assertActionable(original, 'voided');
  assertUntouched(original, 'voided');
  const voided: TransactionRecord = { ...original, status: 'voided', reason: reason ?? original.reason, voided_at: at, updated_at: at };
  return { original: voided, events: [eventDraft('transaction.voided', at, summary(voided))] };
}

export interface AdjustmentCodes {
  readonly original_code: string;
  readonly reversal_code: string;
  readonly replacement_code: string;
}

/** Checked before anything else, the replacement document included. */
export function assertDistinctCodes(codes: AdjustmentCodes): void {
  if (new Set([codes.original_code, codes.reversal_code, codes.replacement_code]).size !== 3)
    throw new DomainError('invalid_adjustment_codes', 'The original, reversal and replacement codes must be three distinct codes.');
}

/** Whether the original may be adjusted at all (checked before the replacement is taxed). */
export function assertAdjustable(original: TransactionRecord): void {
  assertActionable(original, 'adjusted');
  assertUntouched(original, 'adjusted');
}

/** Marks the original adjusted and builds its reversal (dated like the original, so its period nets out). */
export function adjust(original: TransactionRecord, codes: AdjustmentCodes, reason: string | null, at: string): Omit<Change, 'events'> {
  assertAdjustable(original);
  const reversalLines = original.lines.map((line) =>
    negativeLine(line, {
      price: line.tax_included ? line.amount : line.amount - line.discount,
      discount: line.discount,
      taxable: line.taxable,
      exempt: line.exempt,
      tax: line.tax,
      jurisdictionTax: line.jurisdictions.map((j) => j.tax),
    }),
  );
  return {
    original: {
      ...original,
      status: 'adjusted',
      adjustment: { reversal_code: codes.reversal_code, replacement_code: codes.replacement_code },
      reason: reason ?? original.reason,
      updated_at: at,
    },
    document: derivedDocument(original, 'reversal', codes.reversal_code, original.date, at, reason, reversalLines),
  };
}

export interface Adjustment {
  readonly original: TransactionRecord;
  readonly reversal: TransactionRecord;
  readonly replacement: TransactionRecord;
  readonly events: readonly EventDraft[];
}

/**
 * The whole adjustment: the original marked adjusted, its reversal, and the replacement taxed by
 * the caller (a `replacement` document of the same tenant).
 */
export function adjustment(
  original: TransactionRecord,
  codes: AdjustmentCodes,
  replacementTax: DocumentTax,
  replacementMeta: Omit<DocumentMeta, 'code' | 'original_code'>,
  reason: string | null,
  at: string,
): Adjustment {
  const { original: adjusted, document: reversal } = adjust(original, codes, reason, at);
  const replacement = committedDocument(
    replacementTax,
    { ...replacementMeta, code: codes.replacement_code, original_code: original.code, reason },
    'replacement',
  );
  const data = { original: summary(adjusted), reversal: summary(reversal), replacement: summary(replacement) };
  return { original: adjusted, reversal, replacement, events: [eventDraft('transaction.adjusted', at, data)] };
}
