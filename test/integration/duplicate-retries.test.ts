// A retry without an Idempotency-Key that finds its code taken
// (docs/transactions-and-certificates.md, "Retries and duplicates"): still 409
// duplicate_transaction, now with a detail naming the existing document and whether it was made
// from the same payload, so a client can tell its own applied retry from someone else's document
// without a second call. The case that matters most, a commit applied and then timed out, runs on a
// runner of its own whose every transaction times out after it was applied.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactionEntity } from '../../functions/adapters/dynamodb/entities/transaction';
import { KEYS, SEED } from '../fixtures/seed';
import { db, MAIN_TABLE } from '../support/dynamo';
import { api, expectError, type Res, unique, V1 } from '../support/http';
import { type RunnerProcess, startRunner } from '../support/runner-process';
import { describeLocal } from '../support/target';

const ship_to = { state: 'NY', zip: '10001' };
const DATE = '2026-04-15';
const sale = (code: string, amount = 100) => ({ code, date: DATE, ship_to, lines: [{ amount, description: 'Desk lamp' }] });

function duplicateDetail(res: Res) {
  const error = expectError(res, 409, 'duplicate_transaction');
  expect(error.details).toHaveLength(1);
  return error.details![0] as Record<string, unknown>;
}

describe('409 duplicate_transaction tells a retry from another document', () => {
  it('the same payload again, in any member order: same_payload, naming the document', async () => {
    const code = unique('DUP');
    expect((await api('POST', `${V1}/transactions`, { key: KEYS.admin, body: sale(code) })).status).toBe(201);
    const { lines, ...rest } = sale(code);
    for (const body of [sale(code), { lines, ...Object.fromEntries(Object.entries(rest).reverse()) }]) {
      const detail = duplicateDetail(await api('POST', `${V1}/transactions`, { key: KEYS.admin, body }));
      expect(detail).toMatchObject({ code: 'same_payload', target: 'code', existing_code: code, same_payload: true, severity: 'error' });
      expect(detail.message).toContain(code);
    }
  });

  it('another payload under the code: different_payload, and the original unchanged', async () => {
    const code = unique('DUP');
    expect((await api('POST', `${V1}/transactions`, { key: KEYS.admin, body: sale(code) })).status).toBe(201);
    const detail = duplicateDetail(await api('POST', `${V1}/transactions`, { key: KEYS.admin, body: sale(code, 99) }));
    expect(detail).toMatchObject({ code: 'different_payload', target: 'code', existing_code: code, same_payload: false });
    expect((await api('GET', `${V1}/transactions/${code}`, { key: KEYS.admin })).body.total_amount).toBe(100);
  });

  it('a refund or an adjustment retried: the field that named the code', async () => {
    const code = unique('DUP');
    expect((await api('POST', `${V1}/transactions`, { key: KEYS.admin, body: sale(code) })).status).toBe(201);
    const refund = { refund_code: `${code}-R`, lines: [{ number: '1', amount: 10 }] };
    expect((await api('POST', `${V1}/transactions/${code}/refunds`, { key: KEYS.admin, body: refund })).status).toBe(201);
    expect(duplicateDetail(await api('POST', `${V1}/transactions/${code}/refunds`, { key: KEYS.admin, body: refund }))).toMatchObject({
      code: 'same_payload',
      target: 'refund_code',
      existing_code: `${code}-R`,
    });

    const other = unique('DUP');
    expect((await api('POST', `${V1}/transactions`, { key: KEYS.admin, body: sale(other) })).status).toBe(201);
    const adjust = {
      original_code: other,
      reversal_code: `${other}-REV`,
      replacement_code: code,
      replacement: { ship_to, lines: [{ amount: 1, description: 'Desk lamp' }] },
    };
    expect(duplicateDetail(await api('POST', `${V1}/transactions/adjustments`, { key: KEYS.admin, body: adjust }))).toMatchObject({
      code: 'different_payload',
      target: 'replacement_code',
      existing_code: code,
      same_payload: false,
    });
  });

  it('a batch commit item of a committed payload: same_payload in the item error', async () => {
    const code = unique('DUP');
    expect((await api('POST', `${V1}/transactions`, { key: KEYS.admin, body: sale(code) })).status).toBe(201);
    const res = await api('POST', `${V1}/batches`, { key: KEYS.admin, body: { items: [{ reference_id: 'again', operation: 'commit', request: sale(code) }] } });
    expect(res.status, res.text).toBe(202);
    let batch: any;
    for (let i = 0; i < 300 && batch?.status !== 'completed'; i++) {
      batch = (await api('GET', `${V1}/batches/${res.body.id}`, { key: KEYS.admin })).body;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(batch.items[0]).toMatchObject({
      status: 'failed',
      error: { code: 'duplicate_transaction', details: [{ code: 'same_payload', target: 'code', existing_code: code, same_payload: true, severity: 'error' }] },
    });
  });
});

describeLocal('documents stored before payload hashes were kept', () => {
  it('answer payload_unknown, same_payload null', async () => {
    const code = unique('DUP');
    expect((await api('POST', `${V1}/transactions`, { key: KEYS.admin, body: sale(code) })).status).toBe(201);
    await db().send(
      new UpdateCommand({
        TableName: MAIN_TABLE,
        Key: transactionEntity.key({ accountId: 'acct_main', environment: 'sandbox' }, code),
        UpdateExpression: 'REMOVE request_sha256',
      }),
    );
    expect(duplicateDetail(await api('POST', `${V1}/transactions`, { key: KEYS.admin, body: sale(code) }))).toMatchObject({
      code: 'payload_unknown',
      existing_code: code,
      same_payload: null,
    });
  });
});

describeLocal('a change applied, then timed out, then retried', () => {
  const dir = mkdtempSync(join(tmpdir(), 'stx-dup-'));
  let runner: RunnerProcess | undefined;
  beforeAll(async () => {
    const seedPath = join(dir, 'seed.json');
    writeFileSync(seedPath, JSON.stringify(SEED));
    // Every TransactWriteItems is applied and then reported as a timeout.
    runner = await startRunner({ TAX_SEED_FILE: seedPath, STX_IN_MEMORY: '1', STX_FAULTS: 'dynamodb:TransactWriteItems:timeout:1' });
  }, 180_000);
  afterAll(async () => {
    await runner?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const post = async (path: string, body: unknown, idempotencyKey?: string) => {
    const res = await fetch(`${runner!.url}/api/v1${path}`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${KEYS.admin}`,
        'Content-Type': 'application/json',
        ...(idempotencyKey === undefined ? {} : { 'Idempotency-Key': idempotencyKey }),
      },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const get = async (path: string) => (await fetch(`${runner!.url}/api/v1${path}`, { headers: { Authorization: `Bearer ${KEYS.admin}` } })).json() as any;
  /** The first attempt lands and answers 503 (the write may have happened); the idempotency record goes with it. */
  const timedOut = async (path: string, body: unknown, idempotencyKey?: string) => {
    const first = await post(path, body, idempotencyKey);
    expect(first.status, JSON.stringify(first.body)).toBe(503);
    expect(first.body.error.code).toBe('service_unavailable');
  };

  it('503 first (the write may have happened), then 409 same_payload: the client knows its commit landed', async () => {
    await timedOut('/transactions', sale('TIMED-OUT'));
    const retry = await post('/transactions', sale('TIMED-OUT'));
    expect(retry.status).toBe(409);
    expect(retry.body.error.details).toEqual([
      expect.objectContaining({ code: 'same_payload', target: 'code', existing_code: 'TIMED-OUT', same_payload: true }),
    ]);
  });

  it('an adjustment, a full refund and a credit retried under their Idempotency-Key: same_payload, applied once', async () => {
    for (const code of ['TO-ADJ', 'TO-REF', 'TO-CRD']) await timedOut('/transactions', sale(code));

    const adjust = { original_code: 'TO-ADJ', reversal_code: 'TO-ADJ-R', replacement_code: 'TO-ADJ-V', replacement: { ship_to, lines: [{ amount: 90 }] } };
    await timedOut('/transactions/adjustments', adjust, 'adj-1');
    // The original is adjusted already: once this said invalid_lifecycle and no more.
    const adjusted = await post('/transactions/adjustments', adjust, 'adj-1');
    expect(adjusted.status).toBe(409);
    expect(adjusted.body.error).toMatchObject({
      code: 'duplicate_transaction',
      details: [{ code: 'same_payload', target: 'replacement_code', existing_code: 'TO-ADJ-V', same_payload: true }],
    });
    // Another payload under the same codes is not taken for a retry.
    const other = await post('/transactions/adjustments', { ...adjust, reason: 'other' });
    expect(other.body.error.details).toEqual([expect.objectContaining({ code: 'different_payload', same_payload: false })]);
    // Adjusted by other codes: the lifecycle refusal, as before.
    const again = await post('/transactions/adjustments', { ...adjust, reversal_code: 'TO-ADJ-R2', replacement_code: 'TO-ADJ-V2' });
    expect(again.body.error.code).toBe('invalid_lifecycle');

    // A full refund leaves nothing refundable: its retry still says it was applied.
    await timedOut('/transactions/TO-REF/refunds', { refund_code: 'TO-REF-R' }, 'ref-1');
    const refunded = await post('/transactions/TO-REF/refunds', { refund_code: 'TO-REF-R' }, 'ref-1');
    expect(refunded.status).toBe(409);
    expect(refunded.body.error.details).toEqual([expect.objectContaining({ code: 'same_payload', target: 'refund_code', existing_code: 'TO-REF-R' })]);

    // A credit of all the tax: its retry would exceed what remains.
    const tax = (await get('/transactions/TO-CRD')).lines[0].remaining_tax as number;
    const credit = { credit_code: 'TO-CRD-C', lines: [{ number: '1', tax_amount: tax }] };
    await timedOut('/transactions/TO-CRD/credits', credit, 'crd-1');
    const credited = await post('/transactions/TO-CRD/credits', credit, 'crd-1');
    expect(credited.status).toBe(409);
    expect(credited.body.error.details).toEqual([expect.objectContaining({ code: 'same_payload', target: 'credit_code', existing_code: 'TO-CRD-C' })]);

    // Each applied exactly once.
    expect(await get('/transactions/TO-ADJ')).toMatchObject({ status: 'adjusted', adjustment: { reversal_code: 'TO-ADJ-R', replacement_code: 'TO-ADJ-V' } });
    expect(await get('/transactions/TO-REF')).toMatchObject({ status: 'refunded', refunds: ['TO-REF-R'] });
    expect(await get('/transactions/TO-CRD')).toMatchObject({ credits: ['TO-CRD-C'] });
  });

  it('a certificate, a key and a webhook endpoint retried under their Idempotency-Key: one of each', async () => {
    // The customer's write lands too (and answers 503): it exists.
    await post('/customers', { customer_code: 'TO-CUST', name: 'Acme' });
    const evidence = {
      customer_code: 'TO-CUST',
      jurisdiction: 'NY',
      exemption_reason: 'resale',
      exemption_number: 'NY-123',
      valid_from: DATE,
      valid_to: '2027-04-15',
      signer: { name: 'Morgan Ellis', title: 'Purchasing' },
      signature_type: 'electronic',
    };
    await timedOut('/certificates', evidence, 'cert-1');
    // Once a second certificate under a new random id; now the first, found by the submission.
    const cert = await post('/certificates', evidence, 'cert-1');
    expect(cert.status, JSON.stringify(cert.body)).toBe(201);
    expect((await get('/certificates?customer_code=TO-CUST')).data.map((c: { id: string }) => c.id)).toEqual([cert.body.id]);
    // Another payload under the key is refused, not recorded.
    expect((await post('/certificates', { ...evidence, exemption_number: 'NY-999' }, 'cert-1')).body.error.code).toBe('idempotency_conflict');

    const keyBody = { name: 'to-key', environment: 'sandbox', scopes: ['transactions:read'] };
    const keysBefore = (await get('/keys?limit=100')).data.length as number;
    await timedOut('/keys', keyBody, 'key-1');
    const key = await post('/keys', keyBody, 'key-1');
    // The secret was in the lost answer only: the repeat answers the key without it, as a replay does.
    expect(key.status, JSON.stringify(key.body)).toBe(201);
    expect(key.body).toMatchObject({ name: 'to-key', key: null });
    const keys = (await get('/keys?limit=100')).data as { id: string; name: string }[];
    expect(keys).toHaveLength(keysBefore + 1);
    expect(keys.filter((k) => k.name === 'to-key').map((k) => k.id)).toEqual([key.body.id]);

    const hook = { url: 'http://127.0.0.1:9/to-hook', events: ['*'] };
    await timedOut('/webhooks', hook, 'hook-1');
    const endpoint = await post('/webhooks', hook, 'hook-1');
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);
    expect(endpoint.body).toMatchObject({ url: hook.url, secret: null });
    // One endpoint, so every event is delivered once, not once per attempt.
    expect((await get('/webhooks')).data.filter((e: { url: string }) => e.url === hook.url).map((e: { id: string }) => e.id)).toEqual([endpoint.body.id]);
  });
});
