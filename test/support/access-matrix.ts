// The callers of the authorization matrix (test/integration/authorization-matrix.test.ts) and what
// the order of checks (docs/getting-started.md, "The order of checks") says each must get on a
// route, derived from the route's entry in functions/manifest/routes alone: so a route added to the
// manifest is judged the day it is added. Written from that documented order, not from
// functions/core/access: the matrix is a second, independent statement of the rules.
import type { RouteDef } from '../../functions/manifest/route';
import { ENGAGEMENTS, KEYS } from '../fixtures/seed';

export type Header = readonly [string, string];

/** What the seed says of a caller's key (test/fixtures/seed.ts). */
interface KeyFacts {
  readonly kind: 'account' | 'provider';
  readonly environment: 'sandbox' | 'production';
  readonly location?: boolean;
  readonly scopes?: readonly string[];
  readonly noModule?: boolean;
  readonly inactivePractice?: boolean;
  /** The client engagement a provider selects, and what it is to the key. */
  readonly engagement?: 'none' | 'usable' | 'foreign' | 'paused' | 'offboarded' | 'fenced';
}

export interface Caller {
  readonly name: string;
  readonly headers: readonly Header[];
  /** The key once it is accepted; absent for credentials that are refused at authentication. */
  readonly key?: KeyFacts;
  /** How authentication refuses the credentials (when `key` is absent). */
  readonly refusedAs?: 'missing_api_key' | 'invalid_api_key';
  /** Only on the TaxJar-compatible surface (its `Token token=` form). */
  readonly taxjarOnly?: boolean;
}

const bearer = (key: string): Header => ['Authorization', `Bearer ${key}`];
const client = (ref: string): Header => ['X-Service-Client-Ref', ref];
const account = (over: Partial<KeyFacts> = {}): KeyFacts => ({ kind: 'account', environment: 'sandbox', ...over });
const provider = (engagement: KeyFacts['engagement'], over: Partial<KeyFacts> = {}): KeyFacts => ({
  kind: 'provider',
  environment: 'sandbox',
  engagement,
  ...over,
});

/** Every caller of the matrix: the list, row by row. */
export const CALLERS: readonly Caller[] = [
  { name: 'no key', headers: [], refusedAs: 'missing_api_key' },
  { name: 'malformed: Basic credentials', headers: [['Authorization', 'Basic dXNlcjpwYXNz']], refusedAs: 'invalid_api_key' },
  { name: 'malformed: Bearer without a key', headers: [['Authorization', 'Bearer']], refusedAs: 'invalid_api_key' },
  { name: 'malformed: Bearer with two words', headers: [['Authorization', `Bearer ${KEYS.admin} ${KEYS.admin}`]], refusedAs: 'invalid_api_key' },
  { name: 'duplicated: two Authorization headers, same key', headers: [bearer(KEYS.admin), bearer(KEYS.admin)], refusedAs: 'invalid_api_key' },
  {
    name: 'duplicated: Authorization in two letter cases',
    headers: [bearer(KEYS.admin), ['authorization', `Bearer ${KEYS.admin}`]],
    refusedAs: 'invalid_api_key',
  },
  {
    name: 'duplicated: two X-Api-Key headers',
    headers: [
      ['X-Api-Key', KEYS.admin],
      ['X-Api-Key', KEYS.admin],
    ],
    refusedAs: 'invalid_api_key',
  },
  { name: 'duplicated: Bearer and X-Api-Key naming different keys', headers: [bearer(KEYS.admin), ['X-Api-Key', KEYS.second]], refusedAs: 'invalid_api_key' },
  {
    name: "duplicated: TaxJar's Token form twice",
    headers: [
      ['Authorization', `Token token="${KEYS.taxjar}"`],
      ['Authorization', `Token token="${KEYS.taxjar}"`],
    ],
    refusedAs: 'invalid_api_key',
    taxjarOnly: true,
  },
  { name: 'unknown key', headers: [bearer(KEYS.unknown)], refusedAs: 'invalid_api_key' },
  { name: 'revoked key', headers: [bearer(KEYS.revoked)], refusedAs: 'invalid_api_key' },
  { name: 'expired key', headers: [bearer(KEYS.expired)], refusedAs: 'invalid_api_key' },
  { name: 'account without api_access', headers: [bearer(KEYS.noModule)], key: account({ noModule: true }) },
  { name: 'wrong scope (transactions:read only)', headers: [bearer(KEYS.narrow)], key: account({ scopes: ['transactions:read'] }) },
  { name: 'organization key', headers: [bearer(KEYS.admin)], key: account() },
  { name: 'other account', headers: [bearer(KEYS.other)], key: account() },
  { name: 'other environment (production)', headers: [bearer(KEYS.adminLive)], key: account({ environment: 'production' }) },
  { name: 'location key (NYC)', headers: [bearer(KEYS.locNyc)], key: account({ location: true }) },
  { name: 'other location (AUS)', headers: [bearer(KEYS.locAus)], key: account({ location: true }) },
  { name: 'provider without client context', headers: [bearer(KEYS.provider)], key: provider('none') },
  { name: 'provider with a usable engagement', headers: [bearer(KEYS.provider), client(ENGAGEMENTS.usable.ref)], key: provider('usable') },
  { name: "provider with another practice's engagement", headers: [bearer(KEYS.provider), client(ENGAGEMENTS.foreign.ref)], key: provider('foreign') },
  { name: 'provider with a paused engagement', headers: [bearer(KEYS.provider), client(ENGAGEMENTS.paused.ref)], key: provider('paused') },
  { name: 'provider with an offboarded engagement', headers: [bearer(KEYS.provider), client(ENGAGEMENTS.offboarded.ref)], key: provider('offboarded') },
  {
    name: 'provider key fenced from the engagement',
    headers: [bearer(KEYS.providerRestricted), client(ENGAGEMENTS.fenced.ref)],
    key: provider('fenced'),
  },
  {
    name: 'provider of an inactive practice',
    headers: [bearer(KEYS.providerDormant), client('dormant-client')],
    key: provider('usable', { inactivePractice: true }),
  },
];

export type Outcome = { readonly refused: true; readonly status: number; readonly code: string } | { readonly refused: false };

const refuse = (status: number, code: string): Outcome => ({ refused: true, status, code });
const PASS: Outcome = { refused: false };

/** The codes of the authentication and authorization steps: a caller that passes them gets none of these. */
export const ACCESS_CODES = new Set([
  'missing_api_key',
  'invalid_api_key',
  'module_not_enabled',
  'provider_key_required',
  'provider_not_active',
  'organization_scope_required',
  'insufficient_scope',
  'missing_client_context',
  'invalid_client_context',
  'conflicting_client_context',
  'provider_client_not_found',
  'client_context_not_authorized',
]);

/** What the order of checks answers `caller` on `route` (steps 2 and 4-7; first failure wins). */
export function expected(route: RouteDef, caller: Caller): Outcome {
  // A public route, and one whose key is optional, answer every caller.
  if (route.public || route.optionalKey) return PASS;
  // Step 2: authentication.
  if (!caller.key) return refuse(401, caller.refusedAs ?? 'invalid_api_key');
  const key = caller.key;
  // Step 4: the module (an account's; a provider's client is checked with its context).
  if (key.kind === 'account' && key.noModule) return refuse(403, 'module_not_enabled');
  // Step 5: the credential kind.
  if (route.credential === 'provider' && key.kind !== 'provider') return refuse(403, 'provider_key_required');
  if (key.kind === 'provider' && key.inactivePractice) return refuse(403, 'provider_not_active');
  if (route.credential === 'organization' && (key.kind !== 'account' || key.location)) return refuse(403, 'organization_scope_required');
  // Step 6: the environments the route serves, and its scope.
  if (route.environments && !route.environments.includes(key.environment)) return refuse(403, 'insufficient_scope');
  if (route.scope !== null && key.scopes && !key.scopes.includes(route.scope)) return refuse(403, 'insufficient_scope');
  // Step 7: a provider's client context, on taxpayer data.
  if (key.kind === 'provider' && (route.credential === 'tenant' || route.clientContext)) {
    switch (key.engagement) {
      case 'none':
      case undefined:
        return refuse(400, 'missing_client_context');
      case 'foreign':
        return refuse(404, 'provider_client_not_found');
      case 'paused':
      case 'offboarded':
      case 'fenced':
        return refuse(403, 'client_context_not_authorized');
      case 'usable':
        return PASS;
    }
  }
  return PASS;
}

/**
 * The error code of an answer, whatever the surface's shape: the envelope's code, TaxJar's `[code]`
 * in `detail`, or AvaTax's, whose details name ours in parentheses at the end of `description`.
 */
export function codeOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const { error, detail } = body as { error?: unknown; detail?: unknown };
  const [first] = ((error as { details?: unknown } | undefined)?.details ?? []) as { description?: unknown }[];
  if (typeof first?.description === 'string') return /\(([a-z0-9_]+)\)$/.exec(first.description)?.[1] ?? null;
  if (typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string') return (error as { code: string }).code;
  if (typeof detail === 'string') return /\[([a-z0-9_]+)\]/.exec(detail)?.[1] ?? null;
  return null;
}
