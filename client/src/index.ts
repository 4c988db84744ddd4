// The Sales Tax API client: openapi-fetch over the types generated from openapi.json
// (src/api.generated.ts, `npm run openapi` at the project root), with the key sent as
// `Authorization: Bearer`, an Idempotency-Key on every POST the caller did not give one, and
// retries of what is safe to retry (src/retry.ts).
import createFetchClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, operations, paths } from './api.generated';
import { type RetryOptions, retryingFetch } from './retry';

export { isRepeatable, type RetryOptions, retryingFetch } from './retry';
export type { components, operations, paths };

/** The JSON of a named response shape, e.g. `Schema<'Transaction'>`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

export interface ClientOptions {
  /** Where the API is, without `/api/v1` (e.g. http://127.0.0.1:3000 or https://…/live). */
  readonly baseUrl: string;
  /** An API key (`stx_test_…` or `stx_live_…`). */
  readonly apiKey: string;
  /**
   * Idempotency-Key for POSTs that do not set one: a fresh UUID per call by default (the same on
   * each retry of that call); `false` sends none.
   */
  readonly idempotencyKey?: (() => string) | false;
  /** Retry policy (src/retry.ts); `false` never retries. Default: 3 retries. */
  readonly retry?: RetryOptions | false;
  /** Headers on every request (e.g. X-Service-Client-Ref for a provider key). */
  readonly headers?: Record<string, string>;
  /** The fetch to use (default: globalThis.fetch). */
  readonly fetch?: typeof fetch;
}

export type SalesTaxClient = Client<paths>;

export function createClient(options: ClientOptions): SalesTaxClient {
  const base = options.fetch ?? globalThis.fetch;
  const client = createFetchClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: options.headers,
    fetch: options.retry === false ? base : retryingFetch(base, options.retry ?? {}),
  });
  const newKey = options.idempotencyKey === undefined ? () => crypto.randomUUID() : options.idempotencyKey;
  const middleware: Middleware = {
    onRequest({ request }) {
      request.headers.set('Authorization', `Bearer ${options.apiKey}`);
      // Set before the retrying fetch sees the request, so every attempt carries the same key.
      if (request.method === 'POST' && newKey && !request.headers.has('Idempotency-Key')) request.headers.set('Idempotency-Key', newKey());
      return request;
    },
  };
  client.use(middleware);
  return client;
}
