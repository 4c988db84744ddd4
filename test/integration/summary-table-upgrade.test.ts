// Return summaries moved to a table of their own (functions/manifest/resources.ts SUMMARY_TABLE). A deployment or
// data directory from before holds summaries in the main table, under the same keys, some of them
// spread over shards; those are no longer written, and the reader adds them to the new table's.
// Here the earlier version is the same store writing its summaries to the main table.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, expect, it } from 'vitest';
import { summaryEntity } from '../../functions/adapters/dynamodb/entities/summary';
import { SummaryStore } from '../../functions/adapters/dynamodb/summary-store';
import { TransactionStore } from '../../functions/adapters/dynamodb/transaction-store';
import { untilWritten } from '../../functions/application/optimistic-retry';
import type { Tenant } from '../../functions/core/access/records';
import { ALL_LOCATIONS, contributions, summaryView, sumTotals } from '../../functions/core/returns/summary';
import { ENGAGEMENTS, KEYS } from '../fixtures/seed';
import { db, faultyDb, MAIN_TABLE, SUMMARY_TABLE } from '../support/dynamo';
import { api, unique, V1 } from '../support/http';
import { describeLocal } from '../support/target';

// A provider's client, so that a return job reads the summaries through the API at the end.
const TENANT: Tenant = { accountId: 'acct_cli_northwind', environment: 'sandbox' };
const NORTHWIND = { 'X-Service-Client-Ref': ENGAGEMENTS.usable.ref };
// A month no other test commits in: the summary holds this test's documents only.
const DATE = '2033-05-20';
const KEY = { state: 'NY', period: DATE.slice(0, 7), location: ALL_LOCATIONS };

const faultsBefore = process.env.STX_FAULTS;
afterAll(() => {
  if (faultsBefore === undefined) delete process.env.STX_FAULTS;
  else process.env.STX_FAULTS = faultsBefore;
});

describeLocal('return summaries written before they had a table of their own', () => {
  it('are read together with the new table, spread shards included, each document counted once', async () => {
    const prefix = unique('SU');
    const res = await api('POST', `${V1}/transactions`, {
      key: KEYS.provider,
      headers: NORTHWIND,
      body: { code: `${prefix}-T`, date: DATE, ship_to: { state: 'NY', zip: '10001' }, lines: [{ amount: 80 }, { amount: 19.99, tax_code: '20010' }] },
    });
    expect(res.status, res.text).toBe(201);
    const current = new TransactionStore(db(), MAIN_TABLE, SUMMARY_TABLE, TENANT);
    const template = (await current.get(`${prefix}-T`))!.record;

    // The earlier version: summaries in the main table, contended, so spread over shards there.
    process.env.STX_FAULTS = 'dynamodb:TransactWriteItems:conflict:3';
    const faulty = faultyDb();
    const earlier = new TransactionStore(faulty, MAIN_TABLE, MAIN_TABLE, TENANT);
    const before = Array.from({ length: 30 }, (_, i) => ({ ...template, code: `${prefix}-old-${i}` }));
    for (const record of before) await untilWritten(() => earlier.write({ create: [record], update: [], events: [] }));
    delete process.env.STX_FAULTS;
    const legacy = await db().send(new GetCommand({ TableName: MAIN_TABLE, Key: summaryEntity.key(TENANT, KEY, 0), ConsistentRead: true }));
    expect(Math.max(...((legacy.Item?.w as Set<number> | undefined) ?? [1]))).toBeGreaterThan(1);

    // This version, after the upgrade: the new table only.
    const after = Array.from({ length: 10 }, (_, i) => ({ ...template, code: `${prefix}-new-${i}` }));
    for (const record of after) await current.write({ create: [record], update: [], events: [] });
    const fresh = await db().send(new GetCommand({ TableName: SUMMARY_TABLE, Key: summaryEntity.key(TENANT, KEY, 0), ConsistentRead: true }));
    expect(fresh.Item?.w).toBeUndefined();

    const view = (t: Parameters<typeof summaryView>[1]) => summaryView({ state: KEY.state, period: KEY.period, location_code: null }, t);
    const totalsOf = (records: (typeof template)[]) =>
      sumTotals(records.map((r) => [...contributions(r).values()].find((c) => c.key.location === ALL_LOCATIONS)!.totals));
    const [both] = await new SummaryStore(db(), SUMMARY_TABLE, TENANT, MAIN_TABLE).read([KEY]);
    expect(view(both!)).toEqual(view(totalsOf([template, ...before, ...after])));
    expect(view(both!).document_count).toBe(41);
    // Without the main table the earlier documents are missing: the reader must add it in.
    const [newOnly] = await new SummaryStore(db(), SUMMARY_TABLE, TENANT).read([KEY]);
    expect(view(newOnly!).document_count).toBe(11);

    // And through the API: a return job counts all 41.
    const submitted = await api('POST', `${V1}/provider/return-jobs`, {
      key: KEYS.provider,
      headers: NORTHWIND,
      body: { items: [{ reference_id: 'ny', state: 'NY', period: KEY.period }] },
    });
    expect(submitted.status, submitted.text).toBe(202);
    const until = Date.now() + 30_000;
    let job = submitted.body;
    while (job.status === 'pending' && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 100));
      job = (await api('GET', `${V1}/provider/return-jobs/${submitted.body.id}`, { key: KEYS.provider, headers: NORTHWIND })).body;
    }
    expect(job.status).toBe('completed');
    expect(job.items[0].result).toMatchObject({ document_count: 41, tax: view(both!).tax, taxable_amount: view(both!).taxable_amount });
  });
});
