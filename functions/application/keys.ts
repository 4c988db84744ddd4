// API keys of an account: issued once (the secret is in that answer only; the service keeps its
// hash), listed and revoked by administrators of the same account.
import { randomBytes } from 'node:crypto';
import type { TenantPrincipal } from '../core/access/authorize';
import type { AccessRepository, UsageKeyRegistry } from '../core/access/ports';
import type { ApiKeyRecord, Environment } from '../core/access/records';
import type { ScopeGrant } from '../core/access/scopes';
import { assertKeyIssuable, assertScopesHeld, manages } from '../core/account/key-issuance';
import type { TenantRepository } from '../core/account/ports';
import { DomainError } from '../core/errors';
import { type Page, type PageRequest, pageInMemory } from '../core/lists/paging';
import { displayPrefix, generateApiKey, hashApiKey } from './api-key-secret';
import type { Authenticator } from './authentication';
import type { Call } from './call';

export interface KeyPorts {
  readonly access: Pick<AccessRepository, 'createKey' | 'listKeys' | 'ownedKey' | 'revokeKey'>;
  readonly tenants: Pick<TenantRepository, 'config'>;
  readonly usageKeys: UsageKeyRegistry;
  readonly authenticator: Pick<Authenticator, 'forgetKey'>;
}

export interface KeyInput {
  readonly name: string;
  readonly environment: Environment;
  readonly scopes: readonly ScopeGrant[];
  readonly location_code?: string | null | undefined;
  readonly expires_at?: string | null | undefined;
}

type AdminCall = Call<TenantPrincipal>;

const accountOwner = (call: AdminCall) => ({ kind: 'account', accountId: call.principal.tenant.accountId }) as const;

/** A new account key and its secret, which nothing keeps. */
export async function issueKey(
  ports: Pick<KeyPorts, 'access' | 'tenants' | 'usageKeys'>,
  call: AdminCall,
  input: KeyInput,
): Promise<{ key: ApiKeyRecord; secret: string }> {
  const { tenant } = call.principal;
  assertScopesHeld(call.principal.key.scopes, input.scopes);
  const { locations } = await ports.tenants.config({ accountId: tenant.accountId, environment: input.environment });
  assertKeyIssuable(tenant.environment, input, locations, call.now);
  const secret = generateApiKey(input.environment);
  const hash = hashApiKey(secret);
  const id = `key_${randomBytes(12).toString('hex')}`;
  const gatewayKeyId = await ports.usageKeys.register(id, hash, input.environment);
  const key: ApiKeyRecord = {
    id,
    kind: 'account',
    accountId: tenant.accountId,
    practiceId: null,
    environment: input.environment,
    scopes: [...new Set(input.scopes)],
    locationCode: input.location_code ?? null,
    engagementIds: null,
    status: 'active',
    expiresAt: input.expires_at ? new Date(input.expires_at).toISOString() : null,
    name: input.name,
    prefix: displayPrefix(secret),
    createdAt: call.now.toISOString(),
    gatewayKeyId,
  };
  await ports.access.createKey(key, hash);
  return { key, secret };
}

/** The account's keys this administrator manages, newest first. */
export async function listKeys(ports: Pick<KeyPorts, 'access'>, call: AdminCall, page: PageRequest): Promise<Page<ApiKeyRecord>> {
  const all = await ports.access.listKeys(accountOwner(call));
  const visible = all
    .filter((k) => manages(call.principal.environment, k.environment))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
  return pageInMemory(visible, (k) => k.id, page);
}

/**
 * Revokes a key: this process forgets it at once, other warm functions within AUTH_CACHE_SECONDS,
 * and API Gateway disables its usage-plan twin.
 */
export async function revokeKey(ports: Pick<KeyPorts, 'access' | 'usageKeys' | 'authenticator'>, call: AdminCall, keyId: string): Promise<ApiKeyRecord> {
  const owner = accountOwner(call);
  const found = await ports.access.ownedKey(owner, keyId);
  if (!found || !manages(call.principal.environment, found.key.environment)) throw new DomainError('not_found', 'No key with this id exists.');
  await ports.access.revokeKey(owner, found.key.id, found.hash, call.now.toISOString());
  ports.authenticator.forgetKey(found.hash);
  if (found.key.gatewayKeyId) await ports.usageKeys.disable(found.key.gatewayKeyId);
  return { ...found.key, status: 'revoked' };
}
