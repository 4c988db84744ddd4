// The AvaTax error dialect: every DomainError the service raises, as AvaTax's error body
// `{"error": {code, message, target, details: [{code, number, message, description, faultCode,
// helpLink, refersTo, severity}]}}` and an HTTP status. Clients key on the body (`error.code`,
// `details[].number`, `faultSubCode` under GetTaxError), so each of our codes maps to the AvaTax
// code a client already handles for that case; the numbers are AvaTax's ErrorCodeId. Statuses: 400
// for a refused request or operation, 401 unauthenticated, 403 not permitted, 404 unknown entity,
// 429 throttled, 500/503 the service's own failure; an error is never 2xx.
import type { DomainError, ErrorCode, ErrorDetail } from '../errors';
import type { DocumentStatus, DocumentType, ErrorTargetCode, RefundType, SeverityLevel } from './enums';

/** The AvaTax error codes this surface answers, with their ErrorCodeId numbers. */
export const AVATAX_ERROR_NUMBERS = {
  RangeSetError: 8,
  EntityNotFoundError: 4,
  ValueRequiredError: 5,
  RangeError: 6,
  StringLengthError: 13,
  InvalidQueryField: 17,
  InvalidQueryValue: 18,
  SyntaxError: 19,
  UnterminatedValueError: 21,
  DateFormatError: 26,
  AuthenticationException: 30,
  AuthorizationException: 31,
  ValidationException: 32,
  AuthenticationIncomplete: 34,
  ModelRequiredException: 38,
  JsonFormatError: 47,
  InvalidDecimalValue: 48,
  PermissionRequired: 49,
  ModelStateInvalid: 70,
  InvalidEnumValue: 164,
  IncorrectFieldValue: 174,
  CriteriaNotSupportedError: 184,
  NoLinesDiscounted: 190,
  DuplicateEntry: 193,
  DuplicateFieldNameInOrderBy: 194,
  TransactionAlreadyCancelled: 198,
  QueryParameterOutOfRange: 199,
  InternalServerError: 209,
  GetTaxError: 300,
  AddressConflictException: 301,
  MissingAddress: 304,
  InvalidAddress: 309,
  AddressLocationNotFound: 310,
  MissingLine: 311,
  DocumentNotCommitted: 313,
  InvalidPostalCode: 317,
  SubscriptionRequired: 600,
  RefundTypeAndPercentageMismatch: 701,
  InvalidDocumentTypeForRefund: 702,
  RefundTypeAndLineMismatch: 703,
  RefundLinesRequired: 704,
  InvalidRefundType: 705,
  RefundPercentageForTaxOnly: 706,
  LineNoOutOfRange: 707,
  RefundPercentageOutOfRange: 708,
  RefundPercentageMissing: 709,
  CannotModifyLockedTransaction: 1100,
  TransactionNotCancelled: 1300,
  DateMismatch: 1305,
  TotalAmountMismatch: 1307,
  TotalTaxMismatch: 1308,
  LineAlreadyExists: 1101,
  CertificatesError: 1203,
  OnlyTaxDateOverrideIsAllowed: 1302,
  InvalidDocumentType: 1310,
  InvalidDocumentStatus: 1314,
  FieldNotOrderableError: 1411,
  ServiceNotReady: 1718,
  InvalidHTTPHeader: 3000,
  InvalidField: 3010,
  NotFound: 4001,
  RateLimitExceeded: 4011,
  RequestAlreadyInProgress: 4030,
} as const;
export type AvataxErrorCode = keyof typeof AVATAX_ERROR_NUMBERS;

export interface AvataxErrorDetail {
  readonly code: AvataxErrorCode;
  readonly number: number;
  readonly message: string;
  readonly description: string;
  readonly faultCode: string;
  readonly faultSubCode?: string;
  readonly helpLink?: string;
  readonly refersTo?: string;
  readonly severity: SeverityLevel;
}

export interface AvataxErrorBody {
  readonly error: {
    readonly code: AvataxErrorCode;
    readonly message: string;
    readonly target: ErrorTargetCode;
    readonly details: readonly AvataxErrorDetail[];
  };
}

export interface AvataxError {
  readonly status: number;
  readonly body: AvataxErrorBody;
  /** Seconds to wait before retrying (429, 503, an idempotent request in progress): the Retry-After header. */
  readonly retryAfterSeconds?: number;
}

/** What the operation that failed was, where a refusal's AvaTax code depends on it. */
export interface AvataxErrorContext {
  readonly operation?: 'create' | 'adjust' | 'commit' | 'void' | 'refund' | 'uncommit' | 'unvoid' | 'lock' | 'settle' | 'verify' | 'read' | 'list';
  /** The AvaTax status and type of the document the operation found, when it found one. */
  readonly documentStatus?: DocumentStatus;
  readonly documentType?: DocumentType;
  readonly refundType?: RefundType;
  /** A detail's target in the request's own terms (`lines.0.ship_to.zip` → `lines[0].addresses.shipTo.postalCode`). */
  readonly targetOf?: (target: string) => string;
  /** Where a client reads about an AvaTax code; no link without one. */
  readonly helpLink?: (code: AvataxErrorCode) => string;
}

interface Rule {
  readonly code: AvataxErrorCode;
  readonly status: number;
  readonly target: ErrorTargetCode;
  readonly severity?: SeverityLevel;
  readonly faultSubCode?: string;
}

const rule = (code: AvataxErrorCode, status: number, target: ErrorTargetCode, extra: Partial<Rule> = {}): Rule => ({ code, status, target, ...extra });

const AUTH = (code: AvataxErrorCode, status: number) => rule(code, status, 'HttpRequestHeaders', { severity: 'Exception' });
const REFUSED = (code: AvataxErrorCode) => rule(code, 400, 'IncorrectData');
const TAXING = (faultSubCode?: string) => rule('GetTaxError', 400, 'Unknown', faultSubCode ? { faultSubCode } : {});
const CERTIFICATE = rule('CertificatesError', 400, 'IncorrectData');
const FORBIDDEN = rule('AuthorizationException', 403, 'HttpRequest', { severity: 'Exception' });
const NOT_FOUND = rule('EntityNotFoundError', 404, 'HttpRequest');

/** Each of our codes' AvaTax code, status and target when no detail or context says otherwise. */
export const DOMAIN_ERRORS: Readonly<Record<ErrorCode, Rule>> = {
  validation_error: REFUSED('ValidationException'),
  not_found: NOT_FOUND,
  method_not_allowed: rule('NotFound', 405, 'HttpRequest'),
  missing_api_key: AUTH('AuthenticationIncomplete', 401),
  invalid_api_key: AUTH('AuthenticationException', 401),
  module_not_enabled: rule('SubscriptionRequired', 403, 'HttpRequest'),
  insufficient_scope: rule('PermissionRequired', 403, 'HttpRequest'),
  location_not_authorized: FORBIDDEN,
  organization_scope_required: FORBIDDEN,
  provider_key_required: FORBIDDEN,
  provider_not_active: FORBIDDEN,
  missing_client_context: rule('ValueRequiredError', 400, 'HttpRequestHeaders'),
  invalid_client_context: rule('InvalidHTTPHeader', 400, 'HttpRequestHeaders'),
  conflicting_client_context: rule('InvalidHTTPHeader', 400, 'HttpRequestHeaders'),
  client_context_not_authorized: FORBIDDEN,
  provider_client_not_found: NOT_FOUND,
  invalid_address: REFUSED('InvalidAddress'),
  invalid_request: REFUSED('IncorrectFieldValue'),
  date_outside_coverage: REFUSED('IncorrectFieldValue'),
  invalid_tax_code: TAXING(),
  invalid_nexus_mode: TAXING(),
  idempotency_conflict: REFUSED('DuplicateEntry'),
  accuracy_requirement_not_met: TAXING(),
  product_identity_required: TAXING(),
  address_precision_requirement_not_met: TAXING(),
  exemption_certificate_not_found: CERTIFICATE,
  certificate_not_effective: CERTIFICATE,
  certificate_evidence_incomplete: CERTIFICATE,
  certificate_review_authority_not_permitted: CERTIFICATE,
  certificate_not_active: CERTIFICATE,
  certificate_customer_mismatch: CERTIFICATE,
  rate_unavailable: TAXING('JurisdictionNotFoundError'),
  ky_historical_window_unsupported: TAXING(),
  il_sourcing_unresolved_no_seller_facts: TAXING(),
  il_sourcing_unresolved_in_state_seller_without_validated_profile: TAXING(),
  il_sourcing_unresolved_conflicting_seller_facts: TAXING(),
  il_sourcing_unresolved_untrusted_contract: TAXING(),
  il_sourcing_not_enabled: TAXING(),
  il_in_state_selling_not_enabled: TAXING(),
  il_product_identity_required: TAXING(),
  il_address_not_located: TAXING('JurisdictionNotFoundError'),
  il_rate_lookup_unresolved: TAXING('JurisdictionNotFoundError'),
  il_rate_index_not_ready: TAXING(),
  il_rate_lookup_failed: TAXING(),
  duplicate_transaction: TAXING('DocStatusError'),
  transaction_not_found: NOT_FOUND,
  invalid_lifecycle: REFUSED('InvalidDocumentStatus'),
  refund_exceeds_refundable: REFUSED('RangeError'),
  credit_exceeds_tax: REFUSED('RangeError'),
  invalid_adjustment_codes: REFUSED('IncorrectFieldValue'),
  conflict: REFUSED('DuplicateEntry'),
  rate_limit_exceeded: rule('RateLimitExceeded', 429, 'HttpRequest'),
  service_unavailable: rule('ServiceNotReady', 503, 'AvaTaxApiServer'),
  internal_error: rule('InternalServerError', 500, 'AvaTaxApiServer', { severity: 'Exception' }),
};

/**
 * Detail codes (ours, from validation and from the AvaTax translation) that name a more precise
 * AvaTax code than their error's, whatever the error.
 */
export const DETAIL_ERRORS: Readonly<Record<string, AvataxErrorCode>> = {
  missing: 'ValueRequiredError',
  extra_forbidden: 'InvalidField',
  string_type: 'ModelStateInvalid',
  object_type: 'ModelStateInvalid',
  array_type: 'ModelStateInvalid',
  integer_type: 'ModelStateInvalid',
  bool_type: 'ModelStateInvalid',
  number_type: 'InvalidDecimalValue',
  enum: 'InvalidEnumValue',
  greater_than_equal: 'RangeError',
  greater_than: 'RangeError',
  less_than_equal: 'RangeError',
  less_than: 'RangeError',
  too_short: 'RangeError',
  too_long: 'RangeError',
  string_too_short: 'StringLengthError',
  string_too_long: 'StringLengthError',
  string_pattern_mismatch: 'IncorrectFieldValue',
  date_format: 'DateFormatError',
  duplicate_value: 'DuplicateEntry',
  json_invalid: 'JsonFormatError',
  filter_syntax: 'SyntaxError',
  filter_unterminated: 'UnterminatedValueError',
  filter_field: 'InvalidQueryField',
  filter_value: 'InvalidQueryValue',
  filter_unsupported: 'CriteriaNotSupportedError',
  field_not_orderable: 'FieldNotOrderableError',
  duplicate_order_by: 'DuplicateFieldNameInOrderBy',
  query_parameter_out_of_range: 'QueryParameterOutOfRange',
  document_type_unsupported: 'InvalidDocumentType',
  tax_override_unsupported: 'OnlyTaxDateOverrideIsAllowed',
  currency_unsupported: 'RangeSetError',
  no_lines_discounted: 'NoLinesDiscounted',
  address_conflict: 'AddressConflictException',
  missing_address: 'MissingAddress',
  postal_code_required: 'InvalidPostalCode',
  location_not_found: 'AddressLocationNotFound',
  mixed_line_signs: 'RangeError',
  refund_type_invalid: 'InvalidRefundType',
  refund_lines_required: 'RefundLinesRequired',
  refund_type_line_mismatch: 'RefundTypeAndLineMismatch',
  refund_percentage_mismatch: 'RefundTypeAndPercentageMismatch',
  refund_percentage_tax_only: 'RefundPercentageForTaxOnly',
  refund_percentage_missing: 'RefundPercentageMissing',
  refund_percentage_out_of_range: 'RefundPercentageOutOfRange',
  date_mismatch: 'DateMismatch',
  total_amount_mismatch: 'TotalAmountMismatch',
  total_tax_mismatch: 'TotalTaxMismatch',
};

/** One line of explanation per AvaTax code, in our words (a detail's `description`). */
const DESCRIPTIONS: Readonly<Record<AvataxErrorCode, string>> = {
  RangeSetError: 'The value is not one of the values this service accepts.',
  EntityNotFoundError: 'The object does not exist, or the credentials cannot see it.',
  ValueRequiredError: 'A required value is missing.',
  RangeError: 'The value is outside the range this field accepts.',
  StringLengthError: 'The text is longer or shorter than this field accepts.',
  InvalidQueryField: 'The query names a field that cannot be queried here.',
  InvalidQueryValue: 'The query compares a field with a value of another type.',
  SyntaxError: 'The query could not be parsed.',
  UnterminatedValueError: 'The query has a string that is not terminated.',
  DateFormatError: 'Dates are read as YYYY-MM-DD or ISO 8601 date-times.',
  AuthenticationException: 'The credentials could not be validated.',
  AuthorizationException: 'The credentials may not perform this operation here.',
  ValidationException: 'The request could not be read.',
  AuthenticationIncomplete: 'Send an Authorization header: Basic base64(accountId:licenseKey).',
  ModelRequiredException: 'The request needs a JSON body.',
  JsonFormatError: 'The request body is not valid JSON.',
  InvalidDecimalValue: 'The value is not a decimal number.',
  PermissionRequired: 'The credentials lack the permission this operation needs.',
  ModelStateInvalid: 'A value has the wrong type.',
  InvalidEnumValue: 'The value is not one of the names (or numbers) this field accepts.',
  IncorrectFieldValue: 'A field has a value this operation cannot use.',
  CriteriaNotSupportedError: 'The query uses a criterion this service does not support.',
  NoLinesDiscounted: 'A document discount needs lines marked discounted to spread over.',
  DuplicateEntry: 'The object already exists.',
  DuplicateFieldNameInOrderBy: 'The ordering names a field twice.',
  TransactionAlreadyCancelled: 'The transaction is already cancelled.',
  QueryParameterOutOfRange: 'A paging parameter is out of range.',
  InternalServerError: 'The service failed to complete the request.',
  GetTaxError: 'The transaction could not be created as requested.',
  AddressConflictException: 'The addresses of the document conflict.',
  MissingAddress: 'Every line needs a destination: shipTo or singleLocation, on the document or the line.',
  InvalidAddress: 'The address does not resolve to a US state and ZIP code.',
  AddressLocationNotFound: 'The locationCode names no location of the company.',
  MissingLine: 'A transaction needs at least one line.',
  DocumentNotCommitted: 'The operation needs a committed document.',
  InvalidPostalCode: 'The postal code is missing, not a US ZIP code, or not in the region.',
  SubscriptionRequired: 'The account has not enabled the module this operation needs.',
  RefundTypeAndPercentageMismatch: 'The refund type and percentage do not agree.',
  InvalidDocumentTypeForRefund: 'Only a recorded sale can be refunded.',
  RefundTypeAndLineMismatch: 'The refund type and refund lines do not agree.',
  RefundLinesRequired: 'A partial refund names the lines it refunds.',
  InvalidRefundType: 'The refund type is not one this service accepts.',
  RefundPercentageForTaxOnly: 'A tax-only refund takes no percentage.',
  LineNoOutOfRange: 'The original transaction has no line with this number.',
  RefundPercentageOutOfRange: 'The refund percentage is out of range or exceeds what remains refundable.',
  RefundPercentageMissing: 'A percentage refund needs refundPercentage.',
  CannotModifyLockedTransaction: 'Documents recorded here are final: refund or adjust them instead.',
  TransactionNotCancelled: 'Only a cancelled transaction can be unvoided.',
  DateMismatch: 'The transaction’s date is not the one stated.',
  TotalAmountMismatch: 'The transaction’s total amount is not the one stated.',
  TotalTaxMismatch: 'The transaction’s total tax is not the one stated.',
  LineAlreadyExists: 'Two lines have the same number.',
  CertificatesError: 'An exemption certificate could not be used as requested.',
  OnlyTaxDateOverrideIsAllowed: 'Only a TaxDate override is supported: the service always computes the tax.',
  InvalidDocumentType: 'The document type is not one this service records.',
  InvalidDocumentStatus: 'The document is not in a status that allows this operation.',
  FieldNotOrderableError: 'The list cannot be ordered by this field.',
  ServiceNotReady: 'The service is briefly unable to complete this request; retry after the Retry-After interval.',
  InvalidHTTPHeader: 'A header of the request is not valid.',
  InvalidField: 'The request has a field this operation does not accept.',
  NotFound: 'No such operation at this path.',
  RateLimitExceeded: 'Too many requests; retry after the Retry-After interval.',
  RequestAlreadyInProgress: 'The same request is still being processed; retry shortly.',
};

const GENERIC_FAILURE = 'An unexpected error occurred. Quote the request id when contacting support.';

function targetRule(base: Rule, target: string | undefined): Rule {
  if (target?.startsWith('query.')) return { ...base, target: 'HttpRequest' };
  if (target?.startsWith('header.')) return { ...base, target: 'HttpRequestHeaders' };
  return base;
}

/** The AvaTax code of one detail of one of our errors. */
function detailRule(error: DomainError, base: Rule, d: ErrorDetail | undefined, context: AvataxErrorContext): Rule {
  const at = (code: AvataxErrorCode): Rule => targetRule({ ...base, code }, d?.target);
  if (d === undefined) return base;
  if (error.code === 'validation_error' || error.code === 'invalid_request' || error.code === 'invalid_address') {
    if (d.code === 'missing' && d.target === 'body') return at('ModelRequiredException');
    if ((d.code === 'missing' || d.code === 'too_short') && d.target === 'lines') return at('MissingLine');
    if (d.code === 'duplicate_value' && /^lines\.\d+\.number$/.test(d.target)) return at('LineAlreadyExists');
    const named = DETAIL_ERRORS[d.code];
    if (named) return at(named);
  }
  if (error.code === 'invalid_request' && /^lines\.\d+\.number$/.test(d.target) && context.operation === 'refund') return at('LineNoOutOfRange');
  if (error.code === 'invalid_address' && d.code === 'invalid_address') {
    // The engine's reasons: a ZIP that is not one, or one of another state.
    if (/belong to the state/i.test(d.message)) return { ...at('InvalidPostalCode'), faultSubCode: 'InvalidZipForStateError' };
    if (/ZIP code is not/i.test(d.message)) return at('InvalidPostalCode');
  }
  return targetRule(base, d.target);
}

/** invalid_lifecycle by what was attempted on what (the message tells what no context says). */
function lifecycleRule(error: DomainError, base: Rule, context: AvataxErrorContext): Rule {
  const { operation, documentStatus, documentType } = context;
  const as = (code: AvataxErrorCode): Rule => ({ ...base, code });
  if ((operation === 'void' || operation === undefined) && (documentStatus === 'Cancelled' || /^A voided transaction cannot be voided/.test(error.message)))
    return as('TransactionAlreadyCancelled');
  if (operation === 'unvoid' && documentStatus !== undefined && documentStatus !== 'Cancelled') return as('TransactionNotCancelled');
  if (operation === 'uncommit' && documentStatus !== undefined && documentStatus !== 'Committed') return base;
  if (operation === 'uncommit' || operation === 'unvoid' || /refunds or credits|^A refunded transaction/.test(error.message))
    return as('CannotModifyLockedTransaction');
  if (operation === 'refund' && (documentStatus === 'Saved' || documentStatus === 'Cancelled')) return as('DocumentNotCommitted');
  if ((operation === 'lock' || operation === 'settle' || operation === 'verify') && documentStatus !== 'Committed') return as('DocumentNotCommitted');
  if (operation === 'refund' && documentType !== undefined && documentType !== 'SalesInvoice') return as('InvalidDocumentTypeForRefund');
  return base;
}

/**
 * The AvaTax error of one of our errors: its status, and a body with one detail per detail of ours
 * (one for the error when it has none). The message is ours; 500s say nothing of the failure.
 */
export function avataxError(error: DomainError, context: AvataxErrorContext = {}): AvataxError {
  let base = DOMAIN_ERRORS[error.code];
  if (error.code === 'invalid_lifecycle') base = lifecycleRule(error, base, context);
  if (error.code === 'idempotency_conflict' && error.retryAfterSeconds !== undefined) base = { ...base, code: 'RequestAlreadyInProgress' };
  if (error.code === 'refund_exceeds_refundable' && context.refundType === 'Percentage') base = { ...base, code: 'RefundPercentageOutOfRange' };
  const internal = base.status >= 500 && error.code === 'internal_error';
  const message = internal ? GENERIC_FAILURE : error.message;
  const targetOf = context.targetOf ?? ((t: string) => t);
  const detailOf = (r: Rule, text: string, refersTo: string | undefined, extra: Partial<AvataxErrorDetail> = {}): AvataxErrorDetail => ({
    code: r.code,
    number: AVATAX_ERROR_NUMBERS[r.code],
    message: text,
    description: `${DESCRIPTIONS[r.code]} (${error.code})`,
    faultCode: r.status >= 500 ? 'Server' : 'Client',
    ...(r.faultSubCode ? { faultSubCode: r.faultSubCode } : {}),
    ...(context.helpLink ? { helpLink: context.helpLink(r.code) } : {}),
    ...(refersTo ? { refersTo } : {}),
    severity: r.severity ?? 'Error',
    ...extra,
  });
  const ours = internal ? [] : (error.details ?? []);
  const rules = ours.length === 0 ? [base] : ours.map((d) => detailRule(error, base, d, context));
  const details =
    ours.length === 0
      ? [detailOf(base, message, undefined)]
      : ours.map((d, i) => detailOf(rules[i]!, d.message, d.target === 'body' ? undefined : targetOf(d.target)));
  if (error.code === 'duplicate_transaction')
    // AvaTax's DocStatusError: a committed or cancelled code created again; connectors match the number and refersTo.
    details.push(detailOf(base, 'DocStatus is invalid for this operation.', 'DocStatus', { description: 'Expected Saved|Posted', faultCode: 'GetTaxError' }));
  const first = rules[0]!;
  return {
    status: base.status,
    body: { error: { code: first.code, message, target: first.target, details } },
    ...(error.retryAfterSeconds !== undefined ? { retryAfterSeconds: error.retryAfterSeconds } : {}),
  };
}
