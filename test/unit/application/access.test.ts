// Authentication, rate limiting, authorization and the provider's view, without HTTP.
import { describe, expect, it } from 'vitest';
import { hashApiKey } from '../../../functions/application/api-key-secret';
import { Authenticator } from '../../../functions/application/authentication';
import { Authorizer } from '../../../functions/application/authorization';
import { listEngagements } from '../../../functions/application/provider';
import { RateLimiter } from '../../../functions/application/rate-limiting';
import type { AccessPolicy } from '../../../functions/core/access/authorize';
import { apiKey, FakeAccess, FakeRateCounter } from '../../support/fakes';

async function rejection(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return undefined;
}

const NOW = new Date('2026-04-20T10:00:10.000Z');
const LIMITS = { generalPerMinuteSandbox: 3, generalPerMinuteProduction: 5, batchSubmissionsPerMinute: 2, estimatesPerMinute: 5, estimatesMaxConcurrency: 1 };

function access() {
  const store = new FakeAccess();
  store.accounts.set('acct_unit', { id: 'acct_unit', name: 'Unit', modules: ['api_access'], rateLimits: {} });
  store.accounts.set('acct_client', { id: 'acct_client', name: 'Client', modules: ['api_access'], rateLimits: {} });
  store.practices.set('prac', {
    id: 'prac',
    name: 'Practice',
    status: 'active',
    rateLimits: {},
    engagements: [
      { id: 11, ref: 'client', clientAccountId: 'acct_client', status: 'usable' },
      { id: 12, ref: 'paused', clientAccountId: 'acct_client', status: 'paused' },
    ],
  });
  store.keys.set('key_unit', { key: apiKey(), hash: hashApiKey('secret-account') });
  store.keys.set('key_prov', { key: apiKey({ id: 'key_prov', kind: 'provider', accountId: null, practiceId: 'prac' }), hash: hashApiKey('secret-provider') });
  store.keys.set('key_old', { key: apiKey({ id: 'key_old', expiresAt: '2026-01-01T00:00:00.000Z' }), hash: hashApiKey('secret-expired') });
  return store;
}

describe('authenticator', () => {
  it('finds usable keys with their owner, caches them, and refuses unknown or expired ones', async () => {
    const store = access();
    const authenticator = new Authenticator(store, 10_000);
    expect((await authenticator.authenticate('secret-account', NOW)).account?.name).toBe('Unit');
    const reads = store.reads;
    await authenticator.authenticate('secret-account', NOW);
    expect(store.reads).toBe(reads);
    expect(await rejection(authenticator.authenticate('nobody', NOW))).toBe('invalid_api_key');
    expect(await rejection(authenticator.authenticate('secret-expired', NOW))).toBe('invalid_api_key');
  });

  it('sees a revocation made elsewhere once its cache time has passed (the documented AUTH_CACHE_SECONDS bound)', async () => {
    const store = access();
    const authenticator = new Authenticator(store, 20);
    await authenticator.authenticate('secret-account', NOW);
    const entry = store.keys.get('key_unit');
    if (!entry) throw new Error('fixture key missing');
    store.keys.set('key_unit', { ...entry, key: { ...entry.key, status: 'revoked' } });
    expect((await authenticator.authenticate('secret-account', NOW)).key.status).toBe('active');
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(await rejection(authenticator.authenticate('secret-account', NOW))).toBe('invalid_api_key');
  });
});

describe('rate limiter', () => {
  it('admits up to the limit of the bucket, then refuses with the seconds to the next window', async () => {
    const limiter = new RateLimiter(new FakeRateCounter(), LIMITS);
    const credentials = await new Authenticator(access(), 0).authenticate('secret-account', NOW);
    for (let i = 1; i <= 3; i++) expect((await limiter.admit(credentials, 'general', NOW)).usage.used).toBe(i);
    await expect(limiter.admit(credentials, 'general', NOW)).rejects.toMatchObject({ code: 'rate_limit_exceeded', retryAfterSeconds: 50 });
    expect((await limiter.admit(credentials, 'batch_submissions', NOW)).limits.batch_submissions).toBe(2);
  });

  it('holds an estimate slot until released, and frees it when the request is refused', async () => {
    const limiter = new RateLimiter(new FakeRateCounter(), LIMITS);
    const credentials = await new Authenticator(access(), 0).authenticate('secret-account', NOW);
    const first = await limiter.admit(credentials, 'estimates', NOW);
    await expect(limiter.admit(credentials, 'estimates', NOW)).rejects.toMatchObject({ code: 'rate_limit_exceeded', retryAfterSeconds: 1 });
    first.release();
    first.release();
    (await limiter.admit(credentials, 'estimates', NOW)).release();
  });
});

describe('authorizer', () => {
  const tenantPolicy = { scope: 'transactions:read', credential: 'tenant' } as const satisfies AccessPolicy;

  it('gives an account key its own tenant and a provider key its client tenant', async () => {
    const store = access();
    const authenticator = new Authenticator(store, 0);
    const authorizer = new Authorizer(authenticator);
    const own = await authorizer.authorize(tenantPolicy, await authenticator.authenticate('secret-account', NOW), { ref: undefined, id: undefined });
    expect(own.tenant).toEqual({ accountId: 'acct_unit', environment: 'sandbox' });
    const provider = await authenticator.authenticate('secret-provider', NOW);
    expect(await rejection(authorizer.authorize(tenantPolicy, provider, { ref: undefined, id: undefined }))).toBe('missing_client_context');
    expect(await rejection(authorizer.authorize(tenantPolicy, provider, { ref: 'paused', id: undefined }))).toBe('client_context_not_authorized');
    const client = await authorizer.authorize(tenantPolicy, provider, { ref: 'client', id: '11' });
    expect(client).toMatchObject({ tenant: { accountId: 'acct_client' }, engagement: { id: 11 } });
  });

  it('lists a practice its engagements, highest id first, with client names', async () => {
    const store = access();
    const authenticator = new Authenticator(store, 0);
    const principal = await new Authorizer(authenticator).authorize(
      { scope: 'provider:read', credential: 'provider' } as const,
      await authenticator.authenticate('secret-provider', NOW),
      { ref: undefined, id: undefined },
    );
    const page = await listEngagements({ accounts: authenticator }, { principal, now: NOW }, { limit: 1 });
    expect(page.data.map((e) => [e.engagement.id, e.client?.name])).toEqual([[12, 'Client']]);
    expect(page.next_cursor).not.toBeNull();
  });
});
