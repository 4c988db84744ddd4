// What the request pipeline establishes, step by step. Each step takes the previous step's result
// and returns a richer one, so the order of checks (docs/getting-started.md, "The order of checks",
// whose step numbers these are) is held by the types: a step placed before the one that establishes
// what it needs does not compile.
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import type { Credentials } from '../application/authentication';
import type { Admission } from '../application/rate-limiting';
import type { Principal } from '../core/access/authorize';
import type { UsageKind } from '../core/usage/usage';

/** Header names lower-cased, in an object without a prototype (a header may be called `constructor`). */
export type Headers = Readonly<Record<string, string | undefined>>;

/** Step 1 (route) happened in API Gateway: what the function receives. */
export interface Received {
  readonly event: APIGatewayProxyEvent;
  readonly context: Context;
  readonly requestId: string;
  readonly now: Date;
  readonly headers: Headers;
  /** Lower-cased names of headers sent more than once, in any letter case (steps/receive.ts). */
  readonly repeatedHeaders: ReadonlySet<string>;
}

/** Step 2: the key is known and usable. */
export interface Authenticated extends Received {
  readonly credentials: Credentials;
}

/** Step 3: the request was counted in its key's bucket. */
export interface Limited extends Authenticated {
  readonly admission: Admission;
}

/** Steps 4-7: module, credential kind, scope and client context passed. */
export interface Authorized<P extends Principal = Principal> extends Limited {
  readonly principal: P;
}

/** Step 8: body, query and path parameters are what the route's schemas say. */
export interface Parsed<P extends Principal, B, Q, Params> extends Authorized<P> {
  readonly body: B;
  readonly query: Q;
  readonly params: Params;
}

/** A handler's answer before serialization. */
export interface Reply {
  readonly statusCode: number;
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
  /** Set when an idempotent replay returned a stored reply. */
  readonly replayed?: boolean;
  /** The body an idempotency record keeps instead of `body` (never a secret). */
  readonly stored?: unknown;
  /**
   * This answer's unit when it stores nothing, for a route whose entry cannot say (AvaTax's create
   * answers an estimate, a calculation, or records a document, billed in its write): overrides the
   * route's `meter`; null bills nothing.
   */
  readonly meter?: UsageKind | null;
}

/** A success reply; `ok<ResponseOf<'route-id'>>(…)` checks the body against the route's response schema. */
export const ok = <T = unknown>(body: T, statusCode = 200, headers?: Record<string, string>): Reply => ({ statusCode, body, headers });
export const created = <T = unknown>(body: T): Reply => ok(body, 201);
