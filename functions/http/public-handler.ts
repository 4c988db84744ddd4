// Handlers of the public routes (the API description and the console page): no key, no rate-limit
// bucket, no scope. The envelope still gives every answer its X-Request-Id and every error the
// envelope.
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import type { RouteDef } from '../manifest/route';
import { logger } from '../shared/powertools';
import { envelope, type HttpContext, receivedOf } from './envelope';
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

/** A host as a client may name the API: a DNS name or IPv4 address, or a bracketed IPv6 address, and an optional port. */
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;
const SCHEMES = new Set(['http', 'https']);

/** The configured public URL of the API (`API_PUBLIC_URL`: scheme, host and stage path), checked on first use. */
let configured: { readonly url: string | null } | undefined;
function configuredOrigin(): string | null {
  if (configured) return configured.url;
  const raw = process.env.API_PUBLIC_URL?.trim();
  if (!raw) {
    configured = { url: null };
    return null;
  }
  const url = URL.canParse(raw) ? new URL(raw) : null;
  if (!url || !SCHEMES.has(url.protocol.slice(0, -1)) || url.username || url.password || url.search || url.hash || !HOST.test(url.host))
    throw new Error('API_PUBLIC_URL must be an http(s) URL with a host and an optional path, nothing else');
  configured = { url: `${url.origin}${url.pathname.replace(/\/+$/, '')}` };
  return configured.url;
}

/**
 * Where the API is, as the client reached it: scheme, host and stage (on API Gateway `/<stage>`),
 * for the OpenAPI document's `servers`. The configured `API_PUBLIC_URL` when there is one; otherwise
 * the request's `Host` and `X-Forwarded-Proto`, used only when they are one well-formed host and
 * `http` or `https` (a request cannot make it `javascript:` or anything but an origin); otherwise a
 * URL relative to the document, which clients resolve against where they fetched it.
 */
export function apiOrigin({ event, headers, repeatedHeaders }: Received): string {
  const fixed = configuredOrigin();
  if (fixed !== null) return fixed;
  // API Gateway's requestContext.path carries the stage prefix that event.path leaves out.
  const full = event.requestContext?.path ?? event.path;
  const prefix = full.endsWith(event.path) ? full.slice(0, full.length - event.path.length) : '';
  const proto = (headers['x-forwarded-proto'] ?? 'http').trim().toLowerCase();
  const host = headers.host?.trim() ?? '';
  const single = !repeatedHeaders.has('host') && !repeatedHeaders.has('x-forwarded-proto');
  if (single && SCHEMES.has(proto) && HOST.test(host)) return `${proto}://${host}${prefix}`;
  return prefix || '/';
}

/** Resets what was read from the environment (tests). */
export const resetPublicUrl = (): void => {
  configured = undefined;
};
