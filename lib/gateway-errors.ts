// Errors API Gateway answers itself (no route, wrong method, no or unknown usage key, throttling,
// integration failures). The stack renders them as gateway responses and the local runner renders
// them the same way, so clients see the API's error envelope whichever layer refused the request.
import { avataxError } from '../functions/core/avatax/errors';
import { DomainError, type ErrorCode } from '../functions/core/errors';
import { AVATAX_BASE_PATH, type ErrorDialect, TAXJAR_BASE_PATH } from '../functions/manifest/route';

export interface GatewayError {
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly message: string;
  readonly retryAfter?: string;
}

/** The largest request body API Gateway (REST) accepts, which the local runner enforces too. */
export const MAX_REQUEST_BODY_BYTES = 10 * 1024 * 1024;

export const GATEWAY_ERRORS = {
  notFound: { statusCode: 404, code: 'not_found', message: 'No resource exists at this path.' },
  methodNotAllowed: { statusCode: 405, code: 'method_not_allowed', message: 'This path does not support the HTTP method.' },
  missingApiKey: { statusCode: 401, code: 'missing_api_key', message: 'Send an API key as "Authorization: Bearer <key>" or "X-Api-Key: <key>".' },
  invalidApiKey: { statusCode: 401, code: 'invalid_api_key', message: 'The API key is not valid.' },
  throttled: {
    statusCode: 429,
    code: 'rate_limit_exceeded',
    message: 'Too many requests for this API key; retry after the Retry-After interval.',
    retryAfter: '1',
  },
  /** An `Expect` other than 100-continue (the local runner; on AWS the edge answers it). */
  expectationFailed: {
    statusCode: 417,
    code: 'invalid_request',
    message: 'The Expect header asks for something this service does not do; send no Expect header, or Expect: 100-continue.',
  },
  payloadTooLarge: {
    statusCode: 413,
    code: 'invalid_request',
    message: `The request body is larger than ${MAX_REQUEST_BODY_BYTES.toLocaleString('en-US')} bytes (10 MB), the most this API accepts; send the items in several requests.`,
  },
  /** Any other refusal of API Gateway's (unsupported media type, …): its status, our envelope. */
  otherClientError: { statusCode: 400, code: 'invalid_request', message: 'The request was refused before reaching the service.' },
  internal: { statusCode: 500, code: 'internal_error', message: 'An unexpected error occurred. Quote the request id when contacting support.' },
} as const satisfies Record<string, GatewayError>;

/** The envelope with a request id placeholder (API Gateway fills `$context.requestId`). */
export function gatewayErrorBody(error: GatewayError, requestId: string): string {
  return JSON.stringify({ error: { code: error.code, message: error.message, request_id: requestId, severity: 'error' } });
}

/** The reason phrases of TaxJar's error bodies, for the statuses the gateway answers itself. */
const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Payload Too Large',
  417: 'Expectation Failed',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
};

/**
 * The same error in TaxJar's shape, for the TaxJar-compatible base path where the refusing layer
 * knows the path (the local runner, and each resource's 405 method): the functions render the same
 * shape in functions/http/error-response.ts. The request id travels in X-Request-Id only.
 */
export function taxjarGatewayErrorBody(error: GatewayError, status = error.statusCode): string {
  return JSON.stringify({ error: REASONS[status] ?? 'Error', detail: `${error.message} [${error.code}]`, status });
}

/**
 * The same error in AvaTax's shape, for the AvaTax-compatible base path: the body the functions
 * render for the same code (functions/core/avatax/errors.ts). The request id travels in
 * X-Request-Id only.
 */
export function avataxGatewayErrorBody(error: GatewayError): string {
  return JSON.stringify(avataxError(new DomainError(error.code, error.message)).body);
}

const below = (path: string, base: string): boolean => path === base || path.startsWith(`${base}/`) || path.startsWith(`${base}?`);

/** The surface a request path belongs to: each compatible API's shape below its base path, the API's error envelope elsewhere. */
export const dialectOfPath = (path: string): ErrorDialect => (below(path, TAXJAR_BASE_PATH) ? 'taxjar' : below(path, AVATAX_BASE_PATH) ? 'avatax' : 'contract');

/** An error refused before any function ran, in the shape of the surface of `path`. */
export function gatewayErrorFor(error: GatewayError, requestId: string, dialect: ErrorDialect, status = error.statusCode): string {
  if (dialect === 'taxjar') return taxjarGatewayErrorBody(error, status);
  if (dialect === 'avatax') return avataxGatewayErrorBody(error);
  return gatewayErrorBody(error, requestId);
}
