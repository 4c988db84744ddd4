// Every response framed (docs/security.md, "Every response framed"): whatever refuses a request —
// the local front (playing API Gateway), Node's HTTP parser, or a function — the answer carries
// X-Request-Id and the error shape of the request's surface: TaxJar's {error, detail, status} below
// /taxjar, the API's error envelope elsewhere. Written byte for byte where fetch cannot send the
// request (test/support/raw-http.ts).
import { describe, expect, it } from 'vitest';
import { KEYS } from '../fixtures/seed';
import { api, V1 } from '../support/http';
import { type RawResponse, rawRequest } from '../support/raw-http';
import { describeLocal } from '../support/target';

const TAXJAR = '/taxjar/v2';

function expectEnvelope(res: RawResponse, status: number, code: string): void {
  expect(res.status, res.body).toBe(status);
  const id = res.headers.get('x-request-id');
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(JSON.parse(res.body)).toEqual({ error: { code, message: expect.any(String), request_id: id, severity: 'error' } });
}

function expectTaxjarShape(
  res: { status: number; headers: { get(name: string): string | null | undefined }; body: string },
  status: number,
  code: string,
): void {
  expect(res.status, res.body).toBe(status);
  expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  const body = JSON.parse(res.body);
  expect(body).toEqual({ error: expect.any(String), detail: expect.stringContaining(`[${code}]`), status });
  expect(body.error).not.toBe('Error');
}

const raw = async (head: string, body = '') => {
  const res = await rawRequest(head, body);
  return { ...res, headers: { get: (name: string) => res.headers.get(name) } };
};

// What the local front answers in API Gateway's place (on AWS, API Gateway's own: docs/security.md).
describeLocal('an Expect header the service does not meet', () => {
  it('is 417 with the envelope on /api/v1 and in TaxJar’s shape on its surface, never a bare 417', async () => {
    expectEnvelope(await rawRequest(`GET ${V1}/config HTTP/1.1\r\nExpect: nonsense`), 417, 'invalid_request');
    expectEnvelope(await rawRequest(`POST ${V1}/calculations HTTP/1.1\r\nExpect: 200-ok\r\nContent-Type: application/json`, '{}'), 417, 'invalid_request');
    expectTaxjarShape(await raw(`POST ${TAXJAR}/taxes HTTP/1.1\r\nExpect: nonsense\r\nContent-Type: application/json`, '{}'), 417, 'invalid_request');
  });

  it('100-continue is met: the request is served', async () => {
    const res = await rawRequest(`GET ${V1}/config HTTP/1.1\r\nExpect: 100-continue\r\nAuthorization: Bearer ${KEYS.admin}`);
    expect([100, 200]).toContain(res.status);
  });
});

describeLocal('CONNECT', () => {
  it('is answered 405 with the envelope, not a closed connection', async () => {
    expectEnvelope(await rawRequest('CONNECT example.com:443 HTTP/1.1'), 405, 'method_not_allowed');
    expectEnvelope(await rawRequest('CONNECT 169.254.169.254:80 HTTP/1.1'), 405, 'method_not_allowed');
  });
});

describe('the TaxJar surface answers in its own shape', () => {
  it('an unknown path below /taxjar, and /taxjar itself: 404', async () => {
    for (const path of [`${TAXJAR}/no-such-thing`, `${TAXJAR}/transactions/orders/a/b/c`, '/taxjar', '/taxjar/', '/taxjar/v3/taxes']) {
      const res = await api('GET', path, { key: KEYS.taxjar });
      expectTaxjarShape({ status: res.status, headers: res.headers, body: res.text }, 404, 'not_found');
    }
    // Without a key too: the route is decided first.
    const res = await api('POST', `${TAXJAR}/nope`);
    expectTaxjarShape({ status: res.status, headers: res.headers, body: res.text }, 404, 'not_found');
  });

  it('a wrong method (405), as before', async () => {
    const res = await api('PATCH', `${TAXJAR}/taxes`, { key: KEYS.taxjar });
    expectTaxjarShape({ status: res.status, headers: res.headers, body: res.text }, 405, 'method_not_allowed');
  });
});

// On AWS these are API Gateway's gateway responses, per API and so in the API's error envelope.
describeLocal("what the local front refuses itself, in the surface's shape", () => {
  it('a body over 10 MB: 413', async () => {
    const big = JSON.stringify({ to_zip: '10001', pad: 'x'.repeat(10 * 1024 * 1024) });
    expectTaxjarShape(
      await raw(`POST ${TAXJAR}/taxes HTTP/1.1\r\nAuthorization: Bearer ${KEYS.taxjar}\r\nContent-Type: application/json`, big),
      413,
      'invalid_request',
    );
    const refused = await rawRequest(`POST ${V1}/calculations HTTP/1.1\r\nAuthorization: Bearer ${KEYS.admin}\r\nContent-Type: application/json`, big);
    expectEnvelope(refused, 413, 'invalid_request');
    // It says what is too large and the limit, not only that the request was refused.
    expect(refused.body).toContain('larger than 10,485,760 bytes');
  });

  it('what Node’s parser refuses: a header too large (431), a control byte (400)', async () => {
    expectTaxjarShape(await raw(`GET ${TAXJAR}/categories HTTP/1.1\r\nX-Big: ${'a'.repeat(17 * 1024)}`), 431, 'invalid_request');
    expectTaxjarShape(await raw(`GET ${TAXJAR}/categories HTTP/1.1\r\nX-Ctl: a\u0001b`), 400, 'invalid_request');
    expectEnvelope(await rawRequest(`GET ${V1}/config HTTP/1.1\r\nX-Ctl: a\u0001b`), 400, 'invalid_request');
  });
});

describeLocal('an Upgrade request', () => {
  it('is served as an ordinary request (no protocol switch)', async () => {
    const res = await rawRequest(`GET ${V1}/config HTTP/1.1\r\nConnection: Upgrade\r\nUpgrade: websocket`);
    expectEnvelope(res, 401, 'missing_api_key');
  });
});
