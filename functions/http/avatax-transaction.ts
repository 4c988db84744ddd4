// What the AvaTax transaction handlers share: their bodies, staged (the AvaTax readers of
// functions/core/avatax run in the parse step; the schemas of functions/schemas/avatax-transactions.ts
// document them), their query parameters read in any letter case, the document reader that
// validates a translated document as a /api/v1 one is, and the error context a handler's refusals
// are named by (avatax-context.ts): the operation, and what the use case found.
import type { AvataxAnswer, DocumentReader, Noticed } from '../application/avatax/transactions';
import {
  type AdjustmentBody,
  adjustmentOf,
  commitOf,
  createOrAdjustOf,
  type RefundRequest,
  refundRequestOf,
  type Settlement,
  settlementOf,
  voidReasonOf,
} from '../core/avatax/actions';
import { avataxDocument, avataxTarget } from '../core/avatax/document';
import { DOCUMENT_TYPES, type DocumentType, type VoidReasonCode } from '../core/avatax/enums';
import type { AvataxErrorContext } from '../core/avatax/errors';
import { decodePathCode, encodePathCode, parseEnum } from '../core/avatax/input';
import type { ListLink } from '../core/avatax/lists';
import { type Include, parseInclude, parseOrderBy, parseSkip, parseTop, queryParam } from '../core/avatax/query';
import { ROW_ORDERS } from '../core/avatax/transaction-rows';
import { type ErrorDetail, validationError } from '../core/errors';
import { AVATAX_BASE_PATH } from '../manifest/route';
import {
  AvataxAdjustSchema,
  AvataxCommitSchema,
  AvataxCreateOrAdjustSchema,
  AvataxCreateTransactionSchema,
  AvataxRefundSchema,
  AvataxSettleSchema,
  AvataxVoidSchema,
} from '../schemas/avatax-transactions';
import { CalculationRequestSchema } from '../schemas/document';
import type { ResponseOf } from '../schemas/responses';
import { inAvataxContext } from './avatax-context';
import { ok, type Reply } from './request';
import type { StagedBody } from './steps/parse';
import { validate } from './validation';

/** A CreateTransactionModel: read against the company in the use case (its locations stand for addresses). */
export const createBody: StagedBody<unknown> = { schema: AvataxCreateTransactionSchema, parse: (raw) => raw ?? null };
export const createOrAdjustBody: StagedBody<AdjustmentBody> = { schema: AvataxCreateOrAdjustSchema, parse: createOrAdjustOf };
export const adjustBody: StagedBody<AdjustmentBody> = { schema: AvataxAdjustSchema, parse: adjustmentOf };
/** No body, or `{commit}`: a commit. */
export const commitBody: StagedBody<boolean> = { schema: AvataxCommitSchema, parse: commitOf };
export const voidBody: StagedBody<VoidReasonCode> = { schema: AvataxVoidSchema, parse: voidReasonOf };
export const refundBody: StagedBody<RefundRequest> = { schema: AvataxRefundSchema, parse: refundRequestOf };
export const settleBody: StagedBody<Settlement> = { schema: AvataxSettleSchema, parse: (raw) => settlementOf(raw) };

/** A query as the parse step output it: strings at the wire, under any name. */
type Query = Readonly<Record<string, unknown>> | undefined;

const asStrings = (query: Query): Readonly<Record<string, string | undefined>> =>
  Object.fromEntries(Object.entries(query ?? {}).map(([k, v]) => [k, typeof v === 'string' ? v : undefined]));

/** `$include` in any letter case; absent or empty: AvaTax's default. */
export const includeOf = (query: Query): Include => parseInclude(queryParam(asStrings(query), '$include'));

/** `documentType` by name in any case or by number; absent: none asked. */
export function documentTypeOf(query: Query): DocumentType | undefined {
  const problems: ErrorDetail[] = [];
  const type = parseEnum(DOCUMENT_TYPES, queryParam(asStrings(query), 'documentType'), 'query.documentType', problems);
  if (problems.length > 0) throw validationError(problems);
  return type;
}

/** The company and code a path names, in AvaTax's escapes decoded. */
export const pathCodes = (params: { readonly companyCode: string; readonly transactionCode?: string }) => ({
  companyCode: decodePathCode(params.companyCode),
  code: decodePathCode(params.transactionCode ?? ''),
});

/** A list's paging, ordering and the link its next page repeats. */
export function listQueryOf(query: Query, companyCode: string) {
  const q = asStrings(query);
  const params = Object.fromEntries(['$filter', '$include', '$orderBy'].map((name) => [name, queryParam(q, name)]));
  const link: ListLink = { path: `${AVATAX_BASE_PATH}/companies/${encodePathCode(companyCode)}/transactions`, params };
  return {
    filter: queryParam(q, '$filter'),
    top: parseTop(queryParam(q, '$top')),
    skip: parseSkip(queryParam(q, '$skip')),
    orderBy: parseOrderBy(queryParam(q, '$orderBy'), ROW_ORDERS),
    include: includeOf(q),
    link,
  };
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * A handler's error context, filled as its use case goes: the document reader puts in how the
 * request's fields are named, the use case what it found. It is read when a refusal is caught.
 */
export function avataxStep(operation: NonNullable<AvataxErrorContext['operation']>, extra: Partial<AvataxErrorContext> = {}) {
  const context: Mutable<AvataxErrorContext> = { operation, ...extra };
  const noticed: Noticed = (found) => {
    context.documentStatus = found.status;
    context.documentType = found.type;
  };
  const read: DocumentReader = (raw, options) => {
    const doc = avataxDocument(raw, options);
    context.targetOf = (target) => avataxTarget(target, doc);
    return { doc, document: validate(CalculationRequestSchema, doc.document, 'body') };
  };
  return { context, noticed, read, run: <T>(step: () => Promise<T>): Promise<T> => inAvataxContext(context, step) };
}

/** An answer of a use case that may have taxed without recording: then one calculation unit (an estimate, a draft). */
export const answered = (answer: AvataxAnswer, statusCode = 200): Reply => ({
  ...ok<ResponseOf<'avatax-transactions-get'>>(answer.view, statusCode),
  meter: answer.calculation ? 'calculation' : null,
});
