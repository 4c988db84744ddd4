// AvaTax's refunds as this service's (docs/avatax-compatibility.md, "Refunds"): RefundTransaction's
// Full, Partial and Percentage refunds become a refund of the original's lines (each at the
// original's own rates, so the tax returned matches what was charged), TaxOnly a tax-only credit of
// everything that remains; a ReturnInvoice sent to create becomes a refund of the sale its
// `referenceCode` names, its lines matched to the sale's by line number, else by item code. Pure:
// the caller reads the original and records the result through the ledger's use cases.
import { DomainError, type ErrorDetail } from '../errors';
import { mulDivHalfUp, toCents } from '../tax/money';
import type { TransactionRecord } from '../transactions/transaction';
import type { RefundRequest } from './actions';
import type { AvataxLine } from './document';
import { type AvataxEcho, echoLinesFor } from './records';

/** What the ledger records: a refund of amounts per line (null: everything remaining), or a credit of tax per line. */
export type LedgerRefund =
  | { readonly kind: 'refund'; readonly lines: readonly { readonly number: string; readonly amount: number }[] | null }
  | { readonly kind: 'credit'; readonly lines: readonly { readonly number: string; readonly tax: number }[] };

export interface PlannedRefund {
  readonly ledger: LedgerRefund;
  /** The original's ledger line numbers the result holds, in the order the ledger writes them (the original's). */
  readonly numbers: readonly string[];
}

/** The AvaTax line number of each of the original's lines: as sent when it was made here, else the ledger's. */
function avataxNumbers(original: TransactionRecord, echo: AvataxEcho | null): string[] {
  const echoed = echo
    ? echoLinesFor(
        echo,
        original.lines.map((l) => l.number),
      )
    : [];
  return original.lines.map((l, i) => echoed[i]?.lineNumber ?? l.number);
}

/** The original's price of a line before any refund: net of discount, the gross of a tax-included line. */
const originalPrice = (line: TransactionRecord['lines'][number]): number => (line.tax_included ? line.amount : line.amount - line.discount);

const inOriginalOrder = (original: TransactionRecord, numbers: ReadonlySet<string>): string[] =>
  original.lines.filter((l) => numbers.has(l.number)).map((l) => l.number);

/** A RefundTransactionModel (actions.ts, already checked) against the original it refunds. */
export function plannedRefund(request: RefundRequest, original: TransactionRecord, echo: AvataxEcho | null): PlannedRefund {
  if (request.refundType === 'Full')
    return { ledger: { kind: 'refund', lines: null }, numbers: original.lines.filter((l) => l.remaining.price > 0).map((l) => l.number) };
  if (request.refundType === 'TaxOnly') {
    const lines = original.lines.filter((l) => l.remaining.tax > 0).map((l) => ({ number: l.number, tax: l.remaining.tax }));
    if (lines.length === 0) throw new DomainError('credit_exceeds_tax', 'No tax remains on the original to refund.');
    return { ledger: { kind: 'credit', lines }, numbers: lines.map((l) => l.number) };
  }
  if (request.refundType === 'Percentage') {
    const scaled = Math.round(request.refundPercentage! * 10_000);
    const lines = original.lines.map((l) => ({ number: l.number, amount: mulDivHalfUp(originalPrice(l), scaled, 1_000_000) })).filter((l) => l.amount > 0);
    if (lines.length === 0) throw new DomainError('refund_exceeds_refundable', 'Nothing of the original is refundable.');
    return { ledger: { kind: 'refund', lines }, numbers: lines.map((l) => l.number) };
  }
  // Partial: the lines named, each refunded whole (what remains of it).
  const numbers = avataxNumbers(original, echo);
  const problems: ErrorDetail[] = [];
  const wanted = new Map<string, number>();
  (request.refundLines ?? []).forEach((sent, i) => {
    const at = numbers.indexOf(sent);
    const line = original.lines[at];
    if (!line) problems.push({ code: 'invalid_request', target: `lines.${i}.number`, message: `The original transaction has no line ${sent}.` });
    else if (line.remaining.price === 0)
      problems.push({ code: 'refund_exceeds_refundable', target: `lines.${i}.amount`, message: `Nothing remains refundable on line ${sent}.` });
    else wanted.set(line.number, line.remaining.price);
  });
  if (problems.some((p) => p.code === 'invalid_request'))
    throw new DomainError('invalid_request', 'Some refund lines are absent from the original transaction.', problems);
  if (problems.length > 0) throw new DomainError('refund_exceeds_refundable', 'The refund exceeds what remains refundable on the original.', problems);
  const order = inOriginalOrder(original, new Set(wanted.keys()));
  return { ledger: { kind: 'refund', lines: order.map((number) => ({ number, amount: wanted.get(number)! })) }, numbers: order };
}

export interface ReturnRefund extends PlannedRefund {
  /** For each line of the ledger's refund (by its index), the ReturnInvoice line it came from (for error targets). */
  readonly sources: readonly number[];
  /** For each ReturnInvoice line, the original's ledger line number it returns (null: a line of no amount). */
  readonly matched: readonly (string | null)[];
}

/**
 * A ReturnInvoice's lines as a refund of `original`: each line (its amount a magnitude, sign as
 * sent) returns that much of the original's line with the same AvaTax line number, or else of the
 * first line with the same item code not matched yet. Two lines returning one original line add
 * up. A line of no amount returns nothing.
 */
export function returnRefund(lines: readonly AvataxLine[], original: TransactionRecord, echo: AvataxEcho | null): ReturnRefund {
  const numbers = avataxNumbers(original, echo);
  const echoed = echo
    ? echoLinesFor(
        echo,
        original.lines.map((l) => l.number),
      )
    : [];
  const itemCodes = original.lines.map((l, i) => echoed[i]?.itemCode ?? l.item_code);
  const used = new Set<number>();
  const problems: ErrorDetail[] = [];
  const amounts = new Map<string, number>();
  const firstSource = new Map<string, number>();
  const matched = lines.map((line, i): string | null => {
    const cents = Math.max(0, Math.abs(toCents(line.amount)) - line.discountCents);
    if (cents === 0) return null;
    let at = numbers.indexOf(line.lineNumber);
    if (at < 0 && line.itemCode !== null) at = itemCodes.findIndex((code, k) => code === line.itemCode && !used.has(k));
    if (at < 0) {
      problems.push({
        code: 'invalid_request',
        target: `lines.${i}.number`,
        message: 'No line of the original (named by referenceCode) has this line number, nor this item code.',
      });
      return null;
    }
    used.add(at);
    const number = original.lines[at]!.number;
    amounts.set(number, (amounts.get(number) ?? 0) + cents);
    if (!firstSource.has(number)) firstSource.set(number, i);
    return number;
  });
  if (problems.length > 0) throw new DomainError('invalid_request', 'Some return lines match no line of the original sale.', problems);
  if (amounts.size === 0)
    throw new DomainError('invalid_request', 'The return has no amount to refund.', [
      { code: 'invalid_request', target: 'lines', message: 'Every line of the return has an amount of 0.' },
    ]);
  const order = inOriginalOrder(original, new Set(amounts.keys()));
  return {
    ledger: { kind: 'refund', lines: order.map((number) => ({ number, amount: amounts.get(number)! })) },
    numbers: order,
    sources: order.map((number) => firstSource.get(number)!),
    matched,
  };
}
