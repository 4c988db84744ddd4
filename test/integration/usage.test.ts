// Metered usage through HTTP on the shared runner: every billable unit counted once per account,
// environment, key and UTC day, whatever the concurrency, the retries, the idempotent replays, the
// refusals and the queue's redeliveries. Each case works with keys of its own, made here, so the
// other test files' traffic on the same account never enters its counts.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { GetQueueUrlCommand, SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { beforeAll, expect, inject, it } from 'vitest';
import { chunkBody } from '../../functions/adapters/sqs/batch-queue';
import { chunkCount } from '../../functions/core/batches/batch';
import { BATCH_ITEMS_QUEUE } from '../../functions/manifest/resources';
import { KEYS } from '../fixtures/seed';
import { zipRows } from '../support/data';
import { api, expectError, unique, V1 } from '../support/http';
import { describeLocal } from '../support/target';
import { taxjar } from '../support/taxjar';

const ship_to = { state: 'NY', zip: '10001' };
const DATE = '2026-04-15';
const sale = (code: string, amount = 100) => ({ code, date: DATE, ship_to, lines: [{ amount }] });
const calculation = { date: DATE, ship_to, lines: [{ amount: 25 }] };

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '..', '..');

let org: { id: string; key: string };
let store: { id: string; key: string };

async function newKey(body: Record<string, unknown>) {
  const res = await api('POST', `${V1}/keys`, { key: KEYS.admin, body: { environment: 'sandbox', scopes: ['*'], ...body } });
  expect(res.status, res.text).toBe(201);
  return { id: res.body.id as string, key: res.body.key as string };
}

/** A key's units per kind today, as the account's organization-scoped admin key reads them. */
async function unitsOf(keyId: string): Promise<Record<string, number>> {
  const res = await api('GET', `${V1}/usage?group_by=key`, { key: KEYS.admin });
  expect(res.status, res.text).toBe(200);
  expect(res.body).toMatchObject({ object: 'usage', group_by: 'key', environment: 'sandbox', key_id: null });
  return res.body.data.find((g: { group: string }) => g.group === keyId)?.by_kind ?? {};
}

async function finished(id: string, key: string) {
  const until = Date.now() + 60_000;
  for (;;) {
    const res = await api('GET', `${V1}/batches/${id}`, { key });
    if (res.body.status !== 'pending') return res.body;
    if (Date.now() > until) throw new Error(`batch ${id} still pending`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  org = await newKey({ name: unique('usage-org') });
  store = await newKey({ name: unique('usage-store'), location_code: 'NYC' });
});

describeLocal('metered usage', () => {
  it('counts what was done once: concurrent calls, duplicates, idempotent replays and refusals', { timeout: 120_000 }, async () => {
    const key = org.key;
    // Calculations, concurrently; a refused one (400) and a replayed one (same Idempotency-Key).
    const calcs = await Promise.all(Array.from({ length: 12 }, () => api('POST', `${V1}/calculations`, { key, body: calculation })));
    expect(calcs.map((r) => r.status)).toEqual(Array(12).fill(200));
    expect((await api('POST', `${V1}/calculations`, { key, body: { lines: [] } })).status).toBe(422);
    const calcKey = { 'Idempotency-Key': unique('calc') };
    expect((await api('POST', `${V1}/calculations`, { key, body: calculation, headers: calcKey })).status).toBe(200);
    const replayedCalc = await api('POST', `${V1}/calculations`, { key, body: calculation, headers: calcKey });
    expect(replayedCalc.headers.get('idempotent-replayed')).toBe('true');
    // A TaxJar-compatible /taxes call is a calculation.
    await taxjar(key).taxForOrder({ to_country: 'US', to_zip: '10001', to_state: 'NY', amount: 10, shipping: 0 });

    // Commits, concurrently: six codes, and one code raced four times (one lands, three are 409).
    const codes = Array.from({ length: 6 }, () => unique('USG'));
    const raced = unique('USG-RACE');
    const commits = await Promise.all([...codes, raced, raced, raced, raced].map((code) => api('POST', `${V1}/transactions`, { key, body: sale(code) })));
    expect(commits.filter((r) => r.status === 201)).toHaveLength(7);
    expect(commits.filter((r) => r.status === 409).map((r) => r.body.error.code)).toEqual(Array(3).fill('duplicate_transaction'));
    // A commit sent again with its Idempotency-Key: replayed, not committed or billed again.
    const commitKey = { 'Idempotency-Key': unique('commit') };
    const replayCode = unique('USG-IK');
    expect((await api('POST', `${V1}/transactions`, { key, body: sale(replayCode), headers: commitKey })).status).toBe(201);
    expect((await api('POST', `${V1}/transactions`, { key, body: sale(replayCode), headers: commitKey })).headers.get('idempotent-replayed')).toBe('true');
    // A retry without the key finds the code taken: 409, not billed.
    expect((await api('POST', `${V1}/transactions`, { key, body: sale(replayCode) })).status).toBe(409);

    // Lifecycle changes, each once; a refused one (void of a refunded sale) is not billed.
    const refund = { refund_code: unique('USG-RF'), lines: [{ number: '1', amount: 10 }] };
    expect((await api('POST', `${V1}/transactions/${codes[0]}/refunds`, { key, body: refund })).status).toBe(201);
    expect((await api('POST', `${V1}/transactions/${codes[0]}/refunds`, { key, body: refund })).status).toBe(409);
    expect(
      (await api('POST', `${V1}/transactions/${codes[1]}/credits`, { key, body: { credit_code: unique('USG-CR'), lines: [{ number: '1', tax_amount: 0.5 }] } }))
        .status,
    ).toBe(201);
    expect((await api('POST', `${V1}/transactions/${codes[2]}/void`, { key, body: {} })).status).toBe(200);
    expect((await api('POST', `${V1}/transactions/${codes[0]}/void`, { key, body: {} })).status).toBeGreaterThanOrEqual(400);
    const adjustment = {
      original_code: codes[3],
      reversal_code: unique('USG-REV'),
      replacement_code: unique('USG-REP'),
      replacement: { ship_to, lines: [{ amount: 80 }] },
    };
    expect((await api('POST', `${V1}/transactions/adjustments`, { key, body: adjustment })).status).toBe(201);

    // Estimates beyond the in-process concurrency cap are refused (429) and not billed.
    const estimates = await Promise.all(Array.from({ length: 10 }, () => api('POST', `${V1}/estimates`, { key, body: { ship_to, amount: 25 } })));
    const answered = estimates.filter((r) => r.status === 200).length;
    expect(answered).toBeGreaterThan(0);
    expect(estimates.every((r) => r.status === 200 || r.status === 429)).toBe(true);

    const expected = { calculation: 14, estimate: answered, commit: 8, refund: 1, credit: 1, void: 1, adjustment: 1 };
    expect(await unitsOf(org.id)).toEqual(expected);

    // The operator's export of the month holds the same units, one row per kind.
    const month = new Date().toISOString().slice(0, 7);
    // As an operator runs it: without the tests' own silencing of the SDK's Node-version warning.
    const { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: _quiet, ...env } = process.env;
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', 'scripts/usage-export.ts', '--month', month, '--endpoint', inject('dynamoEndpoint')],
      {
        cwd: ROOT,
        env,
      },
    );
    expect(stderr).toBe('');
    const rows = stdout.trim().split('\n');
    expect(rows[0]).toBe('account_id,environment,key_id,day,kind,units');
    const exported = Object.fromEntries(
      rows
        .map((line) => line.split(','))
        .filter(([account, environment, keyId]) => account === 'acct_main' && environment === 'sandbox' && keyId === org.id)
        .map(([, , , , kind, units]) => [kind, Number(units)]),
    );
    expect(exported).toEqual(expected);
  });

  it('bills a batch per item once, however often the queue delivers its chunks', { timeout: 120_000 }, async () => {
    const batchKey = await newKey({ name: unique('usage-batch') });
    const prefix = unique('USG-B');
    const items = [
      ...Array.from({ length: 12 }, (_, i) => ({ reference_id: `c${i}`, request: calculation })),
      ...Array.from({ length: 12 }, (_, i) => ({ reference_id: `m${i}`, operation: 'commit', request: sale(`${prefix}-${i}`) })),
      // A failed item is not billed.
      { reference_id: 'bad', operation: 'commit', request: sale(`${prefix}-0`) },
    ];
    const submitted = await api('POST', `${V1}/batches`, { key: batchKey.key, body: { items } });
    expect(submitted.status, submitted.text).toBe(202);
    // Every chunk again while the first deliveries run, and once more after: SQS at-least-once, forced.
    const sqs = new SQSClient({ endpoint: inject('sqsEndpoint'), region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
    const { QueueUrl } = await sqs.send(new GetQueueUrlCommand({ QueueName: `salestax-local-${BATCH_ITEMS_QUEUE.id.toLowerCase()}` }));
    const redeliver = () =>
      sqs.send(
        new SendMessageBatchCommand({
          QueueUrl,
          Entries: Array.from({ length: chunkCount('batch', items.length) }, (_, chunk) => ({
            Id: String(chunk),
            MessageBody: JSON.stringify(chunkBody({ batch: { tenant: { accountId: 'acct_main', environment: 'sandbox' }, id: submitted.body.id }, chunk })),
          })),
        }),
      );
    await redeliver();
    const batch = await finished(submitted.body.id, batchKey.key);
    expect(batch).toMatchObject({ status: 'completed', succeeded_count: 24, failed_count: 1 });
    await redeliver();
    await new Promise((r) => setTimeout(r, 1500));
    sqs.destroy();
    expect(await unitsOf(batchKey.id)).toEqual({ batch_item: 24 });
  });

  it('bills the widest change a document may have in its own transaction', { timeout: 60_000 }, async () => {
    // One ZIP per state: a sale to 47 states at a location, the most it may have, is 2 documents and
    // events, 94 return summaries and the quarter's month totals; its adjustment, 4, 94 and 1 — the
    // usage counter is the transaction's hundredth item.
    const zips = new Map<string, string>();
    for (const row of zipRows) if (row.state !== 'PR' && !zips.has(row.state)) zips.set(row.state, row.zip);
    const states = [...zips.keys()].sort().slice(0, 47);
    const wide = (code: string) => ({
      code,
      date: DATE,
      seller_class: 'remote',
      location_code: 'NYC',
      ship_to,
      lines: states.map((state, i) => ({ number: String(i + 1), amount: 10 + i, description: 'Desk lamp', ship_to: { state, zip: zips.get(state)! } })),
    });
    const key = await newKey({ name: unique('usage-wide') });
    const code = unique('USG-WIDE');
    const committed = await api('POST', `${V1}/transactions`, { key: key.key, body: wide(code) });
    expect(committed.status, committed.text).toBe(201);
    const { code: _code, ...replacement } = wide('-');
    const adjusted = await api('POST', `${V1}/transactions/adjustments`, {
      key: key.key,
      body: { original_code: code, reversal_code: `${code}-REV`, replacement_code: `${code}-NEW`, replacement },
    });
    expect(adjusted.status, adjusted.text).toBe(201);
    expect(await unitsOf(key.id)).toEqual({ commit: 1, adjustment: 1 });
  });

  it('bills each TaxJar-compatible call by what it does', { timeout: 60_000 }, async () => {
    const key = await newKey({ name: unique('usage-taxjar') });
    const client = taxjar(key.key);
    const order = (id: string) => ({
      transaction_id: id,
      transaction_date: '2026/05/04',
      to_country: 'US',
      to_zip: '10001',
      to_state: 'NY',
      amount: 49.98,
      shipping: 0,
      sales_tax: 0,
      line_items: [{ id: '1', quantity: 2, product_identifier: 'LAMP', description: 'Desk lamp', unit_price: 24.99 }],
    });
    const [kept, deleted] = [unique('USG-TJ'), unique('USG-TJD')];
    await client.taxForOrder({ to_country: 'US', to_zip: '10001', to_state: 'NY', amount: 10, shipping: 0 });
    await client.createOrder(order(kept));
    await client.createOrder(order(deleted));
    await client.createRefund({
      transaction_id: `${kept}-r1`,
      transaction_reference_id: kept,
      transaction_date: '2026/05/06',
      to_country: 'US',
      to_zip: '10001',
      to_state: 'NY',
      amount: -24.99,
      shipping: 0,
      sales_tax: 0,
      line_items: [{ id: '1', quantity: 1, unit_price: -24.99 }],
    });
    await client.deleteOrder(deleted);
    // Reads are not billed.
    await client.showOrder(kept);
    await client.ratesForLocation('10001');
    expect(await unitsOf(key.id)).toEqual({ calculation: 1, commit: 2, refund: 1, void: 1 });
  });

  it('shows an organization-scoped key the whole account and any other key its own units only', async () => {
    for (let i = 0; i < 3; i++) expect((await api('POST', `${V1}/calculations`, { key: store.key, body: calculation })).status).toBe(200);
    const own = await api('GET', `${V1}/usage?group_by=key`, { key: store.key });
    expect(own.status, own.text).toBe(200);
    expect(own.body).toMatchObject({ key_id: store.id, total: 3, data: [{ group: store.id, total: 3, by_kind: { calculation: 3 } }] });
    const byKind = await api('GET', `${V1}/usage?group_by=kind`, { key: store.key });
    expect(byKind.body.data).toEqual([{ group: 'calculation', total: 3, by_kind: { calculation: 3 } }]);
    // The account's view holds the store key's units among the others'.
    expect(await unitsOf(store.id)).toEqual({ calculation: 3 });
    const byDay = await api('GET', `${V1}/usage`, { key: KEYS.admin });
    const today = new Date().toISOString().slice(0, 10);
    expect(byDay.body.data.find((g: { group: string }) => g.group === today).by_kind.calculation).toBeGreaterThanOrEqual(3);
    // Another account sees none of it.
    const other = await api('GET', `${V1}/usage?group_by=key`, { key: KEYS.other });
    expect(other.status).toBe(200);
    expect(other.text).not.toContain(store.id);
  });

  it('refuses a range it cannot answer', async () => {
    for (const range of ['from=2026-02-30', 'group_by=month'])
      expectError(await api('GET', `${V1}/usage?${range}`, { key: KEYS.admin }), 422, 'validation_error');
    // Two days that are each valid but make no range: conflicting options.
    for (const range of ['from=2026-05-02&to=2026-05-01', 'from=2026-01-01&to=2026-12-31'])
      expectError(await api('GET', `${V1}/usage?${range}`, { key: KEYS.admin }), 400, 'invalid_request');
  });
});
