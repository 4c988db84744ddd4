// Batches through HTTP on the local engines: submission checks, isolated items, exactly-once
// commits under forced redelivery, retention, the deadline, the rate bucket and the operations
// signals. The worker runs from the local runner's SQS poller, as Lambda runs it.

import { GetQueueUrlCommand, SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { BatchStore } from '../../functions/adapters/dynamodb/batch-store';
import { chunkBody } from '../../functions/adapters/sqs/batch-queue';
import type { TenantPrincipal } from '../../functions/core/access/authorize';
import { newBatch } from '../../functions/core/batches/batch';
import { BATCH_ITEMS_QUEUE, MAIN_TABLE } from '../../functions/manifest/resources';
import { localTableName } from '../../lib/local/provision';
import { KEYS } from '../fixtures/seed';
import { db, eventsMentioning } from '../support/dynamo';
import { api, expectDetail, expectError, unique, V1 } from '../support/http';
import { describeLocal } from '../support/target';

const ACCOUNT = 'acct_main';
const ship_to = { state: 'NY', zip: '10001' };
const DATE = '2026-04-15';
const calc = (ref: string, lines: { amount: number }[] = [{ amount: 10 }]) => ({ reference_id: ref, request: { date: DATE, ship_to, lines } });
const commit = (ref: string, code: string) => ({ reference_id: ref, operation: 'commit', request: { code, date: DATE, ship_to, lines: [{ amount: 100 }] } });

async function submit(items: unknown[], key: string = KEYS.admin, headers: Record<string, string> = {}) {
  const res = await api('POST', `${V1}/batches`, { key, body: { items }, headers });
  expect(res.status, res.text).toBe(202);
  return res;
}

async function finished(id: string, key: string = KEYS.admin, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await api('GET', `${V1}/batches/${id}`, { key });
    expect(res.status, res.text).toBe(200);
    if (res.body.status !== 'pending') return res.body;
    if (Date.now() > until) throw new Error(`batch ${id} still pending after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('POST /batches', () => {
  it('refuses more than 500 items, repeated reference ids (each later repeat) and items without a request', async () => {
    expectError(
      await api('POST', `${V1}/batches`, { key: KEYS.admin, body: { items: Array.from({ length: 501 }, (_, i) => calc(`r${i}`)) } }),
      422,
      'validation_error',
    );
    expectError(await api('POST', `${V1}/batches`, { key: KEYS.admin, body: { items: [] } }), 422, 'validation_error');
    const dup = expectError(
      await api('POST', `${V1}/batches`, { key: KEYS.admin, body: { items: [calc('a'), calc('b'), calc('a'), calc('a')] } }),
      422,
      'validation_error',
    );
    expect(dup.details?.map((d) => `${d.code}@${d.target}`)).toEqual(['duplicate_value@items.2.reference_id', 'duplicate_value@items.3.reference_id']);
    const missing = expectError(await api('POST', `${V1}/batches`, { key: KEYS.admin, body: { items: [{ reference_id: 'x' }] } }), 422, 'validation_error');
    expectDetail(missing, 'missing', 'items.0.request');
  });

  it('answers 202 with Location, and an Idempotency-Key resubmission returns the same batch', async () => {
    const key = unique('idem');
    const first = await submit([calc('a')], KEYS.admin, { 'Idempotency-Key': key });
    expect(first.body).toMatchObject({ id: expect.stringMatching(/^bat_/), status: 'pending', item_count: 1, created_at: expect.any(String) });
    expect(first.headers.get('location')).toBe(`${V1}/batches/${first.body.id}`);
    const again = await submit([calc('a')], KEYS.admin, { 'Idempotency-Key': key });
    expect(again.body.id).toBe(first.body.id);
  });

  it('uses its own batch_submissions bucket: the 11th submission in a window is 429, general calls still pass', async () => {
    const s = (Date.now() / 1000) % 60;
    if (s > 50) await new Promise((r) => setTimeout(r, (60.5 - s) * 1000));
    for (let i = 0; i < 10; i++) await submit([calc('a')], KEYS.limited);
    const throttled = expectError(await api('POST', `${V1}/batches`, { key: KEYS.limited, body: { items: [calc('a')] } }), 429, 'rate_limit_exceeded');
    expect(throttled).toBeDefined();
    expect((await api('GET', `${V1}/config`, { key: KEYS.limited })).status).toBe(200);
  });
});

describe('running batches', () => {
  it('runs 500 ten-line items to completion, each with the synchronous answer', async () => {
    const lines = Array.from({ length: 10 }, (_, i) => ({ amount: 10 + i }));
    const res = await submit(Array.from({ length: 500 }, (_, i) => calc(`r${i}`, lines)));
    const batch = await finished(res.body.id, KEYS.admin, 60_000);
    expect(batch).toMatchObject({ status: 'completed', item_count: 500, succeeded_count: 500, failed_count: 0 });
    // 5,000 answered lines (each naming its sources and taxability rule) outgrow one response's
    // budget (5 MB, under Lambda's 6 MB): the rest follows items_next_cursor, in order.
    const items = [...batch.items];
    for (let cursor = batch.items_next_cursor; cursor !== null; ) {
      const more = await api('GET', `${V1}/batches/${res.body.id}/items?cursor=${cursor}`, { key: KEYS.admin });
      expect(more.status).toBe(200);
      items.push(...more.body.data);
      cursor = more.body.next_cursor;
    }
    expect(items).toHaveLength(500);
    expect(items.map((i: { reference_id: string }) => i.reference_id)).toEqual(Array.from({ length: 500 }, (_, i) => `r${i}`));
    const sync = await api('POST', `${V1}/calculations`, { key: KEYS.admin, body: { date: DATE, ship_to, lines } });
    expect(items[499].result).toEqual(sync.body);
    expect(Date.parse(batch.expires_at) - Date.parse(batch.completed_at)).toBe(30 * 86_400_000);
    const page = await api('GET', `${V1}/batches/${res.body.id}/items?limit=100`, { key: KEYS.admin });
    expect(page.body.data).toHaveLength(100);
    const next = await api('GET', `${V1}/batches/${res.body.id}/items?limit=100&cursor=${page.body.next_cursor}`, { key: KEYS.admin });
    expect(next.body.data[0].reference_id).toBe('r100');
  });

  it('isolates failing items: each fails with exactly the error its endpoint would answer', async () => {
    const code = unique('BAT');
    const items = [
      calc('ok'),
      { reference_id: 'invalid', request: { date: DATE, ship_to, lines: [{ amount: -1 }] } },
      { reference_id: 'ky-old', request: { date: '2007-06-30', ship_to: { state: 'KY', zip: '40202' }, lines: [{ amount: 9, tax_code: '40030' }] } },
      commit('first', code),
      commit('again', code),
    ];
    const batch = await finished((await submit(items)).body.id);
    expect(batch).toMatchObject({ status: 'completed', succeeded_count: 2, failed_count: 3 });
    const byRef = Object.fromEntries(batch.items.map((i: { reference_id: string }) => [i.reference_id, i]));
    const sync = await api('POST', `${V1}/calculations`, { key: KEYS.admin, body: items[1]!.request });
    expect(byRef.invalid.error).toEqual({ ...sync.body.error, request_id: byRef.invalid.error.request_id });
    expect(byRef['ky-old'].error.code).toBe('ky_historical_window_unsupported');
    const statuses = [byRef.first.status, byRef.again.status].sort();
    expect(statuses).toEqual(['failed', 'succeeded']);
    const loser = byRef.first.status === 'failed' ? byRef.first : byRef.again;
    expect(loser.error.code).toBe('duplicate_transaction');
    expect((await api('GET', `${V1}/transactions/${code}`, { key: KEYS.admin })).status).toBe(200);
    // Each failure quotes a request id of its own.
    const failedIds = batch.items.filter((i: { status: string }) => i.status === 'failed').map((i: { error: { request_id: string } }) => i.error.request_id);
    expect(new Set(failedIds).size).toBe(3);
    // The failures alone, in submission order, a page at a time.
    const failures = await api('GET', `${V1}/batches/${batch.id}/items?status=failed&limit=2`, { key: KEYS.admin });
    expect(failures.status).toBe(200);
    const rest = await api('GET', `${V1}/batches/${batch.id}/items?status=failed&cursor=${failures.body.next_cursor}`, { key: KEYS.admin });
    expect([...failures.body.data, ...rest.body.data].map((i: { reference_id: string }) => i.reference_id)).toEqual(
      batch.items.filter((i: { status: string }) => i.status === 'failed').map((i: { reference_id: string }) => i.reference_id),
    );
    expect(rest.body.next_cursor).toBeNull();
    const none = await api('GET', `${V1}/batches/${batch.id}/items?status=pending`, { key: KEYS.admin });
    expect(none.body).toEqual({ data: [], next_cursor: null });
    expectError(await api('GET', `${V1}/batches/${batch.id}/items?status=broken`, { key: KEYS.admin }), 422, 'validation_error');
  });
});

describeLocal('exactly once under redelivery', () => {
  it('commits each document once when every chunk is delivered twice at once', async () => {
    const prefix = unique('RD');
    const items = Array.from({ length: 30 }, (_, i) => commit(`r${i}`, `${prefix}-${i}`));
    const res = await submit(items);
    // Each chunk again, while the first deliveries run: SQS at-least-once, forced.
    const sqs = new SQSClient({ endpoint: inject('sqsEndpoint'), region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
    const { QueueUrl } = await sqs.send(new GetQueueUrlCommand({ QueueName: `salestax-local-${BATCH_ITEMS_QUEUE.id.toLowerCase()}` }));
    const accountId = ACCOUNT;
    await sqs.send(
      new SendMessageBatchCommand({
        QueueUrl,
        Entries: [0, 1, 2].map((chunk) => ({
          Id: String(chunk),
          MessageBody: JSON.stringify(chunkBody({ batch: { tenant: { accountId, environment: 'sandbox' }, id: res.body.id }, chunk })),
        })),
      }),
    );
    const batch = await finished(res.body.id);
    expect(batch).toMatchObject({ status: 'completed', succeeded_count: 30, failed_count: 0 });
    // Redeliver once more after completion: nothing changes.
    await sqs.send(
      new SendMessageBatchCommand({
        QueueUrl,
        Entries: [{ Id: '0', MessageBody: JSON.stringify(chunkBody({ batch: { tenant: { accountId, environment: 'sandbox' }, id: res.body.id }, chunk: 0 })) }],
      }),
    );
    await new Promise((r) => setTimeout(r, 1500));
    const again = await finished(res.body.id);
    expect(again).toMatchObject({ succeeded_count: 30, failed_count: 0 });
    for (let i = 0; i < 30; i += 7) expect((await api('GET', `${V1}/transactions/${prefix}-${i}`, { key: KEYS.admin })).status).toBe(200);
    const committed = await eventsMentioning(accountId, 'sandbox', prefix);
    expect(committed.filter((e) => e.type === 'transaction.committed')).toHaveLength(30);
    const completed = await eventsMentioning(accountId, 'sandbox', res.body.id);
    expect(completed.map((e) => e.type)).toEqual(['batch.completed']);
    sqs.destroy();
  });
});

describeLocal('retention and deadline', () => {
  it('is 404 not_found as soon as its retention ends, before storage deletes it', async () => {
    const res = await submit([calc('a')]);
    await finished(res.body.id);
    await db().send(
      new UpdateCommand({
        TableName: localTableName(MAIN_TABLE),
        Key: { PK: `BATCH#${ACCOUNT}#sandbox#${res.body.id}`, SK: 'HEADER' },
        UpdateExpression: 'SET expires_at = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
      }),
    );
    expectError(await api('GET', `${V1}/batches/${res.body.id}`, { key: KEYS.admin }), 404, 'not_found');
    expectError(await api('GET', `${V1}/batches/${res.body.id}/items`, { key: KEYS.admin }), 404, 'not_found');
    const listed = await api('GET', `${V1}/batches?limit=100`, { key: KEYS.admin });
    expect(listed.body.data.map((b: { id: string }) => b.id)).not.toContain(res.body.id);
  });

  it('fails a batch nobody finished by its deadline: items internal_error, batch.failed once', async () => {
    const tenant = { accountId: ACCOUNT, environment: 'sandbox' as const };
    const store = new BatchStore(db(), localTableName(MAIN_TABLE), tenant);
    const principal = { tenant, environment: 'sandbox', locationCode: null } as unknown as TenantPrincipal;
    const id = unique('stuck').replace('-', '');
    // Accepted, but its messages never ran (lost with a stopped emulator, say).
    const batch = newBatch({ kind: 'batch', id, principal, itemCount: 2, at: new Date(Date.now() - 7200_000).toISOString(), deadlineSeconds: 3600 });
    await store.create(batch, [
      { index: 0, reference_id: 'a', operation: 'calculate', request: {} },
      { index: 1, reference_id: 'b', operation: 'calculate', request: {} },
    ]);
    const read = (await api('GET', `${V1}/batches/${batch.id}`, { key: KEYS.admin })).body;
    expect(read).toMatchObject({ status: 'failed', succeeded_count: 0, failed_count: 2, completed_at: batch.deadline_at });
    expect(read.items.map((i: { error: { code: string } }) => i.error.code)).toEqual(['internal_error', 'internal_error']);
    await api('GET', `${V1}/batches/${batch.id}`, { key: KEYS.admin });
    expect((await eventsMentioning(tenant.accountId, 'sandbox', batch.id)).map((e) => e.type)).toEqual(['batch.failed']);
  });
});

describe('listing, scope and signals', () => {
  it('lists the tenant batches by status; another account sees none of them; operations status counts them', async () => {
    const res = await submit([calc('a')]);
    await finished(res.body.id);
    const completed = await api('GET', `${V1}/batches?status=completed&limit=100`, { key: KEYS.admin });
    expect(completed.body.data.map((b: { id: string }) => b.id)).toContain(res.body.id);
    expect(completed.body.data.every((b: { status: string }) => b.status === 'completed')).toBe(true);
    expectError(await api('GET', `${V1}/batches/${res.body.id}`, { key: KEYS.other }), 404, 'not_found');
    expectError(await api('GET', `${V1}/batches?status=done`, { key: KEYS.admin }), 422, 'validation_error');
    const status = await api('GET', `${V1}/operations/status`, { key: KEYS.admin });
    expect(status.body.batches.completed_last_24h).toBeGreaterThanOrEqual(1);
    expect(status.body.batches).toMatchObject({ pending: expect.any(Number), failed_last_24h: expect.any(Number) });
  });
});
