// The closed list of key scopes (docs/getting-started.md, "Scopes"). `*` grants every scope.
export const SCOPES = [
  'calculations:write',
  'transactions:read',
  'transactions:write',
  'customers:read',
  'customers:write',
  'certificates:read',
  'certificates:write',
  'certificates:review',
  'batches:read',
  'batches:write',
  'provider:read',
  'provider:write',
  'webhooks:read',
  'webhooks:write',
  'account:admin',
] as const;

export type Scope = (typeof SCOPES)[number];
export type ScopeGrant = Scope | '*';

export const SCOPE_GRANTS: readonly ScopeGrant[] = ['*', ...SCOPES];

export function grants(held: readonly string[], needed: Scope): boolean {
  return held.includes('*') || held.includes(needed);
}
