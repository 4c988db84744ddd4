// Keys and account administration without HTTP.
import { describe, expect, it } from 'vitest';
import { hashApiKey } from '../../../functions/application/api-key-secret';
import type { ApiKeyRecord } from '../../../functions/core/access/records';
import { apiKey, call, TENANT, tenantPrincipal } from '../../support/fakes';
import { wired } from './wiring';

async function rejection(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return undefined;
}

describe('key service', () => {
  it('issues a key whose secret only the caller sees, registers its gateway twin, lists and revokes it', async () => {
    const { keys, stores } = wired();
    const { key, secret } = await keys.issue(call(), { name: 'ci', environment: 'sandbox', scopes: ['transactions:read', 'transactions:read'] });
    expect(secret).toMatch(/^stx_test_[0-9A-Za-z]{32}$/);
    expect(key).toMatchObject({ scopes: ['transactions:read'], gatewayKeyId: `gw_${key.id}`, accountId: TENANT.accountId });
    expect(stores.access.keys.get(key.id)?.hash).toBe(hashApiKey(secret!));
    expect(await rejection(keys.issue(call(), { name: 'live', environment: 'production', scopes: ['*'] }))).toBe('insufficient_scope');
    expect((await keys.list(call(), { limit: 10 })).data.map((k) => k.id)).toEqual([key.id]);
    expect((await keys.revoke(call(), key.id)).status).toBe('revoked');
    expect(stores.usageKeys.disabled).toEqual([`gw_${key.id}`]);
    expect(await rejection(keys.revoke(call(), 'key_nobody'))).toBe('not_found');
  });

  it('issues only scopes the issuing key holds: `*` only from `*`', async () => {
    const { keys, stores } = wired();
    const holding = (scopes: string[]) => call(tenantPrincipal({ key: apiKey({ scopes: scopes as ApiKeyRecord['scopes'] }) }));
    const admin = holding(['account:admin', 'transactions:read']);
    expect(await rejection(keys.issue(admin, { name: 'all', environment: 'sandbox', scopes: ['*'] }))).toBe('insufficient_scope');
    expect(await rejection(keys.issue(admin, { name: 'w', environment: 'sandbox', scopes: ['transactions:read', 'transactions:write'] }))).toBe(
      'insufficient_scope',
    );
    expect(stores.access.keys.size).toBe(0);
    const { key } = await keys.issue(admin, { name: 'r', environment: 'sandbox', scopes: ['transactions:read', 'account:admin'] });
    expect(key.scopes).toEqual(['transactions:read', 'account:admin']);
    expect((await keys.issue(holding(['*']), { name: 'all', environment: 'sandbox', scopes: ['*'] })).key.scopes).toEqual(['*']);
  });
});

describe('account service', () => {
  it('updates settings, creates locations and items, and signs Illinois declarations', async () => {
    const { account, stores } = wired();
    await stores.access.putAccount({ id: TENANT.accountId, name: 'Unit', modules: ['api_access'], rateLimits: {} });
    const updated = await account.update(call(), { name: 'Renamed', nexus: ['NY', 'CA', 'NY'], illinois: { derive_seller_posture: true } });
    expect(updated.account.name).toBe('Renamed');
    expect(updated.settings).toMatchObject({ nexus: ['CA', 'NY'], illinois: { derive_seller_posture: true, in_state_selling_enabled: false } });
    expect(await rejection(account.update(call(), { nexus: ['ZZ'] }))).toBe('validation_error');
    const location = await account.createLocation(call(), { code: 'CHI', name: 'Chicago', state: 'IL', zip: '60601-1234', illinois_verified: true });
    expect(location.zip).toBe('60601');
    expect((await account.listLocations(call(), { limit: 5 })).data.map((l) => l.code)).toEqual(['CHI']);
    expect(await rejection(account.putItem(call(), { sku: 'X', tax_code: 'NOT-A-CODE' }))).toBe('invalid_tax_code');
    expect((await account.putItem(call(), { sku: 'MILK', tax_code: '40030' })).category).toBe('food_groceries');
    const declared = await account.declare(call(), 'remote', null);
    expect(declared.token.split('.')).toHaveLength(2);
    expect(declared.expiresAt.toISOString()).toBe('2027-04-20T10:00:00.000Z');
    expect(await rejection(account.declare(call(tenantPrincipal()), 'remote', '2020-01-01T00:00:00Z'))).toBe('validation_error');
  });
});
