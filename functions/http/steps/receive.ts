// What a request is before any check: its id, its instant and its headers, read safely.
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import type { Headers, Received } from '../request';

type HeaderSource = {
  readonly headers?: APIGatewayProxyEvent['headers'] | null;
  readonly multiValueHeaders?: APIGatewayProxyEvent['multiValueHeaders'] | null;
};

/** Lower-cased single-value headers in a prototype-less object: no header name can reach Object.prototype. */
export function normalizedHeaders(event: Pick<HeaderSource, 'headers'>): Headers {
  const headers: Record<string, string | undefined> = Object.create(null);
  for (const [name, value] of Object.entries(event.headers ?? {})) if (typeof value === 'string') headers[name.toLowerCase()] = value;
  return headers;
}

/**
 * Lower-cased names of the headers a request carries more than once: sent twice, or in two letter
 * cases (API Gateway keeps `Authorization` and `authorization` apart in `headers`, and every value
 * in `multiValueHeaders`). `headers` holds one of the values only, so a step that reads a header
 * which selects something (a credential, a client, an idempotency key) refuses a repeated one
 * rather than pick a value a proxy in front may have read otherwise.
 */
export function repeatedHeaders(event: HeaderSource): ReadonlySet<string> {
  const counts = new Map<string, number>();
  const count = (name: string, n: number) => counts.set(name.toLowerCase(), (counts.get(name.toLowerCase()) ?? 0) + n);
  const multi = event.multiValueHeaders ?? {};
  const inMulti = new Set(Object.keys(multi).map((name) => name.toLowerCase()));
  for (const [name, values] of Object.entries(multi)) count(name, Array.isArray(values) ? values.length : 0);
  // An event built without multiValueHeaders (or missing a name there) still counts its case variants.
  for (const [name, value] of Object.entries(event.headers ?? {})) if (typeof value === 'string' && !inMulti.has(name.toLowerCase())) count(name, 1);
  return new Set([...counts].filter(([, n]) => n > 1).map(([name]) => name));
}

export function receive(event: APIGatewayProxyEvent, context: Context, now: Date): Received {
  return {
    event,
    context,
    requestId: event.requestContext?.requestId || randomUUID(),
    now,
    headers: normalizedHeaders(event),
    repeatedHeaders: repeatedHeaders(event),
  };
}
