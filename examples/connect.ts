// Shared by the examples: the client from the environment when an example runs on its own
//   STX_BASE_URL=http://127.0.0.1:3000 STX_KEY=stx_test_… npx tsx examples/<example>.ts
import { createClient, type SalesTaxClient } from '@salestax/client';

export interface ExampleTarget {
  readonly baseUrl: string;
  readonly apiKey: string;
  /** The fetch the client uses (the tests pass one that checks every answer against openapi.json). */
  readonly fetch?: typeof fetch;
}

export function connect(target: ExampleTarget): SalesTaxClient {
  return createClient({ baseUrl: target.baseUrl, apiKey: target.apiKey, fetch: target.fetch });
}

export function targetFromEnv(): ExampleTarget {
  const apiKey = process.env.STX_KEY;
  if (!apiKey) throw new Error('set STX_KEY to an API key (npm start prints a demo admin key) and STX_BASE_URL if not http://127.0.0.1:3000');
  return { baseUrl: process.env.STX_BASE_URL ?? 'http://127.0.0.1:3000', apiKey };
}

/** The answer's data, or a thrown error naming the API's error code. */
export function must<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.data === undefined) throw new Error(`HTTP ${result.response.status}: ${JSON.stringify(result.error)}`);
  return result.data;
}

/** A code no earlier run used (transaction codes are unique per account and environment). */
export const fresh = (prefix: string): string => `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
