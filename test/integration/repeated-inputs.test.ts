// One caller, one selection (docs/security.md, "One caller per request"): a request that repeats a
// header or query parameter which selects something — the credential, the provider's client, the
// idempotency key, a sandbox fault, a list's page — is refused whole, on every surface, instead of
// being served as one of its values (a proxy, WAF or log in front may have read another). The
// per-route sweep of duplicated credentials is in authorization-matrix.test.ts.
import { describe, expect, it } from 'vitest';
import { ENGAGEMENTS, KEYS } from '../fixtures/seed';
import { apiWithHeaders, expectDetail, expectError, unique, V1 } from '../support/http';

const bearer = (key: string) => ['Authorization', `Bearer ${key}`] as const;
const doc = { date: '2026-04-15', ship_to: { state: 'NY', zip: '10001' }, lines: [{ amount: 10 }] };

describe('credentials', () => {
  it('two Authorization headers, alike or not, in one or two letter cases, or two X-Api-Key headers: 401 invalid_api_key', async () => {
    const twice: (readonly (readonly [string, string])[])[] = [
      [bearer(KEYS.admin), bearer(KEYS.admin)],
      [bearer(KEYS.second), bearer(KEYS.admin)],
      [bearer(KEYS.admin), ['authorization', `Bearer ${KEYS.admin}`]],
      [
        ['X-Api-Key', KEYS.admin],
        ['X-Api-Key', KEYS.admin],
      ],
      [
        ['x-api-key', KEYS.admin],
        ['X-API-KEY', KEYS.other],
      ],
      [bearer(KEYS.admin), ['X-Api-Key', KEYS.admin], ['X-Api-Key', KEYS.admin]],
    ];
    for (const headers of twice) expectError(await apiWithHeaders('GET', `${V1}/config`, headers), 401, 'invalid_api_key');
    // One credential, or the same key once in each header, is served.
    expect((await apiWithHeaders('GET', `${V1}/config`, [bearer(KEYS.admin)])).status).toBe(200);
    expect((await apiWithHeaders('GET', `${V1}/config`, [bearer(KEYS.admin), ['X-Api-Key', KEYS.admin]])).status).toBe(200);
  });

  it("on the TaxJar surface too, TaxJar's Token form included, in TaxJar's error shape", async () => {
    const token = (key: string) => ['Authorization', `Token token="${key}"`] as const;
    for (const headers of [
      [token(KEYS.taxjar), token(KEYS.taxjar)],
      [token(KEYS.taxjar), bearer(KEYS.taxjar)],
    ]) {
      const res = await apiWithHeaders('GET', '/taxjar/v2/categories', headers);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Unauthorized', detail: expect.stringContaining('[invalid_api_key]'), status: 401 });
      expect(res.headers.get('x-request-id')).toBeTruthy();
    }
    expect((await apiWithHeaders('GET', '/taxjar/v2/categories', [token(KEYS.taxjar)])).status).toBe(200);
  });
});

describe('selections', () => {
  it("a provider key's client context sent twice, even naming the same engagement: 400 invalid_client_context", async () => {
    type Header = readonly [string, string];
    const ref: Header = ['X-Service-Client-Ref', ENGAGEMENTS.usable.ref];
    const id: Header = ['X-Service-Client-Id', String(ENGAGEMENTS.usable.id)];
    const selections: Header[][] = [
      [ref, ref],
      [id, id],
      [ref, ['x-service-client-ref', ENGAGEMENTS.usable.ref]],
      [ref, id, id],
    ];
    for (const selection of selections)
      expectError(await apiWithHeaders('GET', `${V1}/transactions`, [bearer(KEYS.provider), ...selection]), 400, 'invalid_client_context');
    expect((await apiWithHeaders('GET', `${V1}/transactions`, [bearer(KEYS.provider), ref, id])).status).toBe(200);
    // An account key reads no client context: the headers select nothing for it.
    expect((await apiWithHeaders('GET', `${V1}/transactions`, [bearer(KEYS.admin), ref, ref])).status).toBe(200);
  });

  it('Idempotency-Key twice: 422 duplicate_value at header.Idempotency-Key, and nothing runs', async () => {
    const key = unique('idem');
    const code = unique('DUP');
    const res = await apiWithHeaders('POST', `${V1}/transactions`, [bearer(KEYS.admin), ['Idempotency-Key', key], ['Idempotency-Key', key]], { ...doc, code });
    expectDetail(expectError(res, 422, 'validation_error'), 'duplicate_value', 'header.Idempotency-Key');
    expectError(await apiWithHeaders('GET', `${V1}/transactions/${code}`, [bearer(KEYS.admin)]), 404, 'transaction_not_found');
    expect((await apiWithHeaders('POST', `${V1}/transactions`, [bearer(KEYS.admin), ['Idempotency-Key', key]], { ...doc, code })).status).toBe(201);
  });

  it('X-Simulate twice on a sandbox key: 422 duplicate_value; production keys do not read it', async () => {
    const simulate = ['X-Simulate', 'internal_error'] as const;
    const res = await apiWithHeaders('POST', `${V1}/calculations`, [bearer(KEYS.admin), simulate, simulate], doc);
    expectDetail(expectError(res, 422, 'validation_error'), 'duplicate_value', 'header.X-Simulate');
    expect((await apiWithHeaders('POST', `${V1}/calculations`, [bearer(KEYS.adminLive), simulate, simulate], doc)).status).toBe(200);
  });

  it('a query parameter repeated: 422 duplicate_value at query.<name> (400 in TaxJar’s shape on its surface)', async () => {
    const listed = await apiWithHeaders('GET', `${V1}/transactions?limit=1&limit=2&status=committed&status=voided`, [bearer(KEYS.admin)]);
    const error = expectError(listed, 422, 'validation_error');
    expectDetail(error, 'duplicate_value', 'query.limit');
    expectDetail(error, 'duplicate_value', 'query.status');
    const rates = await apiWithHeaders('GET', '/taxjar/v2/rates/10001?state=NY&state=NY', [bearer(KEYS.taxjar)]);
    expect(rates.status).toBe(400);
    expect(rates.body.detail).toContain('query.state');
    expect((await apiWithHeaders('GET', `${V1}/transactions?limit=1`, [bearer(KEYS.admin)])).status).toBe(200);
  });
});
