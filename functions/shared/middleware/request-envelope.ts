// Outermost middleware: gives every response its X-Request-Id, serializes replies, turns every
// error into the spec's envelope (through the one mapping in error-response.ts) and writes one
// access-log line per request. Request bodies and keys are never logged.
import { randomUUID } from 'node:crypto';
import { errorResponse, toDomainError } from '../http/error-response';
import type { HttpMiddleware, Reply } from '../http/request-state';
import { logger } from '../powertools';

export function requestEnvelope(routeId: string): HttpMiddleware {
  return {
    before: (request) => {
      const requestId = request.event.requestContext?.requestId || randomUUID();
      request.context.stx = { requestId, now: new Date(), startedAt: performance.now(), cleanups: [] };
      logger.appendKeys({ request_id: requestId, route: routeId });
    },
    after: (request) => {
      const state = request.context.stx;
      const reply = request.response as unknown as Reply;
      const headers: Record<string, string> = { ...(reply.headers ?? {}), 'X-Request-Id': state.requestId };
      if (reply.replayed) headers['Idempotent-Replayed'] = 'true';
      let body = '';
      if (reply.body !== undefined) {
        headers['Content-Type'] = 'application/json';
        body = JSON.stringify(reply.body);
      }
      request.response = { statusCode: reply.statusCode, headers, body };
      finish(request.context.stx.cleanups);
      logger.info('request', { status: reply.statusCode, duration_ms: elapsed(state.startedAt), replayed: reply.replayed === true });
      logger.removeKeys(['request_id', 'route']);
    },
    onError: (request) => {
      const state = request.context.stx ?? { requestId: randomUUID(), startedAt: performance.now(), cleanups: [] };
      const domain = toDomainError(request.error);
      if (domain.code === 'internal_error') logger.error('unhandled error', request.error as Error);
      request.response = errorResponse(domain, state.requestId);
      finish(state.cleanups);
      logger.info('request', { status: request.response.statusCode, code: domain.code, duration_ms: elapsed(state.startedAt) });
      logger.removeKeys(['request_id', 'route']);
    },
  };
}

const elapsed = (start: number): number => Math.round((performance.now() - start) * 100) / 100;

function finish(cleanups: (() => void)[]): void {
  while (cleanups.length > 0) cleanups.pop()?.();
}
