// The bodies of AvaTax's transaction actions: VoidTransactionModel, CommitTransactionModel and
// RefundTransactionModel, read as tolerantly as a CreateTransactionModel (input.ts) and checked
// against the rules AvaTax states for them, with AvaTax's own refusal for each (errors.ts).
import { DomainError, type ErrorDetail, validationError } from '../errors';
import { REFUND_TYPES, type RefundType, VOID_REASON_CODES, type VoidReasonCode } from './enums';
import { canonicalize, detail, field, parseAmount, parseBoolean, parseCode, parseDate, parseEnum, type Shape } from './input';

export const VOID_SHAPE: Shape = { code: true };
export const COMMIT_SHAPE: Shape = { commit: true };
export const REFUND_SHAPE: Shape = {
  refundTransactionCode: true,
  refundDate: true,
  refundType: true,
  refundPercentage: true,
  refundLines: true,
  referenceCode: true,
};

function refuseIfAny(problems: ErrorDetail[], refusals: ErrorDetail[]): void {
  if (problems.length > 0) throw validationError(problems);
  if (refusals.length > 0)
    throw new DomainError('invalid_request', refusals.length === 1 ? refusals[0]!.message : 'The refund is not consistent; see details.', refusals);
}

/**
 * The reason of a void (`{"code": "DocVoided"}`, `{"code": 3}`, any case). AvaTax refuses a void
 * without one, so does this surface. Which reasons this service can act on (DocVoided and
 * DocDeleted void a committed document; PostFailed and AdjustmentCancelled undo steps it does
 * not have) is the use case's decision.
 */
export function voidReasonOf(raw: unknown): VoidReasonCode {
  const problems: ErrorDetail[] = [];
  const { value } = canonicalize(raw, VOID_SHAPE);
  const code = parseEnum(VOID_REASON_CODES, field(value, 'code'), 'code', problems);
  if (code === undefined && problems.length === 0)
    problems.push(detail('missing', 'code', 'A void needs a reason code (DocVoided, DocDeleted, PostFailed, AdjustmentCancelled).'));
  refuseIfAny(problems, []);
  return code!;
}

/** `{"commit": true}`; an empty body (as some clients send) asks for the commit too. */
export function commitOf(raw: unknown): boolean {
  const problems: ErrorDetail[] = [];
  const { value } = canonicalize(raw, COMMIT_SHAPE);
  const commit = parseBoolean(field(value, 'commit'), 'commit', problems);
  refuseIfAny(problems, []);
  return commit ?? true;
}

export interface RefundRequest {
  /** The refund's own code; null: the caller names one. */
  readonly refundTransactionCode: string | null;
  readonly refundDate: string;
  readonly refundType: RefundType;
  /** Percentage refunds: 0 < p ≤ 100. */
  readonly refundPercentage: number | null;
  /** Partial refunds: the original's line numbers, each refunded whole. */
  readonly refundLines: readonly string[] | null;
  readonly referenceCode: string | null;
}

/**
 * A RefundTransactionModel. `refundType` defaults to Full; Partial names `refundLines` (704), Full
 * names none (703); TaxOnly takes no percentage (706); Percentage needs one (709) between 0 and 100
 * (708); Full and Partial take none other than 100 for Full (701).
 */
export function refundRequestOf(raw: unknown): RefundRequest {
  const problems: ErrorDetail[] = [];
  const refusals: ErrorDetail[] = [];
  const { value } = canonicalize(raw, REFUND_SHAPE);
  const refundDate = parseDate(field(value, 'refundDate'), 'refundDate', problems);
  if (refundDate === null && problems.length === 0) problems.push(detail('missing', 'refundDate', 'A refund needs refundDate.'));
  const refundTransactionCode = parseCode(field(value, 'refundTransactionCode'), 'refundTransactionCode', problems);
  const referenceCode = parseCode(field(value, 'referenceCode'), 'referenceCode', problems);
  const refundType = parseEnum(REFUND_TYPES, field(value, 'refundType'), 'refundType', problems) ?? 'Full';
  const refundPercentage = parseAmount(field(value, 'refundPercentage'), 'refundPercentage', problems);
  const rawLines = field(value, 'refundLines');
  let refundLines: string[] | null = null;
  if (rawLines !== undefined && rawLines !== null) {
    if (!Array.isArray(rawLines)) problems.push(detail('array_type', 'refundLines', 'Must be an array of line numbers.'));
    else refundLines = rawLines.map((n, i) => parseCode(n, `refundLines[${i}]`, problems) ?? '');
  }
  const hasLines = refundLines !== null && refundLines.length > 0;
  if (refundType === 'Partial' && !hasLines)
    refusals.push(detail('refund_lines_required', 'refundLines', 'A Partial refund names the lines it refunds in refundLines.'));
  if (refundType !== 'Partial' && hasLines)
    refusals.push(detail('refund_type_line_mismatch', 'refundLines', `A ${refundType} refund takes no refundLines; send refundType Partial to refund lines.`));
  if (refundType === 'TaxOnly' && refundPercentage !== null)
    refusals.push(detail('refund_percentage_tax_only', 'refundPercentage', 'A TaxOnly refund takes no refundPercentage.'));
  if (refundType === 'Percentage') {
    if (refundPercentage === null) refusals.push(detail('refund_percentage_missing', 'refundPercentage', 'A Percentage refund needs refundPercentage.'));
    else if (!(refundPercentage > 0 && refundPercentage <= 100))
      refusals.push(detail('refund_percentage_out_of_range', 'refundPercentage', 'refundPercentage is more than 0 and at most 100.'));
  }
  if ((refundType === 'Full' && refundPercentage !== null && refundPercentage !== 100) || (refundType === 'Partial' && refundPercentage !== null))
    refusals.push(detail('refund_percentage_mismatch', 'refundPercentage', `A ${refundType} refund takes no refundPercentage (a Full one at most 100).`));
  refuseIfAny(problems, refusals);
  return {
    refundTransactionCode,
    refundDate: refundDate!,
    refundType,
    refundPercentage: refundType === 'Percentage' ? refundPercentage : null,
    refundLines: hasLines ? refundLines : null,
    referenceCode,
  };
}
