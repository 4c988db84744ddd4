// The console talks to the public API only, through the typed client (client/: openapi-fetch over
// the types generated from openapi.json), with the signed-in key as `Authorization: Bearer` and,
// for a provider key, the chosen engagement as `X-Service-Client-Ref`.
import { createClient, type operations, type SalesTaxClient } from '@salestax/client';

export type { SalesTaxClient };
export type Environment = Ok<'config-get'>['environment'];

/** The JSON body of an operation's 200 answer, e.g. `Ok<'batches-list'>`. */
export type Ok<Op extends keyof operations> = operations[Op]['responses'] extends { 200: { content: { 'application/json': infer T } } } ? T : never;

export interface FailureDetail {
  readonly code: string;
  readonly message: string;
  readonly target: string;
}

/** An answer other than success: the envelope's code, message, request id and details. */
export class ApiFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly requestId: string | null,
    readonly status: number,
    readonly details: readonly FailureDetail[] = [],
  ) {
    super(message);
  }
}

/** The API's root as this page was reached: the console is `<root>/console`, the API `<root>/api/v1`. */
export const apiRoot = (): string => location.origin + location.pathname.replace(/\/console\/?$/, '');

/** A v4 UUID; `crypto.randomUUID` exists only in secure contexts (https, localhost). */
function uuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function apiClient(key: string, engagementRef?: string | null): SalesTaxClient {
  return createClient({
    baseUrl: apiRoot(),
    apiKey: key,
    headers: engagementRef ? { 'X-Service-Client-Ref': engagementRef } : {},
    idempotencyKey: uuid,
    // An interactive page waits a little for a 429 or a retryable failure, not a minute.
    retry: { retries: 2, maxDelayMs: 5_000 },
    fetch: (input, init) => globalThis.fetch(input, init),
  });
}

interface Envelope {
  readonly error?: { readonly code?: string; readonly message?: string; readonly request_id?: string; readonly details?: FailureDetail[] };
}

/** The data of a successful call; anything else becomes an ApiFailure carrying the envelope. */
export async function answer<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  let result: { data?: T; error?: unknown; response: Response };
  try {
    result = await call;
  } catch (cause) {
    throw new ApiFailure('network_error', `The API could not be reached (${cause instanceof Error ? cause.message : String(cause)}).`, null, 0);
  }
  const { data, error, response } = result;
  if (response.ok && data !== undefined) return data;
  const envelope = (error ?? {}) as Envelope;
  throw new ApiFailure(
    envelope.error?.code ?? `http_${response.status}`,
    envelope.error?.message ?? (response.statusText || 'The API answered with an error.'),
    envelope.error?.request_id ?? response.headers.get('x-request-id'),
    response.status,
    envelope.error?.details ?? [],
  );
}

/** Every page of a list, following `next_cursor` (at most `maxPages` requests). */
export async function allPages<T>(page: (cursor: string | undefined) => Promise<{ data: T[]; next_cursor: string | null }>, maxPages = 100): Promise<T[]> {
  const all: T[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < maxPages; i++) {
    const { data, next_cursor } = await page(cursor);
    all.push(...data);
    if (!next_cursor) break;
    cursor = next_cursor;
  }
  return all;
}
