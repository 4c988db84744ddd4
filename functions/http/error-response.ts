// The one place where errors become HTTP responses: status per code, the API's error envelope (or,
// for the TaxJar-compatible routes, TaxJar's `{error, detail, status}`; for the AvaTax-compatible
// ones AvaTax's `{error: {code, message, target, details}}`), and the translation of library errors
// (Powertools idempotency) into domain codes. 500s carry nothing about the failure itself.
import { IdempotencyAlreadyInProgressError, IdempotencyValidationError } from '@aws-lambda-powertools/idempotency';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { avataxError } from '../core/avatax/errors';
import { DomainError, type ErrorCode, type ErrorDetail } from '../core/errors';
import type { ErrorDialect } from '../manifest/route';
import { avataxContextOf } from './avatax-context';

const STATUS: Record<ErrorCode, number> = {
  validation_error: 422,
  not_found: 404,
  method_not_allowed: 405,
  missing_api_key: 401,
  invalid_api_key: 401,
  module_not_enabled: 403,
  insufficient_scope: 403,
  location_not_authorized: 403,
  organization_scope_required: 403,
  provider_key_required: 403,
  provider_not_active: 403,
  missing_client_context: 400,
  invalid_client_context: 400,
  conflicting_client_context: 400,
  client_context_not_authorized: 403,
  provider_client_not_found: 404,
  invalid_address: 400,
  invalid_request: 400,
  invalid_tax_code: 400,
  invalid_nexus_mode: 400,
  idempotency_conflict: 409,
  accuracy_requirement_not_met: 422,
  product_identity_required: 422,
  address_precision_requirement_not_met: 422,
  exemption_certificate_not_found: 422,
  certificate_not_effective: 422,
  certificate_evidence_incomplete: 422,
  certificate_review_authority_not_permitted: 422,
  certificate_not_active: 422,
  certificate_customer_mismatch: 422,
  rate_unavailable: 422,
  date_outside_coverage: 422,
  ky_historical_window_unsupported: 422,
  il_sourcing_unresolved_no_seller_facts: 422,
  il_sourcing_unresolved_in_state_seller_without_validated_profile: 422,
  il_sourcing_unresolved_conflicting_seller_facts: 422,
  il_sourcing_unresolved_untrusted_contract: 422,
  il_sourcing_not_enabled: 422,
  il_in_state_selling_not_enabled: 422,
  il_product_identity_required: 422,
  il_address_not_located: 422,
  il_rate_lookup_unresolved: 422,
  il_rate_index_not_ready: 422,
  il_rate_lookup_failed: 422,
  duplicate_transaction: 409,
  transaction_not_found: 404,
  invalid_lifecycle: 409,
  refund_exceeds_refundable: 422,
  credit_exceeds_tax: 422,
  invalid_adjustment_codes: 422,
  conflict: 409,
  rate_limit_exceeded: 429,
  service_unavailable: 503,
  internal_error: 500,
};

export const statusOf = (code: ErrorCode): number => STATUS[code];

export interface ErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    request_id: string;
    severity: 'error';
    details?: { code: string; message: string; target: string; severity: 'error'; existing_code?: string; same_payload?: boolean | null }[];
  };
}

export function errorBody(code: ErrorCode, message: string, requestId: string, details?: readonly ErrorDetail[]): ErrorBody {
  const error: ErrorBody['error'] = { code, message, request_id: requestId, severity: 'error' };
  if (details && details.length > 0)
    error.details = details.map((d) => ({
      code: d.code,
      message: d.message,
      target: d.target,
      severity: 'error',
      ...(d.existing_code === undefined ? {} : { existing_code: d.existing_code, same_payload: d.same_payload ?? null }),
    }));
  return { error };
}

/**
 * AWS SDK errors that say "not now" rather than "never": throttling, a transaction that lost a race
 * after the SDK's own retries, a timeout (the request may have been applied), a service's 5xx. The
 * name is what the SDK sets from the service's error type; a timeout of the HTTP handler is a
 * `TimeoutError` or `RequestTimeout`.
 */
const RETRYABLE = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'Throttling',
  'RequestLimitExceeded',
  'TransactionInProgressException',
  'TransactionConflictException',
  'InternalServerError',
  'ServiceUnavailable',
  'TimeoutError',
  'RequestTimeout',
  'RequestTimeoutException',
  'ECONNRESET',
  'ETIMEDOUT',
]);

/** A transient failure of a dependency, anywhere in the cause chain (Powertools wraps store errors). */
export function isRetryable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  const e = error as { name?: unknown; code?: unknown; cause?: unknown; CancellationReasons?: { Code?: string }[]; $metadata?: { httpStatusCode?: number } };
  if (typeof e.name === 'string' && RETRYABLE.has(e.name)) return true;
  if (typeof e.code === 'string' && RETRYABLE.has(e.code)) return true;
  if (e.name === 'TransactionCanceledException' && e.CancellationReasons?.some((r) => r.Code === 'TransactionConflict' || r.Code === 'ThrottlingError'))
    return true;
  if ((e.$metadata?.httpStatusCode ?? 0) >= 500) return true;
  return isRetryable(e.cause, depth + 1);
}

export const SERVICE_UNAVAILABLE_MESSAGE =
  'The service is briefly unable to complete this request; it may or may not have been applied. Retry after the Retry-After interval with the same Idempotency-Key.';

/** Maps any thrown value to a domain error; transient dependency failures become `service_unavailable`, other unknown failures `internal_error`. */
export function toDomainError(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  if (isRetryable(error)) return new DomainError('service_unavailable', SERVICE_UNAVAILABLE_MESSAGE, undefined, 1);
  if (error instanceof IdempotencyValidationError)
    return new DomainError('idempotency_conflict', 'This Idempotency-Key was already used with a different request.');
  if (error instanceof IdempotencyAlreadyInProgressError)
    return new DomainError('idempotency_conflict', 'A request with this Idempotency-Key is still being processed; retry shortly.', undefined, 1);
  return new DomainError('internal_error', 'An unexpected error occurred. Quote the request id when contacting support.');
}

/** AvaTax's status for one of our codes, before an operation's context refines its code. */
export const avataxStatusOf = (code: ErrorCode): number => avataxError(new DomainError(code, '')).status;

/**
 * TaxJar's status for one of our codes: its documented set has no 409 (an order or refund that
 * already exists is a 422 there), and a refusal of the request's content is a 400 Bad Request.
 */
export function taxjarStatusOf(code: ErrorCode): number {
  if (code === 'validation_error') return 400;
  const status = statusOf(code);
  return status === 409 ? 422 : status;
}

/**
 * Whether a refused body lacks `transaction_id`: only the order and refund creates require it at
 * the top level (an update names its order in the path), so the detail says which request it was.
 */
export const missesTransactionId = (code: ErrorCode, details?: readonly ErrorDetail[]): boolean =>
  code === 'validation_error' && (details ?? []).some((d) => d.target === 'transaction_id' && d.code === 'missing');

/** The TaxJar routes whose body requires `transaction_id` (a missing one is 406). */
export const TAXJAR_ID_REQUIRED = /^\/v2\/transactions\/(orders|refunds)$/;

/** The reason phrases TaxJar puts in `error`, for the statuses it documents and we send. */
const TAXJAR_REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export interface TaxjarErrorBody {
  readonly error: string;
  readonly detail: string;
  readonly status: number;
}

/**
 * TaxJar's error body: the client libraries raise their TaxjarError from `error` and `detail`. The
 * detail is our message followed by each failing field (`target: message`), our code in brackets
 * so a caller can still tell `rate_unavailable` from `invalid_address`.
 */
export function taxjarErrorBody(code: ErrorCode, message: string, details?: readonly ErrorDetail[]): TaxjarErrorBody {
  // TaxJar answers an order or refund pushed without its id 406, whatever else the body lacks.
  if (missesTransactionId(code, details)) return { error: 'Not Acceptable', detail: `transaction_id is missing [${code}]`, status: 406 };
  const status = taxjarStatusOf(code);
  const fields = (details ?? []).map((d) => `${d.target}: ${d.message}`);
  const detail = [`${message} [${code}]`, ...fields].join(' ');
  return { error: TAXJAR_REASONS[status] ?? 'Error', detail, status };
}

export function errorResponse(error: DomainError, requestId: string, dialect: ErrorDialect = 'contract'): APIGatewayProxyResult {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'X-Request-Id': requestId };
  if (error.retryAfterSeconds !== undefined) headers['Retry-After'] = String(Math.max(1, Math.ceil(error.retryAfterSeconds)));
  if (dialect === 'taxjar') {
    const body = taxjarErrorBody(error.code, error.message, error.details);
    return { statusCode: body.status, headers, body: JSON.stringify(body) };
  }
  if (dialect === 'avatax') {
    const { status, body } = avataxError(error, avataxContextOf(error));
    return { statusCode: status, headers, body: JSON.stringify(body) };
  }
  return {
    statusCode: statusOf(error.code),
    headers,
    body: JSON.stringify(errorBody(error.code, error.message, requestId, error.details)),
  };
}
