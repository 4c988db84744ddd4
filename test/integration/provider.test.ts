// Provider keys and client context (docs/providers-and-return-jobs.md).
import { describe, expect, it } from 'vitest';
import { ENGAGEMENTS, KEYS } from '../fixtures/seed';
import { api, expectError, V1 } from '../support/http';

const client = (headers: { ref?: string; id?: string | number }) => ({
  'X-Service-Client-Ref': headers.ref,
  'X-Service-Client-Id': headers.id === undefined ? undefined : String(headers.id),
});

describe('provider credentials', () => {
  it('refuses provider endpoints to account keys', async () => {
    expectError(await api('GET', `${V1}/provider/engagements`, { key: KEYS.admin }), 403, 'provider_key_required');
  });

  it('refuses keys of an inactive practice everywhere', async () => {
    expectError(await api('GET', `${V1}/provider/engagements`, { key: KEYS.providerDormant }), 403, 'provider_not_active');
    expectError(await api('GET', `${V1}/config`, { key: KEYS.providerDormant }), 403, 'provider_not_active');
  });

  it('refuses organization administration to provider keys', async () => {
    expectError(await api('GET', `${V1}/account`, { key: KEYS.provider }), 403, 'organization_scope_required');
  });

  it('lists only the engagements a restricted key may act for', async () => {
    const all = await api('GET', `${V1}/provider/engagements`, { key: KEYS.provider });
    expect(all.status).toBe(200);
    expect(all.body.data.map((e: { id: number }) => e.id).sort()).toEqual([7101, 7102, 7103, 7104, 7105]);
    const restricted = await api('GET', `${V1}/provider/engagements`, { key: KEYS.providerRestricted });
    expect(restricted.body.data.map((e: { id: number }) => e.id)).toEqual([ENGAGEMENTS.usable.id]);
  });
});

describe('client context, in its order', () => {
  const get = (headers: Record<string, string | undefined>, key: string = KEYS.provider) => api('GET', `${V1}/provider/client`, { key, headers });

  it('needs a client header', async () => {
    expectError(await get({}), 400, 'missing_client_context');
  });

  it('needs a numeric X-Service-Client-Id', async () => {
    expectError(await get(client({ id: '71O1' })), 400, 'invalid_client_context');
  });

  it('refuses two headers naming different engagements, accepts two naming the same', async () => {
    expectError(await get(client({ ref: ENGAGEMENTS.usable.ref, id: ENGAGEMENTS.paused.id })), 400, 'conflicting_client_context');
    expectError(await get(client({ ref: ENGAGEMENTS.usable.ref, id: ENGAGEMENTS.missing.id })), 400, 'conflicting_client_context');
    expect((await get(client({ ref: ENGAGEMENTS.usable.ref, id: ENGAGEMENTS.usable.id }))).status).toBe(200);
  });

  it("answers another practice's engagement exactly like one that does not exist", async () => {
    const foreign = await get(client({ id: ENGAGEMENTS.foreign.id }));
    const missing = await get(client({ id: ENGAGEMENTS.missing.id }));
    const byRef = await get(client({ ref: ENGAGEMENTS.foreign.ref }));
    for (const res of [foreign, missing, byRef]) expectError(res, 404, 'provider_client_not_found');
    const strip = (text: string) => text.replace(/"request_id":"[^"]+"/, '');
    expect(strip(foreign.text)).toBe(strip(missing.text));
    expect(strip(byRef.text)).toBe(strip(missing.text));
  });

  it('refuses paused, offboarded, unavailable and fenced engagements', async () => {
    for (const e of [ENGAGEMENTS.paused, ENGAGEMENTS.offboarded, ENGAGEMENTS.unavailable])
      expectError(await get(client({ ref: e.ref })), 403, 'client_context_not_authorized');
    expectError(await get(client({ ref: ENGAGEMENTS.fenced.ref }), KEYS.providerRestricted), 403, 'client_context_not_authorized');
    expect((await get(client({ ref: ENGAGEMENTS.fenced.ref }))).status).toBe(200);
  });

  it('acts as the client account once the engagement is usable', async () => {
    const res = await get(client({ ref: ENGAGEMENTS.usable.ref }));
    expect(res.status).toBe(200);
    expect(res.body.account).toEqual({ id: 'acct_cli_northwind', name: 'Northwind (client)' });
    expect(res.body.engagement).toMatchObject({ id: ENGAGEMENTS.usable.id, ref: ENGAGEMENTS.usable.ref, status: 'usable' });
  });

  it('keeps idempotency records of one client from answering for another', async () => {
    const headers = { 'Idempotency-Key': `ik-${Date.now()}` };
    const body = { code: `PIK-${Date.now()}`, date: '2026-04-15', ship_to: { state: 'NY', zip: '10001' }, lines: [{ amount: 10 }] };
    const forA = await api('POST', `${V1}/transactions`, { key: KEYS.provider, body, headers: { ...headers, ...client({ ref: ENGAGEMENTS.usable.ref }) } });
    const forB = await api('POST', `${V1}/transactions`, { key: KEYS.provider, body, headers: { ...headers, ...client({ ref: ENGAGEMENTS.fenced.ref }) } });
    expect([forA.status, forB.status]).toEqual([201, 201]);
    expect(forB.headers.get('idempotent-replayed')).toBeNull();
    const inB = await api('GET', `${V1}/transactions/${body.code}`, { key: KEYS.provider, headers: client({ ref: ENGAGEMENTS.fenced.ref }) });
    expect(inB.status).toBe(200);
  });

  it('lets a provider key calculate for a client with client context', async () => {
    const body = { date: '2026-04-15', ship_to: { state: 'NY', zip: '10001' }, lines: [{ amount: 10 }] };
    expectError(await api('POST', `${V1}/calculations`, { key: KEYS.provider, body }), 400, 'missing_client_context');
    const res = await api('POST', `${V1}/calculations`, { key: KEYS.provider, body, headers: client({ ref: ENGAGEMENTS.usable.ref }) });
    expect(res.status).toBe(200);
  });
});
