// Authorization rules: steps 2 and 4-7 of the order of checks (docs/getting-started.md, "The order
// of checks"), and the location scope of keys. Pure: the caller loads the records and passes the
// instant; every rule either returns or throws the API's error.
import { DomainError } from '../errors';
import type { AccountRecord, ApiKeyRecord, Engagement, Environment, PracticeRecord, Tenant } from './records';
import { grants, type Scope } from './scopes';

/**
 * Which credentials may call a route (step 5):
 * - `any`: any valid key; provider keys need no client context.
 * - `tenant`: taxpayer data; account keys, or provider keys that select a client engagement.
 * - `organization`: organization-scoped account keys only (account administration).
 * - `provider`: service-provider keys only.
 */
export type Credential = 'any' | 'tenant' | 'organization' | 'provider';

export interface AccessPolicy {
  readonly scope: Scope | null;
  readonly credential: Credential;
  readonly clientContext?: boolean;
  readonly environments?: readonly Environment[];
}

/** Who is calling and for which tenant, once every check has passed. */
export interface Principal {
  readonly key: ApiKeyRecord;
  readonly environment: Environment;
  /** The account acted for: the key's own, or the client of a provider engagement. */
  readonly tenant: Tenant | null;
  /** Location scope of the key; null = organization scope. */
  readonly locationCode: string | null;
  readonly practice: PracticeRecord | null;
  readonly engagement: Engagement | null;
}

/** A principal acting for a tenant (taxpayer-data and organization routes). */
export type TenantPrincipal = Principal & { readonly tenant: Tenant };
/** A service provider's key of an active practice. */
export type ProviderPrincipal = Principal & { readonly practice: PracticeRecord };
/** A provider key acting for one client engagement. */
export type ClientPrincipal = TenantPrincipal & ProviderPrincipal & { readonly engagement: Engagement };

/** The principal a policy guarantees once every check has passed. */
export type PrincipalFor<P extends AccessPolicy> = P extends { readonly clientContext: true }
  ? ClientPrincipal
  : P extends { readonly credential: 'tenant' | 'organization' }
    ? TenantPrincipal
    : P extends { readonly credential: 'provider' }
      ? ProviderPrincipal
      : Principal;

/**
 * The principal as its policy's type, after checking at run time that it carries what the policy
 * promises (the checks above establish it; this makes a wrong policy fail loudly, not later).
 */
export function principalFor<P extends AccessPolicy>(policy: P, principal: Principal): PrincipalFor<P> {
  const needsTenant = policy.credential === 'tenant' || policy.credential === 'organization' || policy.clientContext === true;
  if (needsTenant && principal.tenant === null) throw new Error(`policy ${policy.credential} admitted a principal without a tenant`);
  if (policy.credential === 'provider' && principal.practice === null) throw new Error('provider policy admitted a principal without a practice');
  if (policy.clientContext === true && principal.engagement === null) throw new Error('client-context policy admitted a principal without an engagement');
  return principal as PrincipalFor<P>;
}

/** Step 2: a key that exists but is revoked or past its expiry is as good as unknown. */
export function assertKeyUsable(key: ApiKeyRecord, now: Date): void {
  if (key.status !== 'active') throw new DomainError('invalid_api_key', 'The API key is not valid.');
  if (key.expiresAt !== null && Date.parse(key.expiresAt) <= now.getTime()) throw new DomainError('invalid_api_key', 'The API key is not valid.');
}

/** Step 4: the API Access module gates every account. */
export function assertModuleEnabled(account: AccountRecord): void {
  if (!account.modules.includes('api_access')) throw new DomainError('module_not_enabled', 'The API Access module is not enabled for this account.');
}

/** Step 5: the kind of credential the route accepts. */
export function assertCredential(policy: AccessPolicy, key: ApiKeyRecord, practice: PracticeRecord | null): void {
  if (policy.credential === 'provider' && key.kind !== 'provider')
    throw new DomainError('provider_key_required', 'This endpoint needs a service-provider portfolio key.');
  if (key.kind === 'provider' && practice?.status !== 'active')
    throw new DomainError('provider_not_active', 'The service-provider practice of this key is not active.');
  if (policy.credential === 'organization' && (key.kind !== 'account' || key.locationCode !== null))
    throw new DomainError('organization_scope_required', 'Account administration needs an organization-scoped account key.');
}

/** Step 6: the endpoint's scope, and the environments the endpoint serves. */
export function assertScope(policy: AccessPolicy, key: ApiKeyRecord): void {
  if (policy.environments && !policy.environments.includes(key.environment))
    throw new DomainError('insufficient_scope', `This endpoint is available to ${policy.environments.join(' and ')} keys only.`);
  if (policy.scope !== null && !grants(key.scopes, policy.scope)) throw new DomainError('insufficient_scope', `The API key lacks the scope ${policy.scope}.`);
}

export interface ClientHeaders {
  readonly ref: string | undefined;
  readonly id: string | undefined;
  /** Client-context headers the request carries more than once (a selection must be one value). */
  readonly repeated?: readonly string[];
}

const NOT_FOUND_MESSAGE = 'No client engagement visible to this key matches the selection.';

/**
 * Step 7, in the order of docs/providers-and-return-jobs.md, "Acting for a client": selects one
 * engagement of the caller's practice. An engagement of another practice is indistinguishable from
 * one that does not exist.
 */
export function resolveClientContext(headers: ClientHeaders, key: ApiKeyRecord, practice: PracticeRecord): Engagement {
  const [repeated] = headers.repeated ?? [];
  if (repeated !== undefined) throw new DomainError('invalid_client_context', `${repeated} was sent more than once: select one client engagement.`);
  const ref = headers.ref?.trim() || undefined;
  const id = headers.id?.trim() || undefined;
  if (ref === undefined && id === undefined)
    throw new DomainError('missing_client_context', 'Select a client engagement with X-Service-Client-Ref (or X-Service-Client-Id).');
  if (id !== undefined && !/^\d{1,15}$/.test(id))
    throw new DomainError('invalid_client_context', 'X-Service-Client-Id must be a numeric engagement identifier.');
  const byRef = ref === undefined ? undefined : practice.engagements.find((e) => e.ref === ref);
  const byId = id === undefined ? undefined : practice.engagements.find((e) => e.id === Number(id));
  if (ref !== undefined && id !== undefined && (byRef || byId) && byRef !== byId)
    throw new DomainError('conflicting_client_context', 'X-Service-Client-Ref and X-Service-Client-Id select different engagements.');
  const engagement = byRef ?? byId;
  if (!engagement) throw new DomainError('provider_client_not_found', NOT_FOUND_MESSAGE);
  const fenced = key.engagementIds !== null && !key.engagementIds.includes(engagement.id);
  if (fenced || engagement.status !== 'usable')
    throw new DomainError('client_context_not_authorized', 'This key is not authorized for the selected client engagement.');
  return engagement;
}

/**
 * Location scope (docs/getting-started.md, "Keys"): a location-scoped key acts only on its own
 * location. Returns the location the request acts on (the key's own when the request names none).
 */
export function actingLocation(principal: Pick<Principal, 'locationCode'>, requested: string | null | undefined): string | null {
  if (principal.locationCode === null) return requested ?? null;
  if (requested != null && requested !== principal.locationCode)
    throw new DomainError('location_not_authorized', 'The location is outside the scope of this API key.');
  return principal.locationCode;
}

/** Reads: a record of another location is reported as absent. */
export function visibleTo(principal: Pick<Principal, 'locationCode'>, recordLocation: string | null | undefined): boolean {
  return principal.locationCode === null || recordLocation === principal.locationCode;
}
