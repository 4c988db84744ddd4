// Webhooks through HTTP with a real receiver on loopback: registration and its SSRF guard,
// signatures checked with the `standardwebhooks` package (not our signing code), retries with
// growing gaps, dead-lettering and disabling, deletion, rotation, redelivery, tenant isolation,
// every event type from its real action, and the operations signals. The runner runs with short
// retry delays set through its runtime settings (test/support/global-setup.ts).
import { DeleteCommand, GetCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BatchStore } from '../../functions/adapters/dynamodb/batch-store';
import type { TenantPrincipal } from '../../functions/core/access/authorize';
import { newBatch } from '../../functions/core/batches/batch';
import { IDEMPOTENCY_TABLE, MAIN_TABLE } from '../../functions/manifest/resources';
import { localTableName } from '../../lib/local/provision';
import { ENGAGEMENTS, KEYS } from '../fixtures/seed';
import { db } from '../support/dynamo';
import { api, expectDetail, expectError, unique, V1 } from '../support/http';
import { type Received, type Receiver, startReceiver } from '../support/receiver';
import { describeLocal, REMOTE } from '../support/target';

const NY = { state: 'NY', zip: '10001' };
const TODAY = new Date().toISOString().slice(0, 10);
const NORTHWIND = { 'X-Service-Client-Ref': ENGAGEMENTS.usable.ref };

async function register(key: string, url: string, events: string[] = ['*']) {
  const res = await api('POST', `${V1}/webhooks`, { key, body: { url, events, description: 'test receiver' } });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; secret: string; url: string; events: string[]; status: string };
}

async function commit(key: string, code = unique('WH')) {
  const res = await api('POST', `${V1}/transactions`, { key, body: { code, date: TODAY, ship_to: NY, lines: [{ amount: 100 }, { amount: 20 }] } });
  expect(res.status, res.text).toBe(201);
  return code;
}

/** The event of `type` whose data mention `needle`, from GET /events. */
async function eventOf(key: string, type: string, needle: string, timeoutMs = 20_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const res = await api('GET', `${V1}/events?type=${type}&limit=100`, { key });
    expect(res.status, res.text).toBe(200);
    const found = res.body.data.find((e: { data: unknown }) => JSON.stringify(e.data).includes(needle));
    if (found) return found as { id: string; type: string; deliveries: { endpoint_id: string; state: string; attempts: number }[] };
    if (Date.now() > end) throw new Error(`no ${type} event mentioning ${needle}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function verify(secret: string, request: Received) {
  return new Webhook(secret).verify(request.body, {
    'webhook-id': String(request.headers['webhook-id']),
    'webhook-timestamp': String(request.headers['webhook-timestamp']),
    'webhook-signature': String(request.headers['webhook-signature']),
  });
}

const receivers: Receiver[] = [];
const endpoints: { key: string; id: string }[] = [];
async function receiver(answer?: Parameters<typeof startReceiver>[0]) {
  const r = await startReceiver(answer);
  receivers.push(r);
  return r;
}
afterAll(async () => {
  await Promise.all(endpoints.map((e) => api('DELETE', `${V1}/webhooks/${e.id}`, { key: e.key })));
  await Promise.all(receivers.map((r) => r.close()));
});

describe('registration', () => {
  it('answers the secret once; lists and reads without it; scopes and unknown event types', async () => {
    const created = await register(KEYS.hooks, 'http://127.0.0.1:9/unused', ['transaction.committed']);
    endpoints.push({ key: KEYS.hooks, id: created.id });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(created.secret.slice(6), 'base64')).toHaveLength(24);
    const read = await api('GET', `${V1}/webhooks/${created.id}`, { key: KEYS.hooksRead });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ object: 'webhook_endpoint', id: created.id, events: ['transaction.committed'], status: 'enabled' });
    expect(JSON.stringify(read.body)).not.toContain('whsec_');
    const list = await api('GET', `${V1}/webhooks`, { key: KEYS.hooks });
    expect(list.body.data.map((e: { id: string }) => e.id)).toContain(created.id);
    expect(list.text).not.toContain('whsec_');
    expectError(await api('POST', `${V1}/webhooks`, { key: KEYS.hooksRead, body: { url: 'http://127.0.0.1:9/', events: ['*'] } }), 403, 'insufficient_scope');
    expectError(
      await api('POST', `${V1}/webhooks`, { key: KEYS.locNyc, body: { url: 'http://127.0.0.1:9/', events: ['*'] } }),
      403,
      'organization_scope_required',
    );
    const bad = expectError(
      await api('POST', `${V1}/webhooks`, { key: KEYS.hooks, body: { url: 'http://127.0.0.1:9/', events: ['transaction.exploded'] } }),
      422,
      'validation_error',
    );
    expectDetail(bad, 'enum', 'events.0');
    expectDetail(expectError(await api('GET', `${V1}/events?type=nope`, { key: KEYS.hooks }), 422, 'validation_error'), 'enum', 'query.type');
    expectError(await api('GET', `${V1}/webhooks/${created.id}`, { key: KEYS.hooksOther }), 404, 'not_found');
  });

  it('shows a secret once: a replay of the registration or the rotation answers it null, and no replay record holds it', async () => {
    const idem = unique('idem');
    const body = { url: 'http://127.0.0.1:9/once', events: ['*'] };
    const first = await api('POST', `${V1}/webhooks`, { key: KEYS.hooks, body, headers: { 'Idempotency-Key': idem } });
    expect(first.status, first.text).toBe(201);
    endpoints.push({ key: KEYS.hooks, id: first.body.id });
    expect(first.body.secret).toMatch(/^whsec_/);
    const replay = await api('POST', `${V1}/webhooks`, { key: KEYS.hooks, body, headers: { 'Idempotency-Key': idem } });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual({ ...first.body, secret: null });
    expect(replay.headers.get('location')).toBe(first.headers.get('location'));

    const rotateIdem = unique('idem');
    const rotated = await api('POST', `${V1}/webhooks/${first.body.id}/rotate-secret`, { key: KEYS.hooks, headers: { 'Idempotency-Key': rotateIdem } });
    expect(rotated.status, rotated.text).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    const again = await api('POST', `${V1}/webhooks/${first.body.id}/rotate-secret`, { key: KEYS.hooks, headers: { 'Idempotency-Key': rotateIdem } });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual({ ...rotated.body, secret: null });
    // The replay did not rotate again: the secret answered first still signs.
    expect((await api('GET', `${V1}/webhooks/${first.body.id}`, { key: KEYS.hooks })).body.secret_rotated_at).toBe(rotated.body.secret_rotated_at);

    if (!REMOTE) {
      const records = await db().send(new ScanCommand({ TableName: localTableName(IDEMPOTENCY_TABLE) }));
      const text = JSON.stringify(records.Items);
      for (const secret of [first.body.secret, rotated.body.secret]) expect(text).not.toContain(secret.slice(6));
      expect(text).not.toMatch(/whsec_[A-Za-z0-9+/]{8}/);

      // The rotation applied but its answer and its idempotency record lost (a timeout, a crash):
      // the repeat rotates nothing, so the secret before it keeps signing through its overlap.
      for (const item of records.Items ?? [])
        if (JSON.stringify(item).includes(first.body.id))
          await db().send(new DeleteCommand({ TableName: localTableName(IDEMPOTENCY_TABLE), Key: { id: item.id } }));
      const repeated = await api('POST', `${V1}/webhooks/${first.body.id}/rotate-secret`, { key: KEYS.hooks, headers: { 'Idempotency-Key': rotateIdem } });
      expect(repeated.status, repeated.text).toBe(200);
      expect(repeated.headers.get('idempotent-replayed')).toBeNull();
      expect(repeated.body).toMatchObject({ secret: null, secret_rotated_at: rotated.body.secret_rotated_at });
      // A rotation under another key rotates again.
      const next = await api('POST', `${V1}/webhooks/${first.body.id}/rotate-secret`, { key: KEYS.hooks, headers: { 'Idempotency-Key': unique('idem') } });
      expect(next.body.secret).toMatch(/^whsec_/);
      expect(next.body.secret).not.toBe(rotated.body.secret);
    }
  });

  it('refuses private, loopback, link-local and metadata targets in production, and http', async () => {
    for (const url of [
      'https://127.0.0.1/hook',
      'https://localhost/hook',
      'https://10.1.2.3/hook',
      'https://172.16.0.1/hook',
      'https://192.168.1.1/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/hook',
      'https://0.0.0.0/hook',
      'https://[::1]/hook',
      'https://[fd00:ec2::254]/hook',
      'https://[fe80::1]/hook',
      'https://[::ffff:10.0.0.1]/hook',
      // Every IPv4 embedding in IPv6: compatible, translated, NAT64 local use, 6to4, Teredo,
      // ISATAP.
      'https://[::127.0.0.1]/hook',
      'https://[::ffff:0:169.254.169.254]/hook',
      'https://[64:ff9b::a9fe:a9fe]/hook',
      'https://[64:ff9b:1::7f00:1]/hook',
      'https://[2002:a9fe:a9fe::1]/hook',
      'https://[2001:0:808:808:0:f227:80ff:fffe]/hook',
      'https://[2606:2800:220:1:0:5efe:a9fe:a9fe]/hook',
      'http://example.com/hook',
    ]) {
      const error = expectError(await api('POST', `${V1}/webhooks`, { key: KEYS.hooksLive, body: { url, events: ['*'] } }), 400, 'invalid_request');
      expect(error.details?.[0]?.target, url).toBe('url');
    }
    // Sandbox keys on the local runner may use loopback, never private networks.
    expectError(await api('POST', `${V1}/webhooks`, { key: KEYS.hooks, body: { url: 'http://10.0.0.1/hook', events: ['*'] } }), 400, 'invalid_request');
  });
});

describeLocal('delivery', () => {
  let main: Receiver;
  let endpoint: { id: string; secret: string };
  beforeAll(async () => {
    main = await receiver();
    endpoint = await register(KEYS.hooks, main.url);
    endpoints.push({ key: KEYS.hooks, id: endpoint.id });
  });

  it('delivers a commit signed per Standard Webhooks, and GET /events shows it delivered', async () => {
    const code = await commit(KEYS.hooks);
    const event = await eventOf(KEYS.hooks, 'transaction.committed', code);
    const [got] = await main.until((r) => r.some((x) => x.json.id === event.id)).then(() => main.of(event.id));
    expect(verify(endpoint.secret, got!)).toMatchObject({ id: event.id, type: 'transaction.committed', environment: 'sandbox' });
    expect(got!.headers['webhook-id']).toBe(event.id);
    expect(got!.json.data).toMatchObject({ code });
    expect(Object.keys(got!.json)).toEqual(['id', 'type', 'created_at', 'environment', 'data']);
    expect(() => verify(`whsec_${Buffer.alloc(24, 7).toString('base64')}`, got!)).toThrow();
    const end = Date.now() + 10_000;
    for (;;) {
      const listed = await eventOf(KEYS.hooks, 'transaction.committed', code);
      const mine = listed.deliveries.find((d) => d.endpoint_id === endpoint.id);
      if (mine?.state === 'delivered') break;
      if (Date.now() > end) throw new Error(`delivery state ${mine?.state}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  it('fires every event type from its real action', async () => {
    const code = await commit(KEYS.hooks);
    const post = (path: string, body: unknown) => api('POST', `${V1}/transactions/${path}`, { key: KEYS.hooks, body });
    expect((await post(`${code}/refunds`, { refund_code: unique('RF'), lines: [{ number: '1', amount: 10 }] })).status).toBe(201);
    expect((await post(`${code}/credits`, { credit_code: unique('CR'), lines: [{ number: '2', tax_amount: 0.5 }] })).status).toBe(201);
    const voided = await commit(KEYS.hooks);
    expect((await post(`${voided}/void`, {})).status).toBe(200);
    const adjusted = await commit(KEYS.hooks);
    const adj = await post('adjustments', {
      original_code: adjusted,
      reversal_code: unique('REV'),
      replacement_code: unique('REP'),
      replacement: { ship_to: NY, lines: [{ amount: 80 }] },
    });
    expect(adj.status, adj.text).toBe(201);
    // A batch that completes, and one past its deadline that fails when read.
    const batch = await api('POST', `${V1}/batches`, {
      key: KEYS.hooks,
      body: { items: [{ reference_id: 'a', request: { date: TODAY, ship_to: NY, lines: [{ amount: 5 }] } }] },
    });
    expect(batch.status, batch.text).toBe(202);
    const tenant = { accountId: 'acct_hooks', environment: 'sandbox' as const };
    const principal = { tenant, environment: 'sandbox', locationCode: null } as unknown as TenantPrincipal;
    const stuck = newBatch({
      kind: 'batch',
      id: unique('stuck').replace('-', ''),
      principal,
      itemCount: 1,
      at: new Date(Date.now() - 7200_000).toISOString(),
      deadlineSeconds: 3600,
    });
    await new BatchStore(db(), localTableName(MAIN_TABLE), tenant).create(stuck, [{ index: 0, reference_id: 'a', operation: 'calculate', request: {} }]);
    expect((await api('GET', `${V1}/batches/${stuck.id}`, { key: KEYS.hooks })).body.status).toBe('failed');

    const types = [
      'transaction.committed',
      'transaction.refunded',
      'transaction.credited',
      'transaction.voided',
      'transaction.adjusted',
      'batch.completed',
      'batch.failed',
    ];
    const needles: Record<string, string> = {
      'transaction.committed': code,
      'transaction.refunded': code,
      'transaction.credited': code,
      'transaction.voided': voided,
      'transaction.adjusted': adjusted,
      'batch.completed': batch.body.id,
      'batch.failed': stuck.id,
    };
    for (const type of types) {
      const event = await eventOf(KEYS.hooks, type, needles[type]!);
      const [got] = await main.until((r) => r.some((x) => x.json.id === event.id), 20_000, type).then(() => main.of(event.id));
      expect(verify(endpoint.secret, got!)).toMatchObject({ type });
    }
  });

  it('delivers certificate.activated and return-job events to the client account of a provider', async () => {
    const client = await receiver();
    const hook = await register(KEYS.northwind, client.url, ['certificate.activated', 'return_job.completed', 'return_job.failed']);
    endpoints.push({ key: KEYS.northwind, id: hook.id });
    const customer = unique('CU');
    expect((await api('POST', `${V1}/customers`, { key: KEYS.northwind, body: { customer_code: customer, name: 'Acme' } })).status).toBe(201);
    const cert = await api('POST', `${V1}/certificates`, {
      key: KEYS.northwind,
      body: {
        customer_code: customer,
        jurisdiction: 'NY',
        exemption_reason: 'resale',
        exemption_number: 'NY-123',
        valid_from: '2026-01-01',
        valid_to: '2030-12-31',
        signer: { name: 'Morgan Ellis', title: 'Purchasing' },
        signature_type: 'electronic',
        evidence_reference: `vault://certs/${unique('doc')}.pdf`,
        document_sha256: 'a'.repeat(64),
      },
    });
    expect(cert.status, cert.text).toBe(201);
    const activated = await api('POST', `${V1}/certificates/${cert.body.id}/activate`, {
      key: KEYS.northwind,
      body: { reviewer: { name: 'Priya Raman', title: 'Tax Analyst' } },
    });
    expect(activated.status, activated.text).toBe(200);
    const job = await api('POST', `${V1}/provider/return-jobs`, {
      key: KEYS.provider,
      headers: NORTHWIND,
      body: { items: [{ reference_id: 'a', state: 'NY', period: '2026-08' }] },
    });
    expect(job.status, job.text).toBe(202);
    // A return job past its deadline: stored with the submitting engagement's principal.
    const tenant = { accountId: 'acct_cli_northwind', environment: 'sandbox' as const };
    const header = await db().send(
      new GetCommand({ TableName: localTableName(MAIN_TABLE), Key: { PK: `BATCH#acct_cli_northwind#sandbox#${job.body.id}`, SK: 'HEADER' } }),
    );
    const principal = JSON.parse(String(header.Item?.principal)) as TenantPrincipal;
    const stuck = newBatch({
      kind: 'return_job',
      id: unique('stuck').replace('-', ''),
      principal,
      itemCount: 1,
      at: new Date(Date.now() - 7200_000).toISOString(),
      deadlineSeconds: 3600,
    });
    await new BatchStore(db(), localTableName(MAIN_TABLE), tenant).create(stuck, [
      { index: 0, reference_id: 'a', operation: 'calculate', request: { state: 'NY', period: '2026-08' } },
    ]);
    expect((await api('GET', `${V1}/provider/return-jobs/${stuck.id}`, { key: KEYS.provider, headers: NORTHWIND })).body.status).toBe('failed');
    for (const [type, needle] of [
      ['certificate.activated', cert.body.id],
      ['return_job.completed', job.body.id],
      ['return_job.failed', stuck.id],
    ] as const) {
      const event = await eventOf(KEYS.northwind, type, needle);
      const [got] = await client.until((r) => r.some((x) => x.json.id === event.id), 20_000, type).then(() => client.of(event.id));
      expect(verify(hook.secret, got!)).toMatchObject({ type });
    }
  });

  it('retries a failing receiver with the same webhook-id and body, with growing gaps', async () => {
    let calls = 0;
    const flaky = await receiver(() => (++calls <= 2 ? 500 : 200));
    const hook = await register(KEYS.hooksOther, flaky.url, ['transaction.committed']);
    endpoints.push({ key: KEYS.hooksOther, id: hook.id });
    const code = await commit(KEYS.hooksOther);
    await flaky.until((r) => r.length >= 3, 30_000);
    const got = flaky.received;
    expect(got.map((r) => r.headers['webhook-id'])).toEqual(Array(3).fill(got[0]!.headers['webhook-id']));
    expect(new Set(got.map((r) => r.body)).size).toBe(1);
    expect(got[0]!.json.data.code).toBe(code);
    for (const r of got) verify(hook.secret, r);
    const [gap1, gap2] = [got[1]!.at - got[0]!.at, got[2]!.at - got[1]!.at];
    expect(gap2).toBeGreaterThan(gap1);
    const event = await eventOf(KEYS.hooksOther, 'transaction.committed', code);
    await expect
      .poll(async () => (await eventOf(KEYS.hooksOther, 'transaction.committed', code)).deliveries[0], { timeout: 5000 })
      .toMatchObject({ state: 'delivered', attempts: 3 });
    expect(event.id).toBe(got[0]!.json.id);
    // Events of this tenant never reach another tenant's endpoint.
    expect(main.received.some((r) => r.json.id === event.id)).toBe(false);
    await api('DELETE', `${V1}/webhooks/${hook.id}`, { key: KEYS.hooksOther });
  });

  it('dead-letters after the last attempt, then disables an endpoint failing for long, and says so', async () => {
    const down = await receiver(() => 503);
    const hook = await register(KEYS.hooksOther, down.url, ['transaction.voided']);
    endpoints.push({ key: KEYS.hooksOther, id: hook.id });
    const code = await commit(KEYS.hooksOther);
    expect((await api('POST', `${V1}/transactions/${code}/void`, { key: KEYS.hooksOther, body: {} })).status).toBe(200);
    await expect
      .poll(async () => (await eventOf(KEYS.hooksOther, 'transaction.voided', code)).deliveries.find((d) => d.endpoint_id === hook.id), {
        timeout: 30_000,
        interval: 250,
      })
      .toMatchObject({ state: 'dead_lettered', attempts: 4 });
    expect(down.received).toHaveLength(4);
    const status = await api('GET', `${V1}/operations/status`, { key: KEYS.hooksOther });
    expect(status.body.webhooks.dead_lettered).toBeGreaterThanOrEqual(1);
    const read = await api('GET', `${V1}/webhooks/${hook.id}`, { key: KEYS.hooksOther });
    expect(read.body).toMatchObject({ status: 'disabled', disabled_reason: expect.stringContaining('failed') });
    await api('DELETE', `${V1}/webhooks/${hook.id}`, { key: KEYS.hooksOther });
  });

  it('stops delivering to a deleted endpoint', async () => {
    const gone = await receiver();
    const hook = await register(KEYS.hooks, gone.url, ['transaction.committed']);
    const first = await commit(KEYS.hooks);
    await gone.until((r) => r.some((x) => x.json.data?.code === first));
    expect((await api('DELETE', `${V1}/webhooks/${hook.id}`, { key: KEYS.hooks })).status).toBe(200);
    expectError(await api('GET', `${V1}/webhooks/${hook.id}`, { key: KEYS.hooks }), 404, 'not_found');
    const second = await commit(KEYS.hooks);
    const event = await eventOf(KEYS.hooks, 'transaction.committed', second);
    await main.until((r) => r.some((x) => x.json.id === event.id));
    await new Promise((r) => setTimeout(r, 500));
    expect(gone.received.some((x) => x.json.data?.code === second)).toBe(false);
  });

  it('rotates the secret: both sign during the overlap, the new one alone verifies new receivers', async () => {
    const rotating = await receiver();
    const hook = await register(KEYS.hooks, rotating.url, ['transaction.committed']);
    endpoints.push({ key: KEYS.hooks, id: hook.id });
    const rotated = await api('POST', `${V1}/webhooks/${hook.id}/rotate-secret`, { key: KEYS.hooks });
    expect(rotated.status, rotated.text).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(hook.secret);
    expect(rotated.body.previous_secret_expires_at).toEqual(expect.any(String));
    const code = await commit(KEYS.hooks);
    const [got] = await rotating.until((r) => r.some((x) => x.json.data?.code === code)).then((r) => r.filter((x) => x.json.data?.code === code));
    expect(String(got!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    verify(rotated.body.secret, got!);
    verify(hook.secret, got!);
  });

  it('redelivers an event with the same webhook-id and body', async () => {
    const code = await commit(KEYS.hooks);
    const event = await eventOf(KEYS.hooks, 'transaction.committed', code);
    await main.until((r) => r.some((x) => x.json.id === event.id));
    const res = await api('POST', `${V1}/events/${event.id}/redeliver`, { key: KEYS.hooks });
    expect(res.status, res.text).toBe(202);
    const both = await main.until((r) => r.filter((x) => x.json.id === event.id).length >= 2).then(() => main.of(event.id));
    expect(both[1]!.body).toBe(both[0]!.body);
    verify(endpoint.secret, both[1]!);
    expectError(await api('POST', `${V1}/events/evt_nope/redeliver`, { key: KEYS.hooks }), 404, 'not_found');
    expectError(await api('POST', `${V1}/events/${event.id}/redeliver`, { key: KEYS.hooksOther }), 404, 'not_found');
  });

  it('reports real webhook signals in GET /operations/status', async () => {
    const status = await api('GET', `${V1}/operations/status`, { key: KEYS.hooks });
    expect(status.body.webhooks).toEqual({
      endpoints: expect.any(Number),
      pending_deliveries: expect.any(Number),
      failed_deliveries: expect.any(Number),
      dead_lettered: expect.any(Number),
      oldest_pending_age_seconds: expect.toBeOneOf([null, expect.any(Number)]),
    });
    expect(status.body.webhooks.endpoints).toBeGreaterThanOrEqual(1);
  });
});
