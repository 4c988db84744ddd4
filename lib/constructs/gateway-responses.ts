// Errors API Gateway produces itself, rendered in the service's envelope (lib/gateway-errors.ts).
import { ResponseType, type RestApi } from 'aws-cdk-lib/aws-apigateway';
import { GATEWAY_ERRORS, type GatewayError, gatewayErrorBody } from '../gateway-errors';

/** The request id in a body template (gateway response templates substitute `$context` variables). */
export const REQUEST_ID_IN_TEMPLATE = '$context.requestId';
/**
 * The request id as a header mapping expression. The gateway-response docs say header values may
 * take "any incoming request parameter value or a static custom value" and refer to "Parameter
 * mapping for REST APIs", whose source reference lists `context.<name>` for supported context
 * variables (a `'$context.requestId'` in quotes would be sent literally).
 */
export const REQUEST_ID_MAPPING = 'context.requestId';

const RENDERINGS: readonly { readonly type: ResponseType; readonly error: GatewayError; readonly keepStatus?: boolean }[] = [
  // What API Gateway answers for a path no resource matches.
  { type: ResponseType.MISSING_AUTHENTICATION_TOKEN, error: GATEWAY_ERRORS.notFound },
  // The authorizer threw 'Unauthorized': no key presented.
  { type: ResponseType.UNAUTHORIZED, error: GATEWAY_ERRORS.missingApiKey },
  // The usage identifier matches no enabled key of a plan on this stage.
  { type: ResponseType.INVALID_API_KEY, error: GATEWAY_ERRORS.invalidApiKey },
  { type: ResponseType.ACCESS_DENIED, error: GATEWAY_ERRORS.invalidApiKey },
  { type: ResponseType.THROTTLED, error: GATEWAY_ERRORS.throttled },
  { type: ResponseType.QUOTA_EXCEEDED, error: GATEWAY_ERRORS.throttled },
  { type: ResponseType.REQUEST_TOO_LARGE, error: GATEWAY_ERRORS.payloadTooLarge },
  // Anything else API Gateway refuses (415, …) keeps its status.
  { type: ResponseType.DEFAULT_4XX, error: GATEWAY_ERRORS.otherClientError, keepStatus: true },
  { type: ResponseType.DEFAULT_5XX, error: GATEWAY_ERRORS.internal },
];

export function addGatewayResponses(api: RestApi): void {
  for (const { type, error, keepStatus } of RENDERINGS) {
    api.addGatewayResponse(type.responseType, {
      type,
      statusCode: keepStatus ? undefined : String(error.statusCode),
      responseHeaders: {
        'X-Request-Id': REQUEST_ID_MAPPING,
        ...(error.retryAfter ? { 'Retry-After': `'${error.retryAfter}'` } : {}),
      },
      templates: { 'application/json': gatewayErrorBody(error, REQUEST_ID_IN_TEMPLATE) },
    });
  }
}
