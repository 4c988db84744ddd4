// Handlers of the public routes (contract §10: the API description): no key, no rate-limit bucket,
// no scope. The envelope still gives every answer its X-Request-Id and every error the envelope.
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import type { RouteDef } from '../../lib/routes';
import { logger } from '../shared/powertools';
import { envelope, receivedOf, type HttpContext } from './envelope';
import type { HttpHandler } from './handler';
import type { Received } from './request';

export interface PublicReply {
  readonly contentType: string;
  readonly body: string;
  /** More response headers (a page's security headers). */
  readonly headers?: Readonly<Record<string, string>>;
}

export function publicHandler<R extends RouteDef & { readonly public: true; readonly method: 'GET' }>(
  route: R,
  serve: (request: Received) => PublicReply | Promise<PublicReply>,
): HttpHandler {
  const core = async (_event: APIGatewayProxyEvent, context: HttpContext): Promise<APIGatewayProxyResult> => {
    const received = receivedOf(context);
    const reply = await serve(received);
    return {
      statusCode: 200,
      headers: { 'Cache-Control': 'no-cache', ...reply.headers, 'Content-Type': reply.contentType, 'X-Request-Id': received.requestId },
      body: reply.body,
    };
  };
  const handler = middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, HttpContext>({ timeoutEarlyInMillis: 0 })
    .use(injectLambdaContext(logger))
    .use(envelope(route.id))
    .handler(core);
  return Object.assign(handler, { schemas: {} });
}

/** Where the API is, as the client reached it: scheme, host and stage (on API Gateway `/<stage>`). */
export function apiOrigin({ event, headers }: Received): string {
  const proto = headers['x-forwarded-proto'] ?? 'http';
  const host = headers.host ?? 'localhost';
  // API Gateway's requestContext.path carries the stage prefix that event.path leaves out.
  const full = event.requestContext?.path ?? event.path;
  const prefix = full.endsWith(event.path) ? full.slice(0, full.length - event.path.length) : '';
  return `${proto}://${host}${prefix}`;
}
