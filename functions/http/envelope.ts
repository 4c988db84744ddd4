// Outermost middleware: establishes what every request has (its id, instant and headers), turns
// every error into the API's error envelope (through the one mapping in error-response.ts) and
// writes one access-log line per request. Request bodies and keys are never logged.
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type { ErrorDialect } from '../manifest/route';
import { requestMetrics } from '../shared/metrics';
import { logger } from '../shared/powertools';
import { errorResponse, toDomainError } from './error-response';
import type { Received, Reply } from './request';
import { receive } from './steps/receive';

/** The Lambda context as the pipeline sees it: the envelope puts the received request on it. */
export type HttpContext = Context & { stx?: { readonly received: Received; readonly startedAt: number } };

export type HttpMiddleware = MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, HttpContext>;

export function receivedOf(context: HttpContext): Received {
  if (!context.stx) throw new Error('the envelope middleware did not run');
  return context.stx.received;
}

/** A reply as API Gateway's proxy result: JSON body, X-Request-Id, replay marker. */
export function render(reply: Reply, requestId: string): APIGatewayProxyResult {
  const headers: Record<string, string> = { ...(reply.headers ?? {}), 'X-Request-Id': requestId };
  if (reply.replayed) headers['Idempotent-Replayed'] = 'true';
  if (reply.body === undefined) return { statusCode: reply.statusCode, headers, body: '' };
  headers['Content-Type'] = 'application/json';
  return { statusCode: reply.statusCode, headers, body: JSON.stringify(reply.body) };
}

const elapsed = (start: number): number => Math.round((performance.now() - start) * 100) / 100;

/** The longest X-Avalara-Client value a log line keeps (it is the client's free text). */
const MAX_CLIENT_HEADER = 256;

/**
 * What the access log line adds for a dialect: on AvaTax routes the client's `X-Avalara-Client`
 * (`<app>; <version>; <SDK>; <SDK version>; <machine>`), which names the connector calling.
 */
function dialectFields(dialect: ErrorDialect, received: Received | undefined): Record<string, unknown> {
  if (dialect !== 'avatax') return {};
  const client = received?.headers['x-avalara-client'];
  return client === undefined ? {} : { avalara_client: client.slice(0, MAX_CLIENT_HEADER) };
}

/** `dialect`: how this route renders errors (TaxJar-compatible routes answer in TaxJar's shape). */
export function envelope(routeId: string, dialect: ErrorDialect = 'contract'): HttpMiddleware {
  return {
    before: (request) => {
      const received = receive(request.event, request.context, new Date());
      request.context.stx = { received, startedAt: performance.now() };
      logger.appendKeys({ request_id: received.requestId, route: routeId });
    },
    after: (request) => {
      const replayed = request.response?.headers?.['Idempotent-Replayed'] === 'true';
      const duration_ms = elapsed(request.context.stx?.startedAt ?? performance.now());
      logger.info('request', { status: request.response?.statusCode, duration_ms, replayed, ...dialectFields(dialect, request.context.stx?.received) });
      requestMetrics(routeId, request.response?.statusCode ?? 200, duration_ms);
      logger.removeKeys(['request_id', 'route']);
    },
    onError: (request) => {
      const requestId = request.context.stx?.received.requestId ?? receive(request.event, request.context, new Date()).requestId;
      const domain = toDomainError(request.error);
      if (domain.code === 'internal_error') logger.error('unhandled error', request.error ?? new Error('unknown failure'));
      request.response = errorResponse(domain, requestId, dialect);
      const duration_ms = elapsed(request.context.stx?.startedAt ?? performance.now());
      logger.info('request', { status: request.response.statusCode, code: domain.code, duration_ms, ...dialectFields(dialect, request.context.stx?.received) });
      requestMetrics(routeId, request.response.statusCode, duration_ms, domain.code);
      logger.removeKeys(['request_id', 'route']);
    },
  };
}
