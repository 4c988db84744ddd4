import { describe, expect, it } from 'vitest';
import { actingLocation, assertCredential, assertKeyUsable, assertScope, resolveClientContext, visibleTo } from '../../functions/core/access/authorize';
import type { ApiKeyRecord, PracticeRecord } from '../../functions/core/access/records';
import { codeOf } from '../support/errors';

const key = (over: Partial<ApiKeyRecord> = {}): ApiKeyRecord => ({
  id: 'key_1',
  kind: 'account',
  accountId: 'a',
  practiceId: null,
  environment: 'sandbox',
  scopes: ['*'],
  locationCode: null,
  engagementIds: null,
  status: 'active',
  expiresAt: null,
  name: 'k',
  prefix: 'stx_test_abcd',
  createdAt: '',
  gatewayKeyId: null,
  ...over,
});
const practice: PracticeRecord = {
  id: 'p',
  name: 'P',
  status: 'active',
  rateLimits: {},
  engagements: [
    { id: 1, ref: 'one', clientAccountId: 'c1', status: 'usable' },
    { id: 2, ref: 'two', clientAccountId: 'c2', status: 'paused' },
  ],
};

describe('key usability', () => {
  it('refuses revoked keys and keys at or past their expiry', () => {
    const now = new Date('2026-05-01T00:00:00Z');
    expect(codeOf(() => assertKeyUsable(key({ status: 'revoked' }), now))).toBe('invalid_api_key');
    expect(codeOf(() => assertKeyUsable(key({ expiresAt: '2026-05-01T00:00:00Z' }), now))).toBe('invalid_api_key');
    expect(codeOf(() => assertKeyUsable(key({ expiresAt: '2026-05-01T00:00:01Z' }), now))).toBeUndefined();
  });
});

describe('credential kinds and scopes', () => {
  it('applies the documented order inside step 5', () => {
    expect(codeOf(() => assertCredential({ scope: null, credential: 'provider' }, key(), null))).toBe('provider_key_required');
    expect(codeOf(() => assertCredential({ scope: null, credential: 'provider' }, key({ kind: 'provider' }), { ...practice, status: 'inactive' }))).toBe(
      'provider_not_active',
    );
    expect(codeOf(() => assertCredential({ scope: null, credential: 'organization' }, key({ locationCode: 'NYC' }), null))).toBe('organization_scope_required');
    expect(codeOf(() => assertCredential({ scope: null, credential: 'organization' }, key({ kind: 'provider' }), practice))).toBe(
      'organization_scope_required',
    );
  });

  it('grants a scope through `*` or by name, and fences environments', () => {
    expect(codeOf(() => assertScope({ scope: 'transactions:write', credential: 'tenant' }, key({ scopes: ['transactions:read'] })))).toBe('insufficient_scope');
    expect(codeOf(() => assertScope({ scope: 'transactions:write', credential: 'tenant' }, key({ scopes: ['transactions:write'] })))).toBeUndefined();
    expect(codeOf(() => assertScope({ scope: null, credential: 'tenant', environments: ['sandbox'] }, key({ environment: 'production' })))).toBe(
      'insufficient_scope',
    );
  });
});

describe('client context', () => {
  const k = key({ kind: 'provider', practiceId: 'p' });
  it('follows the order of checks', () => {
    expect(codeOf(() => resolveClientContext({ ref: undefined, id: undefined }, k, practice))).toBe('missing_client_context');
    expect(codeOf(() => resolveClientContext({ ref: 'one', id: '1a' }, k, practice))).toBe('invalid_client_context');
    expect(codeOf(() => resolveClientContext({ ref: 'one', id: '2' }, k, practice))).toBe('conflicting_client_context');
    expect(codeOf(() => resolveClientContext({ ref: 'zzz', id: undefined }, k, practice))).toBe('provider_client_not_found');
    // A selection sent twice is refused even when both copies name the same usable engagement.
    expect(codeOf(() => resolveClientContext({ ref: 'one', id: undefined, repeated: ['X-Service-Client-Ref'] }, k, practice))).toBe('invalid_client_context');
    expect(codeOf(() => resolveClientContext({ ref: 'one', id: '1', repeated: ['X-Service-Client-Id'] }, k, practice))).toBe('invalid_client_context');
    expect(codeOf(() => resolveClientContext({ ref: 'two', id: undefined }, k, practice))).toBe('client_context_not_authorized');
    expect(codeOf(() => resolveClientContext({ ref: 'one', id: undefined }, key({ kind: 'provider', engagementIds: [2] }), practice))).toBe(
      'client_context_not_authorized',
    );
    expect(resolveClientContext({ ref: undefined, id: '1' }, k, practice).clientAccountId).toBe('c1');
  });
});

describe('location scope', () => {
  it('defaults to the key location and refuses another one', () => {
    expect(actingLocation({ locationCode: 'NYC' }, undefined)).toBe('NYC');
    expect(codeOf(() => actingLocation({ locationCode: 'NYC' }, 'AUS'))).toBe('location_not_authorized');
    expect(actingLocation({ locationCode: null }, 'AUS')).toBe('AUS');
    expect(visibleTo({ locationCode: 'NYC' }, 'AUS')).toBe(false);
    expect(visibleTo({ locationCode: null }, 'AUS')).toBe(true);
  });
});
