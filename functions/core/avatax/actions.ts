// The bodies of AvaTax's transaction actions: VoidTransactionModel, CommitTransactionModel,
// RefundTransactionModel, AdjustTransactionModel, CreateOrAdjustTransactionModel and
// SettleTransactionModel, read as tolerantly as a CreateTransactionModel (input.ts) and checked
// against the rules AvaTax states for them, with AvaTax's own refusal for each (errors.ts).
import { DomainError, type ErrorDetail, validationError } from '../errors';
import { fromCents, toCents } from '../tax/money';
import { ADJUSTMENT_REASONS, type AdjustmentReason, REFUND_TYPES, type RefundType, VOID_REASON_CODES, type VoidReasonCode } from './enums';
import { canonicalize, detail, field, parseAmount, parseBoolean, parseCode, parseDate, parseEnum, parseText, type Shape } from './input';

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

/** The adjustment's reason and description of AdjustTransactionModel and CreateOrAdjustTransactionModel. */
export interface AdjustmentNote {
  readonly reason: AdjustmentReason;
  readonly description: string | null;
}

/** `adjustmentReason` by name or number (default Other: the client said none), `adjustmentDescription` as text. */
function adjustmentNoteOf(value: unknown, problems: ErrorDetail[]): AdjustmentNote {
  const reason = parseEnum(ADJUSTMENT_REASONS, field(value, 'adjustmentReason'), 'adjustmentReason', problems) ?? 'Other';
  const description = parseText(field(value, 'adjustmentDescription'), 'adjustmentDescription', problems);
  return { reason: reason === 'NotAdjusted' ? 'Other' : reason, description };
}

export interface AdjustmentBody extends AdjustmentNote {
  /** The new document, not yet read (document.ts reads it against the company). */
  readonly model: unknown;
}

const modelOf = (value: unknown, name: string, problems: ErrorDetail[]): unknown => {
  const model = field(value, name);
  if (model === undefined || model === null) problems.push(detail('missing', name, `The request needs ${name}, a CreateTransactionModel.`));
  else if (typeof model !== 'object' || Array.isArray(model)) problems.push(detail('object_type', name, 'Must be an object.'));
  return model;
};

/** POST /transactions/createoradjust: `{createTransactionModel, adjustmentReason?, adjustmentDescription?}`. */
export function createOrAdjustOf(raw: unknown): AdjustmentBody {
  const problems: ErrorDetail[] = [];
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw validationError([detail('missing', 'body', 'The request needs a body.')]);
  // The model is canonicalized by document.ts; only the wrapper's names are read here.
  const { value } = canonicalize(raw, { createTransactionModel: true, adjustmentReason: true, adjustmentDescription: true });
  const model = modelOf(value, 'createTransactionModel', problems);
  const note = adjustmentNoteOf(value, problems);
  refuseIfAny(problems, []);
  return { ...note, model };
}

/** POST …/adjust: `{adjustmentReason, adjustmentDescription?, newTransaction}`. */
export function adjustmentOf(raw: unknown): AdjustmentBody {
  const problems: ErrorDetail[] = [];
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw validationError([detail('missing', 'body', 'The request needs a body.')]);
  const { value } = canonicalize(raw, { newTransaction: true, adjustmentReason: true, adjustmentDescription: true });
  const model = modelOf(value, 'newTransaction', problems);
  const note = adjustmentNoteOf(value, problems);
  refuseIfAny(problems, []);
  return { ...note, model };
}

export const SETTLE_SHAPE: Shape = {
  verify: { verifyTransactionDate: true, verifyTotalAmount: true, verifyTotalTax: true },
  changeCode: { newCode: true },
  commit: COMMIT_SHAPE,
};

export interface Settlement {
  readonly verify: { readonly date: string | null; readonly totalAmount: number | null; readonly totalTax: number | null } | null;
  /** The code the document is to take (null: it keeps its own). */
  readonly newCode: string | null;
  /** Whether to commit; null: the body did not say. */
  readonly commit: boolean | null;
}

/** SettleTransactionModel: any of verify, changeCode and commit, run in that order. */
export function settlementOf(raw: unknown): Settlement {
  const problems: ErrorDetail[] = [];
  const { value } = canonicalize(raw ?? {}, SETTLE_SHAPE);
  const verify = field(value, 'verify');
  const changeCode = field(value, 'changeCode');
  const commit = field(value, 'commit');
  const settlement: Settlement = {
    verify:
      verify === undefined || verify === null
        ? null
        : {
            date: parseDate(field(verify, 'verifyTransactionDate'), 'verify.verifyTransactionDate', problems),
            totalAmount: parseAmount(field(verify, 'verifyTotalAmount'), 'verify.verifyTotalAmount', problems),
            totalTax: parseAmount(field(verify, 'verifyTotalTax'), 'verify.verifyTotalTax', problems),
          },
    newCode: changeCode === undefined || changeCode === null ? null : parseCode(field(changeCode, 'newCode'), 'changeCode.newCode', problems),
    commit: commit === undefined || commit === null ? null : (parseBoolean(field(commit, 'commit'), 'commit.commit', problems) ?? true),
  };
  if (changeCode !== undefined && changeCode !== null && (settlement.newCode === null || settlement.newCode.trim() === '') && problems.length === 0)
    problems.push(detail('missing', 'changeCode.newCode', 'A code change needs newCode.'));
  refuseIfAny(problems, []);
  return settlement;
}

/** What a verification compares: the document's date and totals, in cents. */
export interface SettledFacts {
  readonly date: string;
  readonly totalAmount: number;
  readonly totalTax: number;
}

/**
 * VerifyTransaction: each value the client states must be the document's, amounts to the cent;
 * every mismatch is named (AvaTax's DateMismatch, TotalAmountMismatch, TotalTaxMismatch).
 */
export function verifySettlement(verify: NonNullable<Settlement['verify']>, facts: SettledFacts): void {
  const refusals: ErrorDetail[] = [];
  if (verify.date !== null && verify.date !== facts.date)
    refusals.push(detail('date_mismatch', 'verify.verifyTransactionDate', `The document is dated ${facts.date}, not ${verify.date}.`));
  if (verify.totalAmount !== null && toCents(verify.totalAmount) !== facts.totalAmount)
    refusals.push(
      detail('total_amount_mismatch', 'verify.verifyTotalAmount', `The document's totalAmount is ${fromCents(facts.totalAmount)}, not ${verify.totalAmount}.`),
    );
  if (verify.totalTax !== null && toCents(verify.totalTax) !== facts.totalTax)
    refusals.push(detail('total_tax_mismatch', 'verify.verifyTotalTax', `The document's totalTax is ${fromCents(facts.totalTax)}, not ${verify.totalTax}.`));
  if (refusals.length > 0)
    throw new DomainError(
      'invalid_request',
      refusals.length === 1 ? refusals[0]!.message : 'The document does not match what was stated; see details.',
      refusals,
    );
}
