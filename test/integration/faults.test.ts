// Faults injected at the adapter boundary (functions/adapters/faults.ts) on a runner of its own:
// throttling, transaction conflicts, timeouts after a write was applied, SQS duplicate delivery.
// Clients never get a 500; they get a retryable 503 `service_unavailable` (or 429/409) with the
// envelope and Retry-After, and a retry with the same Idempotency-Key settles the outcome: each
// document exactly once, no double refund, every event once, and a batch that completes.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tenantEvents } from '../../functions/adapters/dynamodb/events';
import { MAIN_TABLE } from '../../functions/manifest/resources';
import { localTableName } from '../../lib/local/provision';
import { ENGAGEMENTS, KEYS, SEED } from '../fixtures/seed';
import { type RunnerProcess, startRunner } from '../support/runner-process';
import { describeLocal } from '../support/target';

const FAULTS = [
  'dynamodb:TransactWriteItems:timeout:4',
  'dynamodb:TransactWriteItems:conflict:7',
  'dynamodb:TransactWriteItems:throttle:11',
  'dynamodb:UpdateItem:throttling:9',
  'dynamodb:GetItem:throttle:13',
  'dynamodb:PutItem:throttle:17',
  'sqs:SendMessageBatch:duplicate:1',
].join(',');

const dir = mkdtempSync(join(tmpdir(), 'stx-faults-'));
let runner: RunnerProcess;
const statuses: number[] = [];

beforeAll(async () => {
  const seedPath = join(dir, 'seed.json');
  writeFileSync(seedPath, JSON.stringify(SEED));
  runner = await startRunner({ TAX_SEED_FILE: seedPath, STX_IN_MEMORY: '1', STX_FAULTS: FAULTS });
}, 180_000);

afterAll(async () => {
  await runner?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const ship_to = { state: 'NY', zip: '10001' };
const DATE = '2026-04-15';

/** One request below `base` with `key`; whatever the faults, never a 500. */
async function send(base: string, key: string, method: string, path: string, body: unknown, idempotencyKey?: string) {
  const res = await fetch(`${runner.url}${base}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as any;
  statuses.push(res.status);
  expect(res.status, JSON.stringify(json)).not.toBe(500);
  return { res, json };
}

async function once(method: string, path: string, body: unknown, idempotencyKey?: string) {
  const { res, json } = await send('/api/v1', KEYS.admin, method, path, body, idempotencyKey);
  expect(res.headers.get('x-request-id')).toBeTruthy();
  if (res.status >= 500 || res.status === 429) {
    expect(res.status === 503 ? json.error.code : 'rate_limit_exceeded').toMatch(/service_unavailable|rate_limit_exceeded/);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(json.error.request_id).toBe(res.headers.get('x-request-id'));
  }
  return { status: res.status, body: json };
}

/** What a careful client does: retry retryable answers (503, 429, 409 still running) with the same Idempotency-Key. */
async function settled(method: string, path: string, body: unknown, key: string) {
  const seen: string[] = [];
  // A success the idempotency store failed to record leaves its record in progress until the
  // function's timeout (29 s) has passed: 409 with Retry-After until then, then the call runs again.
  const until = Date.now() + 90_000;
  while (Date.now() < until) {
    const res = await once(method, path, body, key);
    seen.push(`${res.status} ${res.body.error?.code ?? ''}`);
    const running = res.status === 409 && res.body.error?.code === 'idempotency_conflict';
    if (res.status !== 503 && res.status !== 429 && !running) return res;
    if (running) await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`${method} ${path} did not settle: ${seen.join(', ')}`);
}

/** GETs retried through injected throttling. */
async function read(path: string) {
  for (let attempt = 0; attempt < 30; attempt++) {
    const res = await once('GET', path, undefined);
    if (res.status !== 503 && res.status !== 429) return res;
  }
  throw new Error(`GET ${path} did not settle`);
}

/** The account's units per kind today (GET /usage, retried through the faults). */
async function unitsByKind(): Promise<Record<string, number>> {
  const res = await read('/usage?group_by=kind');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return Object.fromEntries(res.body.data.map((g: { group: string; total: number }) => [g.group, g.total]));
}

describeLocal('under injected faults', () => {
  it('commits and refunds settle exactly once through Idempotency-Key retries', { timeout: 600_000 }, async () => {
    const codes = Array.from({ length: 8 }, (_, i) => `FLT-${i}`);
    for (const code of codes) {
      const res = await settled('POST', '/transactions', { code, date: DATE, ship_to, lines: [{ amount: 100 }] }, `c-${code}`);
      // Applied before a timeout: the retry finds the document (409 duplicate_transaction), never a second one.
      expect([201, 409], JSON.stringify(res.body)).toContain(res.status);
      if (res.status === 409) expect(res.body.error.code).toBe('duplicate_transaction');
    }
    for (const code of codes) {
      const res = await settled('POST', `/transactions/${code}/refunds`, { refund_code: `${code}-R`, lines: [{ number: '1', amount: 40 }] }, `r-${code}`);
      expect([201, 409], JSON.stringify(res.body)).toContain(res.status);
    }
    for (const code of codes) {
      const original = (await read(`/transactions/${code}`)).body;
      expect(original.total_amount).toBe(100);
      // No double refund: exactly the 40 asked for, once.
      expect(original.lines[0]).toMatchObject({ refunded_amount: 40, refundable_amount: 60 });
      expect((await read(`/transactions/${code}-R`)).body).toMatchObject({ kind: 'refund', total_amount: -40 });
    }
    const db = DynamoDBDocumentClient.from(
      new DynamoDBClient({
        endpoint: /DynamoDB Local (\S+),/.exec(runner.output())![1]!,
        region: 'us-east-1',
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      }),
    );
    const events = await tenantEvents(db, localTableName(MAIN_TABLE), { accountId: 'acct_main', environment: 'sandbox' });
    db.destroy();
    for (const code of codes) {
      expect(events.filter((e) => e.type === 'transaction.committed' && e.data.includes(`"${code}"`)).length, code).toBe(1);
      expect(events.filter((e) => e.type === 'transaction.refunded' && e.data.includes(`"${code}-R"`)).length, code).toBe(1);
    }
    // The faults did fire.
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(0);
    // Usage: each document billed once, in its own write, through timeouts and retries.
    expect(await unitsByKind()).toEqual({ commit: 8, refund: 8 });
  });

  it('a batch completes exactly once under duplicate delivery, conflicts and timeouts', { timeout: 400_000 }, async () => {
    const items = Array.from({ length: 30 }, (_, i) => ({
      reference_id: `r${i}`,
      operation: 'commit',
      request: { code: `FLT-B-${i}`, date: DATE, ship_to, lines: [{ amount: 10 }] },
    }));
    const submitted = await settled('POST', '/batches', { items }, 'batch-1');
    expect(submitted.status).toBe(202);
    const until = Date.now() + 360_000;
    let batch: any;
    do {
      await new Promise((r) => setTimeout(r, 500));
      batch = (await read(`/batches/${submitted.body.id}?items_limit=30`)).body;
    } while (batch.status === 'pending' && Date.now() < until);
    expect(batch).toMatchObject({ status: 'completed', item_count: 30, succeeded_count: 30, failed_count: 0 });
    for (let i = 0; i < 30; i++) expect((await read(`/transactions/FLT-B-${i}`)).body.total_amount).toBe(10);
    // Each item billed once, through duplicate deliveries; calculations answered under throttling
    // (the usage journal's deliveries meet the faults too) billed once each, refused ones not at all.
    let calculations = 0;
    for (let i = 0; i < 12; i++) {
      const res = await once('POST', '/calculations', { date: DATE, ship_to, lines: [{ amount: 10 }] });
      if (res.status === 200) calculations++;
    }
    expect(calculations).toBeGreaterThan(0);
    expect(await unitsByKind()).toEqual({ commit: 8, refund: 8, batch_item: 30, calculation: calculations });
  });

  it('bills a provider return job per item once, its chunks delivered twice', { timeout: 400_000 }, async () => {
    // The provider key acts for its client (the usable engagement): billed to the client's account,
    // under the provider's key, which sees its own units only.
    const asProvider = async (method: string, path: string, body?: unknown) => {
      const seen: string[] = [];
      // As `settled`: a request whose idempotency record was left in progress (its save met a fault)
      // answers 409 until the function's timeout (29 s) has passed. Which call meets a fault shifts
      // with the usage journal's deliveries (they share the runner's DynamoDB client and its fault
      // counters), so the submission may be the one.
      const until = Date.now() + 90_000;
      while (Date.now() < until) {
        const res = await fetch(`${runner.url}/api/v1${path}`, {
          method,
          headers: {
            Authorization: `Bearer ${KEYS.provider}`,
            'X-Service-Client-Ref': ENGAGEMENTS.usable.ref,
            ...(body === undefined ? {} : { 'Content-Type': 'application/json', 'Idempotency-Key': 'rjob-1' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const json = (await res.json()) as any;
        seen.push(`${res.status} ${json.error?.code ?? ''}`);
        const running = res.status === 409 && json.error?.code === 'idempotency_conflict';
        if (res.status !== 503 && res.status !== 429 && !running) return { status: res.status, body: json };
        await new Promise((r) => setTimeout(r, running ? 1000 : 500));
      }
      throw new Error(`${method} ${path} did not settle: ${seen.join(', ')}`);
    };
    const items = Array.from({ length: 30 }, (_, i) => ({ reference_id: `r${i}`, state: i % 2 ? 'NY' : 'TX', period: '2026-04' }));
    const submitted = await asProvider('POST', '/provider/return-jobs', { items });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(202);
    const until = Date.now() + 360_000;
    let job: any;
    do {
      await new Promise((r) => setTimeout(r, 500));
      job = (await asProvider('GET', `/provider/return-jobs/${submitted.body.id}`)).body;
    } while (job.status === 'pending' && Date.now() < until);
    expect(job).toMatchObject({ status: 'completed', succeeded_count: 30, failed_count: 0 });
    const usage = (await asProvider('GET', '/usage?group_by=kind')).body;
    expect(usage.key_id).not.toBeNull();
    expect(Object.fromEntries(usage.data.map((g: { group: string; total: number }) => [g.group, g.total]))).toEqual({ return_job_item: 30 });
  });

  it('TaxJar refund updates and deletes settle exactly once through retries', { timeout: 600_000 }, async () => {
    // What a TaxJar integration does on a 503 or 429: it sends the same request again (POSTs with
    // their Idempotency-Key). A PUT or DELETE applied before a timeout needs none: the retried PUT
    // finds what it wrote and answers it, the retried DELETE finds no live refund (TaxJar's 404).
    const tj = async (method: string, path: string, body?: unknown, idempotencyKey?: string) => {
      const seen: string[] = [];
      const until = Date.now() + 90_000;
      while (Date.now() < until) {
        const { res, json } = await send('/taxjar/v2', KEYS.taxjar, method, path, body, idempotencyKey);
        seen.push(`${res.status}`);
        const running = res.status === 422 && /idempotency_conflict/.test(json.detail ?? '');
        if (res.status !== 503 && res.status !== 429 && !running) return { status: res.status, body: json, retried: seen.length > 1 };
        await new Promise((r) => setTimeout(r, running ? 1000 : 200));
      }
      throw new Error(`${method} ${path} did not settle: ${seen.join(', ')}`);
    };
    const v1 = async (code: string) => {
      for (let attempt = 0; attempt < 30; attempt++) {
        const res = await fetch(`${runner.url}/api/v1/transactions/${encodeURIComponent(code)}`, { headers: { Authorization: `Bearer ${KEYS.taxjar}` } });
        if (res.status !== 503 && res.status !== 429) return { status: res.status, body: (await res.json()) as any };
      }
      throw new Error(`GET ${code} did not settle`);
    };
    const ids = Array.from({ length: 6 }, (_, i) => `TJF-${i}`);
    const refund = (id: string, lamp: number) => ({
      transaction_id: `${id}-R`,
      transaction_reference_id: id,
      transaction_date: '2026/04/16',
      to_country: 'US',
      to_zip: '10001',
      to_state: 'NY',
      amount: -lamp,
      shipping: 0,
      line_items: [{ id: '1', quantity: 1, unit_price: -lamp }],
    });
    for (const id of ids) {
      const order = {
        transaction_id: id,
        transaction_date: '2026/04/15',
        to_country: 'US',
        to_zip: '10001',
        to_state: 'NY',
        amount: 100,
        shipping: 0,
        line_items: [{ id: '1', quantity: 1, unit_price: 100 }],
      };
      expect([201, 422]).toContain((await tj('POST', '/transactions/orders', order, `tj-o-${id}`)).status);
      expect([201, 422]).toContain((await tj('POST', '/transactions/refunds', refund(id, 40), `tj-r-${id}`)).status);
      const put = await tj('PUT', `/transactions/refunds/${id}-R`, refund(id, 30));
      expect([put.status, put.body.refund?.amount], JSON.stringify(put.body)).toEqual([200, -30]);
    }
    for (const [i, id] of ids.entries()) {
      if (i % 2 === 1) continue;
      const deleted = await tj('DELETE', `/transactions/refunds/${id}-R`);
      // A 404 only for a retry: the delete it follows was applied before its answer was lost.
      expect(deleted.status === 200 || (deleted.status === 404 && deleted.retried), JSON.stringify(deleted.body)).toBe(true);
    }
    for (const [i, id] of ids.entries()) {
      const original = (await v1(id)).body;
      expect((await v1(`${id}-R`)).body.status, id).toBe('voided');
      expect((await v1(`${id}-R:v3`)).status, id).toBe(404);
      const v2 = (await v1(`${id}-R:v2`)).body;
      expect(v2.total_amount, id).toBe(-30);
      if (i % 2 === 1) {
        // Updated once: the update's 30, neither the first 40 nor both.
        expect(v2.status).toBe('committed');
        expect(original.refunds).toEqual([`${id}-R:v2`]);
        expect(original.lines[0]).toMatchObject({ refunded_amount: 30, refundable_amount: 70 });
      } else {
        expect(v2.status).toBe('voided');
        expect(original.refunds).toEqual([]);
        expect(original.lines[0]).toMatchObject({ refunded_amount: 0, refundable_amount: 100 });
      }
    }
    const db = DynamoDBDocumentClient.from(
      new DynamoDBClient({
        endpoint: /DynamoDB Local (\S+),/.exec(runner.output())![1]!,
        region: 'us-east-1',
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      }),
    );
    const events = await tenantEvents(db, localTableName(MAIN_TABLE), { accountId: 'acct_taxjar', environment: 'sandbox' });
    db.destroy();
    const withdrawn = (code: string) => events.filter((e) => e.type === 'transaction.refund_withdrawn' && e.data.includes(`"code":"${code}"`)).length;
    for (const [i, id] of ids.entries()) {
      expect(withdrawn(`${id}-R`), id).toBe(1);
      expect(withdrawn(`${id}-R:v2`), id).toBe(i % 2 === 0 ? 1 : 0);
    }
    // Billed once each: the updates as refunds, the deletes as voids.
    const usage = await fetch(`${runner.url}/api/v1/usage?group_by=kind`, { headers: { Authorization: `Bearer ${KEYS.taxjar}` } });
    expect(usage.status).toBe(200);
    const units = Object.fromEntries(((await usage.json()) as any).data.map((g: { group: string; total: number }) => [g.group, g.total]));
    expect(units).toMatchObject({ commit: 6, refund: 12, void: 3 });
  });
});
