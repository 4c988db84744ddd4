// Return summaries spread by contention (functions/adapters/dynamodb/summary-shards.ts), on DynamoDB
// Local: a summary is one item until a commit's transaction is cancelled on it (a conflict, injected
// here through functions/adapters/faults.ts: DynamoDB Local serializes transactions and never
// reports one); then it doubles its width, records it on shard 0, and spreads. A reader reads shard
// 0, then the shards the recorded width names, and the totals equal the documents': nothing written
// to any shard is missed, and nothing is counted twice however often a write was retried.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, expect, it } from 'vitest';
import { summaryEntity } from '../../functions/adapters/dynamodb/entities/summary';
import { SUMMARY_MAX_SHARDS } from '../../functions/adapters/dynamodb/summary-shards';
import { SummaryStore } from '../../functions/adapters/dynamodb/summary-store';
import { TransactionStore } from '../../functions/adapters/dynamodb/transaction-store';
import { untilWritten } from '../../functions/application/optimistic-retry';
import type { Tenant } from '../../functions/core/access/records';
import { ALL_LOCATIONS, contributions, summaryView, sumTotals } from '../../functions/core/returns/summary';
import { KEYS } from '../fixtures/seed';
import { db, faultyDb, MAIN_TABLE, SUMMARY_TABLE } from '../support/dynamo';
import { api, unique, V1 } from '../support/http';
import { describeLocal } from '../support/target';

const TENANT: Tenant = { accountId: 'acct_main', environment: 'sandbox' };
// A month no other test commits in: the summary holds this test's documents only.
const DATE = '2032-03-15';
const KEY = { state: 'NY', period: DATE.slice(0, 7), location: ALL_LOCATIONS };

const faultsBefore = process.env.STX_FAULTS;
afterAll(() => {
  if (faultsBefore === undefined) delete process.env.STX_FAULTS;
  else process.env.STX_FAULTS = faultsBefore;
});

describeLocal('summary shards', () => {
  it('spread a contended summary and read back exactly what the documents hold', async () => {
    const prefix = unique('SH');
    const res = await api('POST', `${V1}/transactions`, {
      key: KEYS.admin,
      body: { code: `${prefix}-T`, date: DATE, ship_to: { state: 'NY', zip: '10001' }, lines: [{ amount: 100 }, { amount: 25.5, tax_code: '20010' }] },
    });
    expect(res.status, res.text).toBe(201);
    const plain = new TransactionStore(db(), MAIN_TABLE, SUMMARY_TABLE, TENANT);
    const template = (await plain.get(`${prefix}-T`))!.record;

    // Every third transaction of this client is cancelled on its last item (the summary).
    process.env.STX_FAULTS = 'dynamodb:TransactWriteItems:conflict:3';
    const faulty = faultyDb();
    const store = new TransactionStore(faulty, MAIN_TABLE, SUMMARY_TABLE, TENANT);
    const records = Array.from({ length: 60 }, (_, i) => ({ ...template, code: `${prefix}-${i}` }));
    for (const record of records) await untilWritten(() => store.write({ create: [record], update: [], events: [] }));
    delete process.env.STX_FAULTS;

    // Shard 0 records the widths used; shards above 0 hold some of the documents.
    const first = await db().send(new GetCommand({ TableName: SUMMARY_TABLE, Key: summaryEntity.key(TENANT, KEY, 0), ConsistentRead: true }));
    const widths = [...((first.Item?.w as Set<number> | undefined) ?? [])];
    expect(Math.max(...widths)).toBeGreaterThanOrEqual(8);
    expect(Math.max(...widths)).toBeLessThanOrEqual(SUMMARY_MAX_SHARDS);
    const spread = await Promise.all(
      Array.from({ length: Math.max(...widths) - 1 }, (_, i) =>
        db().send(new GetCommand({ TableName: SUMMARY_TABLE, Key: summaryEntity.key(TENANT, KEY, i + 1), ConsistentRead: true })),
      ),
    );
    expect(spread.filter((s) => s.Item).length).toBeGreaterThan(1);

    // The totals read are the documents' own, each counted once.
    const [totals] = await new SummaryStore(db(), SUMMARY_TABLE, TENANT).read([KEY]);
    const expected = sumTotals([template, ...records].map((r) => [...contributions(r).values()].find((c) => c.key.location === ALL_LOCATIONS)!.totals));
    const view = (t: typeof totals) => summaryView({ state: KEY.state, period: KEY.period, location_code: null }, t!);
    expect(view(totals)).toEqual(view(expected));
    expect(view(totals).document_count).toBe(61);
  });
});
