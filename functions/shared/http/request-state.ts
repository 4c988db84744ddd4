// What the pipeline learns about a request, step by step, carried on the Lambda context.
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type { MiddlewareObj } from '@middy/core';
import type { Principal } from '../../core/access/authorize';
import type { EffectiveLimits } from '../../core/limits/rate-limits';
import type { Consumption } from '../../adapters/dynamodb/rate-counter';
import type { Credentials } from '../auth/authenticator';

export interface RequestState {
  readonly requestId: string;
  readonly now: Date;
  readonly startedAt: number;
  credentials?: Credentials;
  limits?: EffectiveLimits;
  usage?: Consumption;
  principal?: Principal;
  body?: unknown;
  query?: unknown;
  /** Work to undo when the request ends, whatever the outcome (e.g. a concurrency slot). */
  readonly cleanups: (() => void)[];
}

export type StxContext = Context & { stx: RequestState };
export type HttpMiddleware = MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, StxContext>;

/** A handler's answer before serialization. */
export interface Reply {
  readonly statusCode: number;
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
  /** Set when an idempotent replay returned a stored reply. */
  readonly replayed?: boolean;
  /** The body an idempotency record keeps instead of `body` (never a secret). */
  readonly stored?: unknown;
}

export const stateOf = (context: Context): RequestState => (context as StxContext).stx;

/** Lower-cased single-value headers (after http-header-normalizer). */
export function headersOf(event: APIGatewayProxyEvent): Record<string, string | undefined> {
  return (event.headers ?? {}) as Record<string, string | undefined>;
}
