// API keys of an account: issued once (the secret is in that answer only; the service keeps its
// hash), listed and revoked by administrators of the same account.
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
import { reusedKey, type SubmissionOptions, submissionId } from './submissions';

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

/** What a request asks for: a repeat of its submission must ask the same. */
const asked = (k: Pick<ApiKeyRecord, 'name' | 'environment' | 'scopes' | 'locationCode' | 'expiresAt'>) =>
  JSON.stringify([k.name, k.environment, [...k.scopes].sort(), k.locationCode, k.expiresAt]);

/**
 * A new account key and its secret, which nothing keeps. Under an Idempotency-Key the key's id
 * derives from the submission: a repeat after an attempt that was written but not answered finds
 * that key and answers it without its secret (as a replay does) rather than issuing a second.
 */
export async function issueKey(
  ports: Pick<KeyPorts, 'access' | 'tenants' | 'usageKeys'>,
  call: AdminCall,
  input: KeyInput,
  options: SubmissionOptions = {},
): Promise<{ key: ApiKeyRecord; secret: string | null }> {
  const { tenant } = call.principal;
  assertScopesHeld(call.principal.key.scopes, input.scopes);
  const { locations } = await ports.tenants.config({ accountId: tenant.accountId, environment: input.environment });
  assertKeyIssuable(tenant.environment, input, locations, call.now);
  const id = `key_${submissionId('key', options, 24)}`;
  const expiresAt = input.expires_at ? new Date(input.expires_at).toISOString() : null;
  const earlier = async () => {
    const found = options.submission === undefined ? null : await ports.access.ownedKey(accountOwner(call), id);
    if (!found) return null;
    const wanted = { ...input, scopes: [...new Set(input.scopes)], locationCode: input.location_code ?? null, expiresAt };
    if (asked(found.key) !== asked(wanted)) throw reusedKey();
    return { key: found.key, secret: null };
  };
  const repeat = await earlier();
  if (repeat) return repeat;
  const secret = generateApiKey(input.environment);
  const hash = hashApiKey(secret);
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
    expiresAt,
    name: input.name,
    prefix: displayPrefix(secret),
    createdAt: call.now.toISOString(),
    gatewayKeyId,
  };
  try {
    await ports.access.createKey(key, hash);
  } catch (error) {
    // Another attempt of the same submission stored its key between the read and this write.
    const raced = error instanceof DomainError && error.code === 'conflict' ? await earlier() : null;
    if (raced) return raced;
    throw error;
  }
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
