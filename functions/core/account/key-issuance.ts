// Rules for issuing keys: what a new key may be, given who asks.
import type { Environment } from '../access/records';
import type { ScopeGrant } from '../access/scopes';
import { DomainError, fieldError } from '../errors';
import { type Location, locationNamed } from './settings';

export interface KeyRequest {
  readonly environment: Environment;
  readonly location_code?: string | null | undefined;
  readonly expires_at?: string | null | undefined;
}

/**
 * A sandbox administrator cannot mint production credentials; a location scope must name an
 * existing location of the new key's environment; an expiry must lie in the future.
 */
export function assertKeyIssuable(callerEnvironment: Environment, request: KeyRequest, locations: readonly Location[], now: Date): void {
  if (request.environment === 'production' && callerEnvironment !== 'production')
    throw new DomainError('insufficient_scope', 'Production keys can only be issued with a production key.');
  if (request.location_code != null) locationNamed(locations, request.location_code);
  if (request.expires_at != null) assertFuture(request.expires_at, now);
}

/**
 * A key issues only scopes it holds itself: `*` only from `*`, and a key holding `account:admin`
 * alone cannot mint a key that does more than it may.
 */
export function assertScopesHeld(held: readonly string[], requested: readonly ScopeGrant[]): void {
  if (held.includes('*')) return;
  const missing = requested.filter((scope) => !held.includes(scope));
  if (missing.length > 0) throw new DomainError('insufficient_scope', 'A key can only issue keys with scopes it holds itself.');
}

/** Keys an administrator may see and revoke: a sandbox key manages sandbox keys only. */
export const manages = (callerEnvironment: Environment, keyEnvironment: Environment): boolean =>
  callerEnvironment === 'production' || keyEnvironment === 'sandbox';

/** An expiry must lie in the future (422 greater_than at expires_at). */
export function assertFuture(expiresAt: string | Date, now: Date): void {
  if (new Date(expiresAt).getTime() <= now.getTime()) throw fieldError('greater_than', 'expires_at', 'Must be in the future.');
}
