// Typed domain errors. The core throws them; `functions/http/error-response.ts` is the one place
// that turns them into HTTP statuses and the error envelope (which never carries an error's cause).

/** What the rate lookup and the state sourcing rules (Kentucky's historical window, Illinois sourcing) may refuse when a document is taxed. */
export const RATE_RULE_CODES = [
  'rate_unavailable',
  'ky_historical_window_unsupported',
  'il_sourcing_unresolved_no_seller_facts',
  'il_sourcing_unresolved_in_state_seller_without_validated_profile',
  'il_sourcing_unresolved_conflicting_seller_facts',
  'il_sourcing_unresolved_untrusted_contract',
  'il_sourcing_not_enabled',
  'il_in_state_selling_not_enabled',
  'il_product_identity_required',
  'il_address_not_located',
  'il_rate_lookup_unresolved',
  'il_rate_index_not_ready',
  'il_rate_lookup_failed',
] as const;

export const ERROR_CODES = [
  'validation_error',
  'not_found',
  'method_not_allowed',
  'missing_api_key',
  'invalid_api_key',
  'module_not_enabled',
  'insufficient_scope',
  'location_not_authorized',
  'organization_scope_required',
  'provider_key_required',
  'provider_not_active',
  'missing_client_context',
  'invalid_client_context',
  'conflicting_client_context',
  'client_context_not_authorized',
  'provider_client_not_found',
  'invalid_address',
  'invalid_request',
  'invalid_tax_code',
  'invalid_nexus_mode',
  'idempotency_conflict',
  'accuracy_requirement_not_met',
  'product_identity_required',
  'address_precision_requirement_not_met',
  'exemption_certificate_not_found',
  'certificate_not_effective',
  'certificate_evidence_incomplete',
  'certificate_review_authority_not_permitted',
  'certificate_not_active',
  'certificate_customer_mismatch',
  ...RATE_RULE_CODES,
  // A day an economic nexus answer or sales-history entry cannot be about (before the first law, after today).
  'date_outside_coverage',
  'duplicate_transaction',
  'transaction_not_found',
  'invalid_lifecycle',
  'refund_exceeds_refundable',
  'credit_exceeds_tax',
  'invalid_adjustment_codes',
  'conflict',
  'rate_limit_exceeded',
  // A store throttled or timed out (the write may or may not have happened). 503 with
  // Retry-After; a retry with the same Idempotency-Key settles it.
  'service_unavailable',
  'internal_error',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ErrorDetail {
  readonly code: string;
  readonly message: string;
  readonly target: string;
  /** 409 duplicate_transaction: the code of the document that exists. */
  readonly existing_code?: string;
  /** 409 duplicate_transaction: whether it was made from a request with this payload (null: not known). */
  readonly same_payload?: boolean | null;
}

/**
 * An error the API answers with its code. `options.cause` keeps what it was made from (the AWS
 * error an adapter translated, say) for logs and debugging; responses never carry it.
 */
export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: readonly ErrorDetail[],
    /** Seconds a client should wait before retrying (429, in-progress idempotency). */
    readonly retryAfterSeconds?: number,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** The 422 validation_error listing every failing field. */
export const validationError = (details: readonly ErrorDetail[]): DomainError =>
  new DomainError('validation_error', 'The request is not valid; see details.', details);

/** A validation error on one field that only a business rule can judge (e.g. a time in the past). */
export const fieldError = (code: string, target: string, message: string): DomainError => validationError([{ code, target, message }]);
