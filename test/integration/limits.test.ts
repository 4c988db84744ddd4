// Per-key limits, GET /config and GET /operations/status, and idempotency (docs/getting-started.md,
// "Limits" and "Idempotency").
import { describe, expect, it } from 'vitest';
import { KEYS } from '../fixtures/seed';
import { api, expectError, unique, V1 } from '../support/http';

async function awayFromMinuteEdge(seconds: number): Promise<void> {
  const s = (Date.now() / 1000) % 60;
  if (s > 57 - seconds) await new Promise((r) => setTimeout(r, (60.5 - s) * 1000));
}

describe('GET /config', () => {
  it('publishes the effective limits per environment and per-account overrides', async () => {
    const sandbox = await api('GET', `${V1}/config`, { key: KEYS.limited });
    expect(sandbox.body.rate_limits).toEqual({
      general: { limit: 60, window_seconds: 60 },
      batch_submissions: { limit: 10, window_seconds: 60 },
      estimates: { limit: 5, window_seconds: 60, max_concurrency: 4 },
    });
    expect(sandbox.body.limits).toEqual({
      batch_max_items: 500,
      return_job_max_items: 5000,
      batch_retention_days: 30,
      idempotency_retention_hours: 24,
      max_lines_per_document: 1000,
    });
    expect(sandbox.body.content).toEqual({
      version: '2026-04-01',
      coverage_from: '2025-12-01',
      in_force: '2026-04-01',
      versions: [
        { version: '2025-12-01', effective_from: '2025-12-01' },
        { version: '2026-01-01', effective_from: '2026-01-01' },
        { version: '2026-03-01', effective_from: '2026-03-01' },
        { version: '2026-04-01', effective_from: '2026-04-01' },
      ],
      // Each state's newest version and sources (test/integration/content-age.test.ts).
      states: expect.any(Array),
    });
    const production = await api('GET', `${V1}/config`, { key: KEYS.limitedLive });
    expect(production.body).toMatchObject({ environment: 'production', rate_limits: { general: { limit: 300 } } });
    const overridden = await api('GET', `${V1}/config`, { key: KEYS.admin });
    expect(overridden.body.rate_limits.general.limit).toBe(100_000);
  });
});

describe('rate limits', () => {
  it('lets 60 general calls through in a window and answers the 61st with 429 and Retry-After', async () => {
    await awayFromMinuteEdge(10);
    // Concurrent on purpose: the conditional counter must not let any extra request through.
    const results = await Promise.all(Array.from({ length: 61 }, () => api('GET', `${V1}/config`, { key: KEYS.burst })));
    const throttled = results.filter((r) => r.status === 429);
    expect(results.filter((r) => r.status === 200)).toHaveLength(60);
    expect(throttled).toHaveLength(1);
    expectError(throttled[0]!, 429, 'rate_limit_exceeded');
    const retryAfter = Number(throttled[0]!.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
    const status = await api('GET', `${V1}/operations/status`, { key: KEYS.limitedLive });
    expect(status.body.requests.limit).toBe(300);
  });

  it('counts estimates in their own bucket of 5 per minute', async () => {
    await awayFromMinuteEdge(5);
    const body = { ship_to: { state: 'NY', zip: '10001' }, amount: 50 };
    for (let i = 0; i < 5; i++) expect((await api('POST', `${V1}/estimates`, { key: KEYS.estimates, body })).status).toBe(200);
    expectError(await api('POST', `${V1}/estimates`, { key: KEYS.estimates, body }), 429, 'rate_limit_exceeded');
    expect((await api('GET', `${V1}/config`, { key: KEYS.estimates })).status).toBe(200);
  });

  it('refuses estimates to production keys whatever their scopes', async () => {
    expectError(
      await api('POST', `${V1}/estimates`, { key: KEYS.adminLive, body: { ship_to: { state: 'NY', zip: '10001' }, amount: 50 } }),
      403,
      'insufficient_scope',
    );
  });
});

describe('GET /operations/status', () => {
  it("reports the caller's request budget and queue signals", async () => {
    const res = await api('GET', `${V1}/operations/status`, { key: KEYS.second });
    expect(res.status).toBe(200);
    expect(res.body.environment).toBe('sandbox');
    expect(res.body.requests).toMatchObject({ limit: 100_000, window_seconds: 60 });
    expect(res.body.requests.used).toBeGreaterThanOrEqual(1);
    expect(res.body.requests.remaining).toBe(res.body.requests.limit - res.body.requests.used);
    expect(res.body.batches).toMatchObject({ pending: expect.any(Number) });
    expect(res.body.webhooks).toMatchObject({ pending_deliveries: expect.any(Number) });
  });
});

describe('idempotency', () => {
  it('replays a stored 2xx with Idempotent-Replayed and refuses the key for another payload', async () => {
    const code = unique('IDEM');
    const headers = { 'Idempotency-Key': unique('ik') };
    const body = { code, name: 'Idempotent depot', state: 'TX', zip: '78701' };
    const first = await api('POST', `${V1}/locations`, { key: KEYS.other, body, headers });
    expect(first.status).toBe(201);
    const again = await api('POST', `${V1}/locations`, { key: KEYS.other, body, headers });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    expectError(await api('POST', `${V1}/locations`, { key: KEYS.other, body: { ...body, name: 'changed' }, headers }), 409, 'idempotency_conflict');
  });

  it('keeps keys apart per API key and does not store errors', async () => {
    const headers = { 'Idempotency-Key': unique('ik') };
    const bad = { code: unique('L'), name: 'X', state: 'ZZ', zip: '10001' };
    expectError(await api('POST', `${V1}/locations`, { key: KEYS.other, body: bad, headers }), 422, 'validation_error');
    const good = { ...bad, state: 'TX', zip: '78701' };
    expect((await api('POST', `${V1}/locations`, { key: KEYS.other, body: good, headers })).status).toBe(201);
    expect((await api('POST', `${V1}/locations`, { key: KEYS.admin, body: good, headers })).status).toBe(201);
  });

  it('rejects a malformed Idempotency-Key', async () => {
    const res = await api('POST', `${V1}/locations`, {
      key: KEYS.other,
      body: { code: unique('L'), name: 'X', state: 'TX', zip: '78701' },
      headers: { 'Idempotency-Key': 'x'.repeat(256) },
    });
    expect(expectError(res, 422, 'validation_error').details?.[0]?.target).toBe('header.Idempotency-Key');
  });
});
