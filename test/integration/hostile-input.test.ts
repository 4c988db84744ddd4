// Input an attacker would try, through HTTP: names of Object.prototype members as header and query
// names, bodies nested thousands deep, identifiers past DynamoDB's key limits, altered list
// cursors, oversized headers and control bytes in headers. Each is refused cleanly: the API's
// status and code, the envelope and an X-Request-Id, never a 500.
import { describe, expect, it } from 'vitest';
import { companyNumber } from '../../functions/core/avatax/ids';
import { KEYS } from '../fixtures/seed';
import { api, expectDetail, expectError, type Res, unique, V1 } from '../support/http';
import { rawRequest } from '../support/raw-http';

const PROTO_NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];
const ship_to = { state: 'NY', zip: '10001' };
const DATE = '2026-04-15';

function expectEnvelope(res: Res): void {
  expect(res.status, res.text).toBeLessThan(500);
  expect(res.headers.get('x-request-id')).toBeTruthy();
  if (res.status >= 400) expect(res.body?.error?.request_id).toBe(res.headers.get('x-request-id'));
}

const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('Object.prototype member names', () => {
  for (const name of PROTO_NAMES) {
    it(`"${name}" as a header and a query name, with and without a key`, async () => {
      for (const key of [undefined, KEYS.admin]) {
        const header = await api('GET', `${V1}/config`, { key, headers: { [name]: 'x' } });
        expectEnvelope(header);
        if (key) expect(header.status).toBe(200);
        else expectError(header, 401, 'missing_api_key');
        // A route without a query schema ignores the query string, as API Gateway passes it through.
        expectEnvelope(await api('GET', `${V1}/config?${name}=1&${name}=2`, { key }));
        const listed = await api('GET', `${V1}/transactions?${name}=1`, { key });
        if (key) expectDetail(expectError(listed, 422, 'validation_error'), 'extra_forbidden', `query.${name}`);
        else expectError(listed, 401, 'missing_api_key');
        expectEnvelope(await api('POST', `${V1}/calculations?${name}=1`, { key, body: { date: DATE, ship_to, lines: [{ amount: 1 }] } }));
      }
    });
  }

  it('as body member names: refused as unknown fields, never reaching a prototype', async () => {
    for (const name of PROTO_NAMES) {
      const raw = `{"date":"${DATE}","ship_to":{"state":"NY","zip":"10001"},"lines":[{"amount":1}],"${name}":{"x":1}}`;
      const res = await api('POST', `${V1}/calculations`, { key: KEYS.admin, raw });
      expectDetail(expectError(res, 422, 'validation_error'), 'extra_forbidden', name);
    }
  });
});

describe('deep nesting', () => {
  for (const depth of [5_000, 10_000]) {
    it(`a replacement nested ${depth} deep on POST /transactions/adjustments with an Idempotency-Key is a clean 422`, async () => {
      const raw = `{"original_code":"${unique('O')}","reversal_code":"${unique('R')}","replacement_code":"${unique('P')}","replacement":${deep(depth)}}`;
      for (const headers of [{ 'Idempotency-Key': unique('idem') }, {}]) {
        const res = await api('POST', `${V1}/transactions/adjustments`, { key: KEYS.admin, raw, headers });
        expectDetail(expectError(res, 422, 'validation_error'), 'json_invalid', 'body');
      }
    });
  }

  it('a batch item request nested deep (its request is validated only when it runs) is a clean 422 with an Idempotency-Key', async () => {
    const raw = `{"items":[{"reference_id":"r1","request":${deep(10_000)}}]}`;
    const res = await api('POST', `${V1}/batches`, { key: KEYS.admin, raw, headers: { 'Idempotency-Key': unique('idem') } });
    expectDetail(expectError(res, 422, 'validation_error'), 'json_invalid', 'body');
  });

  it('nesting inside strings does not count', async () => {
    const res = await api('POST', `${V1}/calculations`, { key: KEYS.admin, body: { date: DATE, ship_to, lines: [{ amount: 1, description: deep(60) }] } });
    expect(res.status, res.text).toBe(200);
  });
});

describe('identifiers past the key limits', () => {
  const long = (n: number) => 'A'.repeat(n);
  const cases: [string, string, number][] = [
    ['GET', '/customers/{}', 1_100],
    ['POST', '/customers/{}/certificates', 1_100],
    ['GET', '/certificates/{}', 1_010],
    ['POST', '/certificates/{}/activate', 1_010],
    ['GET', '/transactions/{}', 2_030],
    ['POST', '/transactions/{}/refunds', 2_030],
    ['POST', '/transactions/{}/void', 2_030],
    ['POST', '/transactions/{}/credits', 2_030],
    ['GET', '/batches/{}', 2_030],
    ['GET', '/batches/{}/items', 2_030],
    ['DELETE', '/keys/{}', 2_030],
  ];
  for (const [method, path, length] of cases) {
    it(`${method} ${path} with ids of ${length} and 8,000 characters: the route's 404`, async () => {
      for (const n of [length, length + 1, 8_000]) {
        const res = await api(method, V1 + path.replace('{}', long(n)), {
          key: KEYS.admin,
          body: method === 'POST' ? (path.endsWith('refunds') || path.endsWith('credits') ? { lines: [{ line_number: 1, amount: 1 }] } : {}) : undefined,
        });
        expectEnvelope(res);
        if (res.status === 422) continue; // a body check of the route (the order of checks: body before the operation's own rules)
        expect(res.status, `${n}: ${res.text}`).toBe(404);
        expect(['not_found', 'transaction_not_found']).toContain(res.body.error.code);
        expect(res.text).not.toContain('AAAAAAAAAA');
      }
    });
  }
});

describe('the AvaTax-compatible surface', () => {
  const EAST = companyNumber('acct_avatax', 'EAST');
  const avatax = (method: string, path: string, options: { body?: unknown; raw?: string; headers?: Record<string, string> } = {}) =>
    api(method, `/api/v2${path}`, { key: KEYS.avatax, ...options });
  const expectAvatax = (res: Res, status: number, code: string) => {
    expect(res.status, res.text).toBe(status);
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect(res.body.error.code).toBe(code);
  };

  it('reads Object.prototype member names as query names as unknown parameters, and refuses them as filter fields', async () => {
    for (const name of PROTO_NAMES) {
      expect((await avatax('GET', `/definitions/taxcodes?${name}=1`)).status).toBe(200);
      // Repeated, it is refused as every repeated query parameter is (one value, or none read).
      expectAvatax(await avatax('GET', `/definitions/taxcodes?${name}=1&${name}=2`), 400, 'DuplicateEntry');
      const resolved = await avatax('GET', `/addresses/resolve?postalCode=11201&${name}=x`);
      expect(resolved.status).toBe(200);
      expect(resolved.body).not.toHaveProperty('messages');
      expectAvatax(await avatax('GET', `/definitions/taxcodes?$filter=${encodeURIComponent(`${name} eq 1`)}`), 400, 'InvalidQueryField');
      expectAvatax(await avatax('GET', `/companies?$orderBy=${name}`), 400, 'FieldNotOrderableError');
    }
  });

  it('ignores Object.prototype member names as body members', async () => {
    for (const name of PROTO_NAMES) {
      const resolved = await avatax('POST', '/addresses/resolve', { raw: `{"postalCode":"11201","${name}":{"x":1}}` });
      expect(resolved.status, resolved.text).toBe(200);
      expect(resolved.body.validatedAddresses[0].region).toBe('NY');
      const code = unique('proto');
      const made = await avatax('POST', `/companies/${EAST}/customers`, { raw: `[{"customerCode":"${code}","name":"x","${name}":{"x":1}}]` });
      expect(made.status, made.text).toBe(201);
      expect(Object.keys(made.body[0])).not.toContain(name);
    }
  });

  it('answers codes and company numbers past any key limit with its 404, a code too long to keep with StringLengthError', async () => {
    for (const n of [1_100, 8_000]) {
      expectAvatax(await avatax('GET', `/companies/${EAST}/customers/${'A'.repeat(n)}`), 404, 'EntityNotFoundError');
      expectAvatax(await avatax('GET', `/companies/${'9'.repeat(n)}/customers`), 404, 'EntityNotFoundError');
    }
    const long = await avatax('POST', `/companies/${EAST}/customers`, { body: [{ customerCode: 'A'.repeat(256), name: 'x' }] });
    expectAvatax(long, 400, 'StringLengthError');
    expect(long.text).not.toContain('AAAAAAAAAA');
  });

  it('serves a request whose X-Avalara-Client is long or odd (the access log keeps a bounded part of it)', async () => {
    for (const client of ['a'.repeat(6_000), 'app; 1.0; JavascriptSdk; 26.9.0; {"json": true}\t']) {
      const res = await avatax('GET', '/definitions/entityusecodes?$filter=code%20eq%20G', { headers: { 'X-Avalara-Client': client } });
      expect(res.status, res.text).toBe(200);
    }
  });
});

describe('altered list cursors', () => {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

  /**
   * Cursors are sealed (functions/core/lists/cursor-seal.ts): positions a store would read, written
   * by hand, and every way a real cursor can be changed (a character, its end cut, something added).
   */
  function alterations(cursor: string | null): string[] {
    const fabricated = [
      'not a cursor!',
      encode(null),
      encode({}),
      encode({ after: 'x' }),
      encode({ from: 0 }),
      encode({ before: 'x' }),
      encode({ PK: 'x', SK: 'x', GSI1PK: 'x', GSI1SK: 'x' }),
      'c1.',
      `c1.${'A'.repeat(80)}`,
    ];
    if (!cursor) return fabricated;
    const swap = (at: number) => cursor.slice(0, at) + (cursor[at] === 'A' ? 'B' : 'A') + cursor.slice(at + 1);
    return [
      ...fabricated,
      ...[3, 10, Math.floor(cursor.length / 2), cursor.length - 2, cursor.length - 1].map(swap),
      cursor.slice(0, -1),
      cursor.slice(0, cursor.length / 2),
      `${cursor}A`,
      `c2.${cursor.slice(3)}`,
    ];
  }

  async function check(path: string, key: string = KEYS.admin, headers: Record<string, string> = {}) {
    const first = await api('GET', `${V1}${path}${path.includes('?') ? '&' : '?'}limit=1`, { key, headers });
    expect(first.status, `${path}: ${first.text}`).toBe(200);
    for (const cursor of alterations(first.body.next_cursor)) {
      const res = await api('GET', `${V1}${path}${path.includes('?') ? '&' : '?'}limit=1&cursor=${encodeURIComponent(cursor)}`, { key, headers });
      expect(res.status, `${path} with ${cursor}`).toBe(422);
      expectDetail(expectError(res, 422, 'validation_error'), 'string_pattern_mismatch', 'query.cursor');
    }
    return first.body.next_cursor as string | null;
  }

  it('on every list', async () => {
    for (const code of [unique('C1'), unique('C2')])
      expect((await api('POST', `${V1}/transactions`, { key: KEYS.admin, body: { code, date: DATE, ship_to, lines: [{ amount: 1 }] } })).status).toBe(201);
    for (const code of [unique('CUST'), unique('CUST')])
      expect((await api('POST', `${V1}/customers`, { key: KEYS.admin, body: { customer_code: code, name: 'Acme' } })).status).toBe(201);
    const items = Array.from({ length: 3 }, (_, i) => ({ reference_id: `r${i}`, request: { date: DATE, ship_to, lines: [{ amount: 1 }] } }));
    const batch = await api('POST', `${V1}/batches`, { key: KEYS.admin, body: { items } });
    expect(batch.status, batch.text).toBe(202);
    expect((await api('POST', `${V1}/batches`, { key: KEYS.admin, body: { items } })).status).toBe(202);

    const withCursor = [
      await check('/transactions'),
      await check('/customers'),
      await check('/batches'),
      await check('/keys'),
      await check('/locations'),
      await check('/items'),
      await check('/tax-codes'),
      await check('/provider/engagements', KEYS.provider),
    ];
    expect(withCursor.every((c) => typeof c === 'string')).toBe(true);
    await check('/certificates');
    await check('/batches?status=pending');
    await check('/transactions?status=committed');
    // Items of a batch page by position once it has finished.
    for (let i = 0; i < 100; i++) {
      const got = await api('GET', `${V1}/batches/${batch.body.id}?items_limit=0`, { key: KEYS.admin });
      if (got.body.status !== 'pending') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await check(`/batches/${batch.body.id}/items`);
  });
});

describe('what Node refuses before the handler', () => {
  it('a 17 KB header: 431 with the envelope and a request id', async () => {
    const res = await rawRequest(`GET ${V1}/config HTTP/1.1\r\nX-Big: ${'a'.repeat(17 * 1024)}`);
    expect(res.status).toBe(431);
    const id = res.headers.get('x-request-id');
    expect(id).toBeTruthy();
    expect(JSON.parse(res.body)).toEqual({ error: { code: 'invalid_request', message: expect.any(String), request_id: id, severity: 'error' } });
  });

  it('a NUL or another control byte in a header value, a malformed request line: 400 with the envelope', async () => {
    for (const head of [`GET ${V1}/config HTTP/1.1\r\nX-Nul: a\u0000b`, `GET ${V1}/config HTTP/1.1\r\nX-Ctl: a\u0001b`, 'NOT A REQUEST LINE']) {
      const res = await rawRequest(head);
      expect(res.status).toBe(400);
      const body = JSON.parse(res.body);
      expect(body.error.code).toBe('invalid_request');
      expect(body.error.request_id).toBe(res.headers.get('x-request-id'));
    }
  });

  it('a header just under the limit still reaches the service', async () => {
    const res = await rawRequest(`GET ${V1}/config HTTP/1.1\r\nX-Big: ${'a'.repeat(8 * 1024)}`);
    expect(res.status).toBe(401);
    expect(res.body).toContain(`"request_id":"${res.headers.get('x-request-id')}"`);
  });
});

describe('key scope escalation', () => {
  it('a key issues only keys whose scopes it holds itself; `*` only from `*`', async () => {
    const admin = await api('POST', `${V1}/keys`, {
      key: KEYS.admin,
      body: { name: unique('adm'), environment: 'sandbox', scopes: ['account:admin', 'transactions:read'] },
    });
    expect(admin.status, admin.text).toBe(201);
    const narrowAdmin = admin.body.key as string;
    for (const scopes of [['*'], ['transactions:write'], ['account:admin', 'certificates:review']]) {
      const res = await api('POST', `${V1}/keys`, { key: narrowAdmin, body: { name: unique('esc'), environment: 'sandbox', scopes } });
      expectError(res, 403, 'insufficient_scope');
    }
    const ok = await api('POST', `${V1}/keys`, { key: narrowAdmin, body: { name: unique('ok'), environment: 'sandbox', scopes: ['transactions:read'] } });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.scopes).toEqual(['transactions:read']);
  });
});
