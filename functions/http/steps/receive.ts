// What a request is before any check: its id, its instant and its headers, read safely.
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import type { Headers, Received } from '../request';

/** Lower-cased single-value headers in a prototype-less object: no header name can reach Object.prototype. */
export function normalizedHeaders(event: Pick<APIGatewayProxyEvent, 'headers'>): Headers {
  const headers: Record<string, string | undefined> = Object.create(null);
  for (const [name, value] of Object.entries(event.headers ?? {})) if (typeof value === 'string') headers[name.toLowerCase()] = value;
  return headers;
}

export function receive(event: APIGatewayProxyEvent, context: Context, now: Date): Received {
  return { event, context, requestId: event.requestContext?.requestId || randomUUID(), now, headers: normalizedHeaders(event) };
}
