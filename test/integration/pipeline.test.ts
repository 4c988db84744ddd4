// The request pipeline through HTTP: request ids, routing, authentication, the order of checks,
// validation details and the error envelope.
import { describe, expect, it } from 'vitest';
import { KEYS } from '../fixtures/seed';
import { api, expectDetail, expectError, V1 } from '../support/http';

const NYC = { state: 'NY', zip: '10001' };
const doc = (lines: unknown[], extra: Record<string, unknown> = {}) => ({ date: '2026-04-15', ship_to: NYC, lines, ...extra });

describe('routing and envelope', () => {
  it('answers an unknown path with 404 not_found, before authentication', async () => {
    const res = await api('GET', `${V1}/no-such-thing`);
    expectError(res, 404, 'not_found');
  });

  it('answers a malformed path encoding with 404, not an error', async () => {
    expectError(await api('GET', `${V1}/transactions/%E0`, { key: KEYS.admin }), 404, 'not_found');
  });

  it('answers a known path with the wrong method with 405 method_not_allowed', async () => {
    expectError(await api('DELETE', `${V1}/config`, { key: KEYS.admin }), 405, 'method_not_allowed');
    expectError(await api('PUT', `${V1}/calculations`), 405, 'method_not_allowed');
  });

  it('puts a fresh X-Request-Id on every response, successes included', async () => {
    const a = await api('GET', `${V1}/config`, { key: KEYS.admin });
    const b = await api('GET', `${V1}/config`, { key: KEYS.admin });
    expect(a.status).toBe(200);
    expect(a.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers.get('x-request-id')).not.toBe(b.headers.get('x-request-id'));
  });
});

describe('authentication', () => {
  it('rejects a request without a key', async () => {
    expectError(await api('GET', `${V1}/config`), 401, 'missing_api_key');
  });

  it('rejects unknown, revoked and expired keys alike', async () => {
    for (const key of [KEYS.unknown, KEYS.revoked, KEYS.expired]) expectError(await api('GET', `${V1}/config`, { key }), 401, 'invalid_api_key');
  });

  it('accepts the key in X-Api-Key as well as in Authorization: Bearer', async () => {
    expect((await api('GET', `${V1}/config`, { key: KEYS.admin, auth: 'x-api-key' })).status).toBe(200);
  });

  it('rejects Bearer and X-Api-Key naming different keys, but accepts the same key twice', async () => {
    expectError(await api('GET', `${V1}/config`, { key: KEYS.admin, headers: { 'X-Api-Key': KEYS.second } }), 401, 'invalid_api_key');
    expect((await api('GET', `${V1}/config`, { key: KEYS.admin, headers: { 'X-Api-Key': KEYS.admin } })).status).toBe(200);
  });

  it('rejects an Authorization header that is not a Bearer key', async () => {
    expectError(await api('GET', `${V1}/config`, { headers: { Authorization: 'Basic dXNlcjpwYXNz' } }), 401, 'invalid_api_key');
  });
});

describe('order of checks', () => {
  it('checks the module before scope and body', async () => {
    expectError(await api('POST', `${V1}/calculations`, { key: KEYS.noModule, body: { nonsense: true } }), 403, 'module_not_enabled');
  });

  it('checks the scope before the body', async () => {
    expectError(await api('POST', `${V1}/calculations`, { key: KEYS.narrow, raw: '{not json' }), 403, 'insufficient_scope');
  });

  it('checks the credential kind before the scope', async () => {
    expectError(await api('GET', `${V1}/account`, { key: KEYS.locNyc }), 403, 'organization_scope_required');
    expectError(await api('GET', `${V1}/account`, { key: KEYS.narrow }), 403, 'insufficient_scope');
  });

  it('validates the body before running the business rules', async () => {
    const res = await api('POST', `${V1}/calculations`, { key: KEYS.admin, body: doc([{ amount: -1 }], { ship_to: { state: 'NY', zip: 'bad' } }) });
    expectError(res, 422, 'validation_error');
  });
});

describe('validation', () => {
  it('reports every failing field with its dotted target and never echoes values', async () => {
    const res = await api('POST', `${V1}/calculations`, {
      key: KEYS.admin,
      body: { ...doc([{ amount: 5 }, { amount: -612.37, quantity: 0 }, { amount: 'ZZZ-SENTINEL-1' }]), gift_wrap: 'ZZZ-SENTINEL-2' },
    });
    const error = expectError(res, 422, 'validation_error');
    expectDetail(error, 'greater_than_equal', 'lines.1.amount');
    expectDetail(error, 'greater_than', 'lines.1.quantity');
    expectDetail(error, 'number_type', 'lines.2.amount');
    expectDetail(error, 'extra_forbidden', 'gift_wrap');
    expect(error.details!.some((d) => d.target === 'lines.0.amount')).toBe(false);
    expect(res.text).not.toContain('ZZZ-SENTINEL');
    expect(res.text).not.toContain('612.37');
  });

  it('reports missing fields, type errors and bad dates', async () => {
    const res = await api('POST', `${V1}/calculations`, { key: KEYS.admin, body: { date: '2026-02-30', ship_to: { state: 'NY', zip: 10001 } } });
    const error = expectError(res, 422, 'validation_error');
    expectDetail(error, 'missing', 'lines');
    expectDetail(error, 'string_type', 'ship_to.zip');
    expectDetail(error, 'date_format', 'date');
  });

  it('answers a body that is not JSON with json_invalid at body, without the text', async () => {
    const res = await api('POST', `${V1}/calculations`, { key: KEYS.admin, raw: '{"lines": [ZZZ-SENTINEL-3' });
    expectDetail(expectError(res, 422, 'validation_error'), 'json_invalid', 'body');
    expect(res.text).not.toContain('ZZZ-SENTINEL');
  });

  it('requires a body where the endpoint takes one', async () => {
    expectDetail(expectError(await api('POST', `${V1}/calculations`, { key: KEYS.admin }), 422, 'validation_error'), 'missing', 'body');
  });

  it('rejects unknown query parameters and bad list limits', async () => {
    const error = expectError(await api('GET', `${V1}/locations?limit=500&color=red`, { key: KEYS.admin }), 422, 'validation_error');
    expectDetail(error, 'less_than_equal', 'query.limit');
    expectDetail(error, 'extra_forbidden', 'query.color');
  });

  it('refuses a location the account does not have (404), wherever it is named', async () => {
    const error = expectError(
      await api('POST', `${V1}/calculations`, { key: KEYS.admin, body: doc([{ amount: 1 }], { location_code: 'NOPE' }) }),
      404,
      'not_found',
    );
    expectDetail(error, 'not_found', 'location_code');
    expectError(await api('POST', `${V1}/customers`, { key: KEYS.admin, body: { customer_code: 'X1', location_code: 'NOPE' } }), 404, 'not_found');
  });

  it('pages the tax-code catalog within the list limits', async () => {
    expectDetail(expectError(await api('GET', `${V1}/tax-codes?limit=101`, { key: KEYS.admin }), 422, 'validation_error'), 'less_than_equal', 'query.limit');
    const first = await api('GET', `${V1}/tax-codes`, { key: KEYS.admin });
    expect(first.body.data).toHaveLength(25);
    const next = await api('GET', `${V1}/tax-codes?cursor=${first.body.next_cursor}`, { key: KEYS.admin });
    expect(next.body.data[0].code > first.body.data[24].code).toBe(true);
  });

  it('rejects a duplicate line number', async () => {
    const res = await api('POST', `${V1}/calculations`, { key: KEYS.admin, body: doc([{ amount: 1 }, { amount: 2, number: '1' }]) });
    expectDetail(expectError(res, 422, 'validation_error'), 'duplicate_value', 'lines.1.number');
  });
});

describe('address resolution', () => {
  it('judges ZIP, state and country values with 400 invalid_address, types with 422', async () => {
    const calc = (ship_to: object) => api('POST', `${V1}/calculations`, { key: KEYS.admin, body: { date: '2026-04-15', ship_to, lines: [{ amount: 1 }] } });
    expectError(await calc({ state: 'NY', zip: '1000A' }), 400, 'invalid_address');
    expectError(await calc({ state: 'ZZ', zip: '10001' }), 400, 'invalid_address');
    expectError(await calc({ state: 'TX', zip: '10001' }), 400, 'invalid_address');
    expectError(await calc({ state: 'NY', zip: '10001', country: 'CA' }), 400, 'invalid_address');
    expect((await calc({ state: 'ny', zip: '10001-2345', country: 'us' })).status).toBe(200);
    expect((await calc({ zip: '10001' })).body.lines[0].address).toEqual({ state: 'NY', zip: '10001', precision: 'zip5' });
    expectError(await calc({ state: 'NY', zip: '00000' }), 422, 'rate_unavailable');
    expectDetail(expectError(await calc({ state: 'NY', zip: 10001 }), 422, 'validation_error'), 'string_type', 'ship_to.zip');
  });
});

describe('internal errors', () => {
  it('answers a sandbox X-Simulate internal_error with a 500 envelope that reveals nothing', async () => {
    const res = await api('POST', `${V1}/calculations`, { key: KEYS.admin, body: doc([{ amount: 10 }]), headers: { 'X-Simulate': 'internal_error' } });
    expectError(res, 500, 'internal_error');
    expect(res.text).not.toMatch(/stack|\.ts:\d|\/work\/|node_modules|simulated/i);
  });

  it('ignores X-Simulate for production keys', async () => {
    const res = await api('POST', `${V1}/calculations`, { key: KEYS.adminLive, body: doc([{ amount: 10 }]), headers: { 'X-Simulate': 'internal_error' } });
    expect(res.status).toBe(200);
  });
});
