// Provider return jobs through HTTP: every client-context branch in order, item isolation,
// non-disclosure, and summaries that reconcile to the client's documents as a user would add them
// up from GET /transactions.
import { describe, expect, it } from 'vitest';
import { ENGAGEMENTS, KEYS } from '../fixtures/seed';
import { api, expectDetail, expectError, unique, V1 } from '../support/http';

const NORTHWIND = { 'X-Service-Client-Ref': ENGAGEMENTS.usable.ref };
const FENCED = { 'X-Service-Client-Ref': ENGAGEMENTS.fenced.ref };
const item = (reference_id: string, state: string, period: string, location_code?: string) => ({
  reference_id,
  state,
  period,
  ...(location_code ? { location_code } : {}),
});
const post = (body: unknown, headers: Record<string, string | undefined> = NORTHWIND, key: string = KEYS.provider) =>
  api('POST', `${V1}/provider/return-jobs`, { key, headers, body });

async function finished(id: string, headers = NORTHWIND) {
  const until = Date.now() + 30_000;
  for (;;) {
    const res = await api('GET', `${V1}/provider/return-jobs/${id}`, { key: KEYS.provider, headers });
    expect(res.status, res.text).toBe(200);
    if (res.body.status !== 'pending') return res.body;
    if (Date.now() > until) throw new Error(`return job ${id} still pending`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('POST /provider/return-jobs: the client context in its order of checks', () => {
  const body = { items: [item('a', 'NY', '2026-08')] };
  it('refuses account keys, inactive practices, and each client-context fault in order', async () => {
    expectError(await post(body, NORTHWIND, KEYS.admin), 403, 'provider_key_required');
    expectError(await post(body, NORTHWIND, KEYS.providerDormant), 403, 'provider_not_active');
    expectError(await post(body, {}), 400, 'missing_client_context');
    expectError(await post(body, { 'X-Service-Client-Id': 'abc' }), 400, 'invalid_client_context');
    expectError(
      await post(body, { 'X-Service-Client-Id': String(ENGAGEMENTS.usable.id), 'X-Service-Client-Ref': ENGAGEMENTS.fenced.ref }),
      400,
      'conflicting_client_context',
    );
    expectError(await post(body, { 'X-Service-Client-Ref': 'no-such-client' }), 404, 'provider_client_not_found');
    expectError(await post(body, { 'X-Service-Client-Ref': ENGAGEMENTS.paused.ref }), 403, 'client_context_not_authorized');
    expectError(await post(body, FENCED, KEYS.providerRestricted), 403, 'client_context_not_authorized');
  });

  it('validates the items: 1 to 5,000, unique reference ids, states and YYYY-MM periods', async () => {
    expectError(await post({ items: [] }), 422, 'validation_error');
    expectError(await post({ items: Array.from({ length: 5001 }, (_, i) => item(`r${i}`, 'NY', '2026-08')) }), 422, 'validation_error');
    const dup = expectError(await post({ items: [item('a', 'NY', '2026-08'), item('a', 'TX', '2026-08')] }), 422, 'validation_error');
    expectDetail(dup, 'duplicate_value', 'items.1.reference_id');
    const bad = expectError(await post({ items: [item('a', 'ZZ', '2026-13')] }), 422, 'validation_error');
    expect(bad.details?.map((d) => d.target).sort()).toEqual(['items.0.period', 'items.0.state']);
  });
});

describe('return job summaries', () => {
  it('summarize the client documents per state and month, as GET /transactions adds up; a foreign location fails alone', async () => {
    const tag = unique('RJ');
    const commit = (code: string, date: string, lines: unknown[]) =>
      api('POST', `${V1}/transactions`, { key: KEYS.provider, headers: NORTHWIND, body: { code, date, ship_to: { state: 'NY', zip: '10001' }, lines } });
    const ny = { state: 'NY', zip: '10001' };
    const tx = { state: 'TX', zip: '78701' };
    expect(
      (
        await commit(`${tag}-1`, '2026-08-03', [
          { amount: 100, ship_to: ny },
          { amount: 50, ship_to: tx },
          { amount: 20, tax_code: '40030', ship_to: ny },
        ])
      ).status,
    ).toBe(201);
    expect((await commit(`${tag}-2`, '2026-08-09', [{ amount: 80, ship_to: ny }])).status).toBe(201);
    expect((await commit(`${tag}-3`, '2026-08-12', [{ amount: 30, ship_to: tx }])).status).toBe(201);
    const refund = await api('POST', `${V1}/transactions/${tag}-1/refunds`, {
      key: KEYS.provider,
      headers: NORTHWIND,
      body: { refund_code: `${tag}-1r`, date: '2026-08-20', lines: [{ number: '1', amount: 25 }] },
    });
    expect(refund.status, refund.text).toBe(201);
    expect((await api('POST', `${V1}/transactions/${tag}-3/void`, { key: KEYS.provider, headers: NORTHWIND, body: {} })).status).toBe(200);
    const adjusted = await api('POST', `${V1}/transactions/adjustments`, {
      key: KEYS.provider,
      headers: NORTHWIND,
      body: { original_code: `${tag}-2`, reversal_code: `${tag}-2v`, replacement_code: `${tag}-2p`, replacement: { ship_to: ny, lines: [{ amount: 90 }] } },
    });
    expect(adjusted.status, adjusted.text).toBe(201);

    const submitted = await post({
      items: [
        item('ny', 'NY', '2026-08'),
        item('tx', 'TX', '2026-08'),
        item('wa', 'WA', '2026-08'),
        item('elsewhere', 'NY', '2026-08', 'NOT-A-STORE'),
        // The same summary twice in one chunk (read together): the same answer twice.
        item('ny-again', 'NY', '2026-08'),
      ],
    });
    expect(submitted.status, submitted.text).toBe(202);
    expect(submitted.body).toMatchObject({ id: expect.stringMatching(/^rjob_/), status: 'pending', item_count: 5 });
    expect(submitted.headers.get('location')).toBe(`${V1}/provider/return-jobs/${submitted.body.id}`);
    const job = await finished(submitted.body.id);
    expect(job).toMatchObject({ status: 'completed', succeeded_count: 4, failed_count: 1 });
    const byRef = Object.fromEntries(job.items.map((i: { reference_id: string }) => [i.reference_id, i]));
    expect(byRef['ny-again'].result).toEqual(byRef.ny.result);
    expect(byRef.elsewhere.error).toMatchObject({ code: 'location_not_authorized', severity: 'error' });
    expect(byRef.wa.result).toMatchObject({ document_count: 0, tax: 0, jurisdictions: [] });

    // The reconciliation a user can run: every August document of the client, added up by state.
    const list = await api('GET', `${V1}/transactions?date_from=2026-08-01&date_to=2026-08-31&limit=100`, { key: KEYS.provider, headers: NORTHWIND });
    const docs = await Promise.all(
      list.body.data.map(async (d: { code: string }) => (await api('GET', `${V1}/transactions/${d.code}`, { key: KEYS.provider, headers: NORTHWIND })).body),
    );
    for (const state of ['NY', 'TX']) {
      const counted = docs.filter((d) => d.status !== 'voided' && d.lines.some((l: { address: { state: string } }) => l.address.state === state));
      const lines = counted.flatMap((d) => d.lines.filter((l: { address: { state: string } }) => l.address.state === state));
      const sum = (f: string) => Math.round(lines.reduce((n: number, l: Record<string, number>) => n + l[f]! * 100, 0)) / 100;
      expect(byRef[state.toLowerCase()].result).toMatchObject({
        state,
        period: '2026-08',
        location_code: null,
        document_count: counted.length,
        taxable_amount: sum('taxable_amount'),
        exempt_amount: sum('exempt_amount'),
        tax: sum('tax'),
      });
    }
    expect(byRef.ny.result.by_kind).toMatchObject({ refund: { document_count: 1 }, reversal: { document_count: 1 }, replacement: { document_count: 1 } });
  });

  it('is not found for another engagement exactly as for a job that does not exist', async () => {
    const submitted = await post({ items: [item('a', 'NY', '2026-08')] });
    const foreign = await api('GET', `${V1}/provider/return-jobs/${submitted.body.id}`, { key: KEYS.provider, headers: FENCED });
    const missing = await api('GET', `${V1}/provider/return-jobs/rjob_${'0'.repeat(32)}`, { key: KEYS.provider, headers: FENCED });
    expectError(foreign, 404, 'not_found');
    expectError(missing, 404, 'not_found');
    const strip = (text: string) => text.replace(/"request_id":"[^"]+"/, '');
    expect(strip(foreign.text)).toBe(strip(missing.text));
    const listed = await api('GET', `${V1}/provider/return-jobs?limit=100`, { key: KEYS.provider, headers: FENCED });
    expect(listed.body.data.map((j: { id: string }) => j.id)).not.toContain(submitted.body.id);
    const mine = await api('GET', `${V1}/provider/return-jobs?limit=100`, { key: KEYS.provider, headers: NORTHWIND });
    expect(mine.body.data.map((j: { id: string }) => j.id)).toContain(submitted.body.id);
  });
});

describe('operations signals across practices', () => {
  it("a provider's GET /operations/status counts its own engagement's return jobs only, and shows no webhook signals", async () => {
    const a = { 'X-Service-Client-Ref': ENGAGEMENTS.signalsA.ref };
    const b = { 'X-Service-Client-Ref': ENGAGEMENTS.signalsB.ref };
    const submit = async (key: string, headers: Record<string, string>) => {
      const res = await post({ items: [item('a', 'NY', '2026-08')] }, headers, key);
      expect(res.status, res.text).toBe(202);
      return res.body.id as string;
    };
    const jobs = [await submit(KEYS.signalsA, a), await submit(KEYS.signalsB, b), await submit(KEYS.signalsB, b)];
    const done = async (key: string, headers: Record<string, string>, id: string) =>
      (await api('GET', `${V1}/provider/return-jobs/${id}?items_limit=0`, { key, headers })).body.status;
    await expect.poll(() => done(KEYS.signalsA, a, jobs[0]!), { timeout: 30_000, interval: 200 }).not.toBe('pending');
    for (const id of jobs.slice(1)) await expect.poll(() => done(KEYS.signalsB, b, id), { timeout: 30_000, interval: 200 }).not.toBe('pending');
    const status = async (key: string, headers: Record<string, string> = {}) => {
      const res = await api('GET', `${V1}/operations/status`, { key, headers });
      expect(res.status, res.text).toBe(200);
      return res.body;
    };
    const finishedOf = (s: { return_jobs: { completed_last_24h: number; failed_last_24h: number; pending: number } }) =>
      s.return_jobs.completed_last_24h + s.return_jobs.failed_last_24h + s.return_jobs.pending;
    const [seenByA, seenByB, seenByClient] = [await status(KEYS.signalsA, a), await status(KEYS.signalsB, b), await status(KEYS.signalsClient)];
    expect([finishedOf(seenByA), finishedOf(seenByB), finishedOf(seenByClient)]).toEqual([1, 2, 3]);
    // Webhooks are the account's own (organization keys): a provider key is shown none.
    expect([seenByA.webhooks, seenByB.webhooks]).toEqual([null, null]);
    expect(seenByClient.webhooks).toMatchObject({ endpoints: 0 });
  });
});
