// The retry policy without a network: a scripted fetch answers, the sleeps are recorded.
import { describe, expect, it } from 'vitest';
import { createClient, isRepeatable, retryingFetch } from '../../src/index';

type Script = (request: Request, attempt: number) => Response | Error;

function scripted(script: Script) {
  const seen: Request[] = [];
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    seen.push(request);
    const answer = script(request, seen.length - 1);
    if (answer instanceof Error) throw answer;
    return answer;
  }) as typeof globalThis.fetch;
  return { fetch, seen };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
const ok = () => json(200, { ok: true });
const error = (status: number, code: string, headers: Record<string, string> = {}) =>
  json(status, { error: { code, message: code, request_id: 'r', severity: 'error' } }, headers);

const BASE = 'http://api.test';

describe('retryingFetch', () => {
  it('waits Retry-After on 429 and retries, whatever the method', async () => {
    const sleeps: number[] = [];
    const { fetch, seen } = scripted((_, n) => (n < 2 ? error(429, 'rate_limit_exceeded', { 'Retry-After': String(n + 1) }) : ok()));
    const res = await retryingFetch(fetch, { sleep: async (ms) => void sleeps.push(ms) })(`${BASE}/api/v1/transactions`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(200);
    expect(sleeps).toEqual([1000, 2000]);
    expect(seen).toHaveLength(3);
  });

  it('caps the wait and gives up after `retries`', async () => {
    const sleeps: number[] = [];
    const { fetch, seen } = scripted(() => error(429, 'rate_limit_exceeded', { 'Retry-After': '120' }));
    const res = await retryingFetch(fetch, { retries: 2, maxDelayMs: 5000, sleep: async (ms) => void sleeps.push(ms) })(`${BASE}/api/v1/config`);
    expect(res.status).toBe(429);
    expect(sleeps).toEqual([5000, 5000]);
    expect(seen).toHaveLength(3);
  });

  it('retries a 5xx of a calculation, never of a write without an Idempotency-Key', async () => {
    const sleep = async () => undefined;
    const calc = scripted((_, n) => (n === 0 ? error(500, 'internal_error') : ok()));
    expect((await retryingFetch(calc.fetch, { sleep })(`${BASE}/api/v1/calculations`, { method: 'POST', body: '{}' })).status).toBe(200);
    const write = scripted(() => error(500, 'internal_error'));
    expect((await retryingFetch(write.fetch, { sleep })(`${BASE}/api/v1/transactions`, { method: 'POST', body: '{}' })).status).toBe(500);
    expect(write.seen).toHaveLength(1);
  });

  it('retries a write with an Idempotency-Key, sending the same key and body each time', async () => {
    const { fetch, seen } = scripted((_, n) => (n === 0 ? new TypeError('socket hang up') : n === 1 ? error(502, 'internal_error') : ok()));
    const res = await retryingFetch(fetch, { sleep: async () => undefined })(`${BASE}/api/v1/transactions`, {
      method: 'POST',
      headers: { 'Idempotency-Key': 'k-1' },
      body: '{"code":"A"}',
    });
    expect(res.status).toBe(200);
    expect(seen.map((r) => r.headers.get('idempotency-key'))).toEqual(['k-1', 'k-1', 'k-1']);
    expect(await Promise.all(seen.map((r) => r.text()))).toEqual(['{"code":"A"}', '{"code":"A"}', '{"code":"A"}']);
  });

  it('waits out an idempotent call still in progress (409 with Retry-After), but not a payload conflict', async () => {
    const sleep = async () => undefined;
    const running = scripted((_, n) => (n === 0 ? error(409, 'idempotency_conflict', { 'Retry-After': '1' }) : ok()));
    const init = { method: 'POST', headers: { 'Idempotency-Key': 'k' }, body: '{}' };
    expect((await retryingFetch(running.fetch, { sleep })(`${BASE}/api/v1/transactions`, init)).status).toBe(200);
    const conflict = scripted(() => error(409, 'idempotency_conflict'));
    expect((await retryingFetch(conflict.fetch, { sleep })(`${BASE}/api/v1/transactions`, init)).status).toBe(409);
    expect(conflict.seen).toHaveLength(1);
  });

  it('calls GETs, calculations, estimates and keyed writes repeatable, and nothing else', () => {
    const r = (method: string, path: string, headers: Record<string, string> = {}) => new Request(`${BASE}${path}`, { method, headers });
    expect(isRepeatable(r('GET', '/api/v1/transactions/A'))).toBe(true);
    expect(isRepeatable(r('POST', '/api/v1/calculations'))).toBe(true);
    expect(isRepeatable(r('POST', '/api/v1/estimates'))).toBe(true);
    expect(isRepeatable(r('POST', '/api/v1/transactions'))).toBe(false);
    expect(isRepeatable(r('POST', '/api/v1/transactions', { 'Idempotency-Key': 'x' }))).toBe(true);
    expect(isRepeatable(r('PATCH', '/api/v1/account'))).toBe(false);
    expect(isRepeatable(r('DELETE', '/api/v1/keys/k'))).toBe(false);
  });
});

describe('createClient', () => {
  it('sends the key as a Bearer token and an Idempotency-Key on POSTs only, unless the caller set one', async () => {
    const { fetch, seen } = scripted(() => ok());
    const api = createClient({ baseUrl: `${BASE}/`, apiKey: 'stx_test_abc', fetch, idempotencyKey: () => 'auto-1' });
    await api.GET('/api/v1/config');
    await api.POST('/api/v1/transactions/{code}/void', { params: { path: { code: 'A' } }, body: {} });
    await api.POST('/api/v1/transactions/{code}/void', { params: { path: { code: 'A' }, header: { 'Idempotency-Key': 'mine' } }, body: {} });
    expect(seen.map((r) => [r.method, r.url, r.headers.get('authorization'), r.headers.get('idempotency-key')])).toEqual([
      ['GET', `${BASE}/api/v1/config`, 'Bearer stx_test_abc', null],
      ['POST', `${BASE}/api/v1/transactions/A/void`, 'Bearer stx_test_abc', 'auto-1'],
      ['POST', `${BASE}/api/v1/transactions/A/void`, 'Bearer stx_test_abc', 'mine'],
    ]);
  });

  it('keeps the generated key across retries of one call, and sends none when told not to', async () => {
    const flaky = scripted((_, n) => (n === 0 ? error(503, 'internal_error') : ok()));
    let issued = 0;
    const api = createClient({
      baseUrl: BASE,
      apiKey: 'k',
      fetch: flaky.fetch,
      idempotencyKey: () => `auto-${++issued}`,
      retry: { sleep: async () => undefined },
    });
    await api.POST('/api/v1/transactions/{code}/void', { params: { path: { code: 'A' } }, body: {} });
    expect(flaky.seen.map((r) => r.headers.get('idempotency-key'))).toEqual(['auto-1', 'auto-1']);

    const plain = scripted(() => error(503, 'internal_error'));
    const bare = createClient({ baseUrl: BASE, apiKey: 'k', fetch: plain.fetch, idempotencyKey: false, retry: { sleep: async () => undefined } });
    await bare.POST('/api/v1/transactions/{code}/void', { params: { path: { code: 'A' } }, body: {} });
    expect(plain.seen.map((r) => r.headers.get('idempotency-key'))).toEqual([null]);
  });
});
