// Account administration: account, locations, keys, items, Illinois declarations.
import { describe, expect, it } from 'vitest';
import { KEYS } from '../fixtures/seed';
import { api, expectDetail, expectError, unique, V1 } from '../support/http';

describe('account', () => {
  it('shows the account and its environment settings', async () => {
    const res = await api('GET', `${V1}/account`, { key: KEYS.admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: 'acct_main', name: 'Main Retail', environment: 'sandbox', nexus: 'all', modules: ['api_access'] });
  });

  it('updates nexus and Illinois settings per environment, and validates states', async () => {
    const key = KEYS.other;
    const patched = await api('PATCH', `${V1}/account`, { key, body: { nexus: ['ny', 'CA', 'CA'], illinois: { derive_seller_posture: true } } });
    expect(patched.status).toBe(200);
    expect(patched.body.nexus).toEqual(['CA', 'NY']);
    expect(patched.body.illinois).toEqual({ derive_seller_posture: true, in_state_selling_enabled: false });
    expectDetail(expectError(await api('PATCH', `${V1}/account`, { key, body: { nexus: ['NY', 'XX'] } }), 422, 'validation_error'), 'enum', 'nexus.1');
    const tax = await api('POST', `${V1}/calculations`, {
      key,
      body: { date: '2026-04-15', ship_to: { state: 'TX', zip: '78701' }, lines: [{ amount: 100 }] },
    });
    expect(tax.body.lines[0]).toMatchObject({ reason: 'no_nexus', tax: 0 });
    await api('PATCH', `${V1}/account`, { key, body: { nexus: 'all', illinois: { derive_seller_posture: false } } });
  });
});

describe('locations', () => {
  it('creates, lists newest first, and refuses a duplicate code', async () => {
    const code = unique('LOC');
    const created = await api('POST', `${V1}/locations`, { key: KEYS.other, body: { code, name: 'Depot', state: 'wa', zip: '98101-1234' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ code, state: 'WA', zip: '98101', illinois_verified: false });
    expectError(await api('POST', `${V1}/locations`, { key: KEYS.other, body: { code, name: 'Again', state: 'WA', zip: '98101' } }), 409, 'conflict');
    const list = await api('GET', `${V1}/locations?limit=1`, { key: KEYS.other });
    expect(list.body.data[0].code).toBe(code);
    expect(list.body.next_cursor === null || typeof list.body.next_cursor === 'string').toBe(true);
  });

  it('rejects unknown states', async () => {
    expectDetail(
      expectError(
        await api('POST', `${V1}/locations`, { key: KEYS.other, body: { code: unique('L'), name: 'X', state: 'ZZ', zip: '10001' } }),
        422,
        'validation_error',
      ),
      'enum',
      'state.0',
    );
  });
});

describe('keys', () => {
  it('issues a key shown once, usable at once, listed without its secret, and revocable', async () => {
    const created = await api('POST', `${V1}/keys`, { key: KEYS.admin, body: { name: 'ci', environment: 'sandbox', scopes: ['transactions:read'] } });
    expect(created.status).toBe(201);
    const secret: string = created.body.key;
    expect(secret).toMatch(/^stx_test_[A-Za-z0-9]{32}$/);
    expect(created.body).toMatchObject({ name: 'ci', environment: 'sandbox', scopes: ['transactions:read'], status: 'active', location_code: null });

    expect((await api('GET', `${V1}/config`, { key: secret })).status).toBe(200);
    expectError(await api('POST', `${V1}/calculations`, { key: secret, body: {} }), 403, 'insufficient_scope');

    const listed = await api('GET', `${V1}/keys?limit=100`, { key: KEYS.admin });
    const entry = listed.body.data.find((k: { id: string }) => k.id === created.body.id);
    expect(entry).toBeDefined();
    expect(JSON.stringify(listed.body)).not.toContain(secret);

    const revoked = await api('DELETE', `${V1}/keys/${created.body.id}`, { key: KEYS.admin });
    expect(revoked.body.status).toBe('revoked');
    expectError(await api('GET', `${V1}/config`, { key: secret }), 401, 'invalid_api_key');
    expectError(await api('DELETE', `${V1}/keys/key_nope`, { key: KEYS.admin }), 404, 'not_found');
  });

  it('never stores or replays a key secret through idempotency', async () => {
    const headers = { 'Idempotency-Key': unique('ik') };
    const body = { name: 'idempotent', environment: 'sandbox', scopes: ['*'] };
    const first = await api('POST', `${V1}/keys`, { key: KEYS.admin, body, headers });
    expect(first.body.key).toMatch(/^stx_test_/);
    const replay = await api('POST', `${V1}/keys`, { key: KEYS.admin, body, headers });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toMatchObject({ id: first.body.id, key: null });
    expect(replay.text).not.toContain(first.body.key);
  });

  it('scopes a key to a location and refuses unknown locations and past expiries', async () => {
    const loc = await api('POST', `${V1}/keys`, { key: KEYS.admin, body: { name: 'store', environment: 'sandbox', scopes: ['*'], location_code: 'NYC' } });
    expect(loc.body.location_code).toBe('NYC');
    expectError(await api('GET', `${V1}/account`, { key: loc.body.key }), 403, 'organization_scope_required');
    expectError(
      await api('POST', `${V1}/keys`, { key: KEYS.admin, body: { name: 'x', environment: 'sandbox', scopes: ['*'], location_code: 'NOPE' } }),
      404,
      'not_found',
    );
    const past = await api('POST', `${V1}/keys`, {
      key: KEYS.admin,
      body: { name: 'x', environment: 'sandbox', scopes: ['*'], expires_at: '2020-01-01T00:00:00Z' },
    });
    expectDetail(expectError(past, 422, 'validation_error'), 'greater_than', 'expires_at');
  });

  it('refuses production keys to a sandbox administrator and unknown scopes to anyone', async () => {
    expectError(await api('POST', `${V1}/keys`, { key: KEYS.admin, body: { name: 'x', environment: 'production', scopes: ['*'] } }), 403, 'insufficient_scope');
    const live = await api('POST', `${V1}/keys`, { key: KEYS.adminLive, body: { name: 'x', environment: 'production', scopes: ['*'] } });
    expect(live.body.key).toMatch(/^stx_live_/);
    expectDetail(
      expectError(await api('POST', `${V1}/keys`, { key: KEYS.admin, body: { name: 'x', environment: 'sandbox', scopes: ['root'] } }), 422, 'validation_error'),
      'enum',
      'scopes.0',
    );
  });
});

describe('items', () => {
  it('adds SKUs with known tax codes only, and lists them', async () => {
    const sku = unique('SKU');
    const created = await api('POST', `${V1}/items`, { key: KEYS.other, body: { sku, tax_code: '20010', description: 'T-shirt' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ sku, tax_code: '20010', category: 'clothing' });
    expectError(await api('POST', `${V1}/items`, { key: KEYS.other, body: { sku, tax_code: '77777001' } }), 400, 'invalid_tax_code');
    const list = await api('GET', `${V1}/items?limit=100`, { key: KEYS.other });
    expect(list.body.data.map((i: { sku: string }) => i.sku)).toContain(sku);
  });
});

describe('Illinois seller declarations', () => {
  it('issues a token that verifies on a calculation, and refuses one for another seller class', async () => {
    const issued = await api('POST', `${V1}/il-seller-declarations`, { key: KEYS.other, body: { seller_class: 'marketplace' } });
    expect(issued.status).toBe(201);
    const body = (seller_class: string) => ({
      date: '2026-04-15',
      ship_to: { state: 'IL', zip: '60601' },
      seller_class,
      seller_declaration: { seller_class: 'marketplace', token: issued.body.token },
      lines: [{ amount: 100, description: 'Lamp' }],
    });
    const ok = await api('POST', `${V1}/calculations`, { key: KEYS.other, body: body('marketplace') });
    expect(ok.status).toBe(200);
    expect(ok.body.total_tax).toBe(10.25);
    expectError(await api('POST', `${V1}/calculations`, { key: KEYS.other, body: body('remote') }), 422, 'il_sourcing_unresolved_untrusted_contract');
    // Another account cannot use this account's token.
    expectError(await api('POST', `${V1}/calculations`, { key: KEYS.admin, body: body('marketplace') }), 422, 'il_sourcing_unresolved_untrusted_contract');
  });
});
