// The month totals of economic nexus on DynamoDB Local (functions/core/nexus/month-sales.ts,
// functions/adapters/dynamodb/entities/month-sales.ts): every document change adds to its
// quarter's record in its own transaction, and a record holding less than the summaries (documents
// committed by a version that kept no records) is brought level with them once, from one snapshot,
// however many readers meet it at once; after that the records stay level through new commits,
// refunds and voids.
import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { monthSalesEntity } from '../../functions/adapters/dynamodb/entities/month-sales';
import { NexusStore } from '../../functions/adapters/dynamodb/nexus-store';
import { SummaryStore } from '../../functions/adapters/dynamodb/summary-store';
import { TransactionStore } from '../../functions/adapters/dynamodb/transaction-store';
import type { Tenant } from '../../functions/core/access/records';
import { monthsOfQuarter } from '../../functions/core/nexus/month-sales';
import { parseDaySalesKey } from '../../functions/core/nexus/recorded';
import { ALL_LOCATIONS } from '../../functions/core/returns/summary';
import type { TransactionRecord } from '../../functions/core/transactions/transaction';
import { KEYS } from '../fixtures/seed';
import { db, MAIN_TABLE, SUMMARY_TABLE } from '../support/dynamo';
import { api, unique, V1 } from '../support/http';
import { describeLocal } from '../support/target';

const QUARTER = '2031-Q2';
const STATES = ['NY', 'SD'];

/** A sale of the template's $100 line to `state` on `date`, `times` over (one line each). */
function sale(template: TransactionRecord, code: string, state: string, date: string, times = 1): TransactionRecord {
  const line = template.lines[0]!;
  return { ...template, code, date, lines: Array.from({ length: times }, () => ({ ...line, address: { ...line.address, state } })) };
}

/** Documents as a version before the month records left them: written, and no record of the quarter. */
async function writeWithoutRecords(store: TransactionStore, tenant: Tenant, records: TransactionRecord[]): Promise<void> {
  await store.write({ create: records, update: [], events: [] });
  await db().send(new DeleteCommand({ TableName: SUMMARY_TABLE, Key: monthSalesEntity.key(tenant, QUARTER, 0) }));
}

/** The month sums of the summaries' day sales (net), by `state|YYYY-MM|channel|kind`. */
async function fromSummaries(tenant: Tenant): Promise<Map<string, { cents: number; transactions: number }>> {
  const keys = STATES.flatMap((state) => monthsOfQuarter(QUARTER).map((period) => ({ state, period, location: ALL_LOCATIONS })));
  const totals = await new SummaryStore(db(), SUMMARY_TABLE, tenant).read(keys);
  const out = new Map<string, { cents: number; transactions: number }>();
  for (const [i, key] of keys.entries())
    for (const [dayKey, d] of totals[i]!.sales) {
      const p = parseDaySalesKey(dayKey)!;
      const id = `${key.state}|${key.period}|${p.channel}|${p.kind}`;
      const at = out.get(id) ?? { cents: 0, transactions: 0 };
      out.set(id, { cents: at.cents + d.cents, transactions: at.transactions + d.transactions });
    }
  for (const [k, v] of out) if (v.cents === 0 && v.transactions === 0) out.delete(k);
  return out;
}

async function monthSales(tenant: Tenant) {
  const store = new NexusStore(db(), MAIN_TABLE, tenant, new SummaryStore(db(), SUMMARY_TABLE, tenant), SUMMARY_TABLE);
  const read = await store.monthSales([QUARTER], STATES);
  const out = new Map<string, { cents: number; transactions: number }>();
  for (const state of STATES)
    for (const m of read.get(state) ?? []) {
      expect(m.upper_cents).toBeGreaterThanOrEqual(m.parts.reduce((n, p) => n + Math.max(0, p.sales_cents), 0));
      for (const p of m.parts) out.set(`${m.state}|${m.month}|${p.channel}|${p.kind}`, { cents: p.sales_cents, transactions: p.transactions });
    }
  return out;
}

async function template(): Promise<TransactionRecord> {
  const code = unique('NXM-T');
  const res = await api('POST', `${V1}/transactions`, {
    key: KEYS.admin,
    body: { code, date: '2031-05-02', ship_to: { state: 'NY', zip: '10001' }, lines: [{ amount: 100 }] },
  });
  expect(res.status, res.text).toBe(201);
  return (await new TransactionStore(db(), MAIN_TABLE, SUMMARY_TABLE, { accountId: 'acct_main', environment: 'sandbox' }).get(code))!.record;
}

describeLocal('month totals of economic nexus', () => {
  it('are written with every change, refunds and voids included, and equal the summaries', async () => {
    const base = await template();
    const tenant: Tenant = { accountId: unique('acct_nxm').toLowerCase(), environment: 'sandbox' };
    const store = new TransactionStore(db(), MAIN_TABLE, SUMMARY_TABLE, tenant);
    const first = sale(base, unique('A'), 'NY', '2031-04-03', 5);
    const second = sale(base, unique('B'), 'SD', '2031-06-30', 2);
    await store.write({ create: [first, second], update: [], events: [] });
    await store.write({ create: [], update: [{ before: second, record: { ...second, status: 'voided' }, expectedVersion: 1 }], events: [] });
    await store.write({ create: [sale(base, unique('C'), 'SD', '2031-05-15')], update: [], events: [] });
    const expected = await fromSummaries(tenant);
    expect(expected.get('NY|2031-04|direct|retail')).toEqual({ cents: 50_000, transactions: 1 });
    expect(expected.get('SD|2031-05|direct|retail')).toEqual({ cents: 10_000, transactions: 1 });
    expect(await monthSales(tenant)).toEqual(expected);
  });

  it('are brought level with summaries written before them once, however many readers meet them at once', async () => {
    const base = await template();
    const tenant: Tenant = { accountId: unique('acct_nxm').toLowerCase(), environment: 'sandbox' };
    const old = [sale(base, unique('O1'), 'NY', '2031-04-10', 3), sale(base, unique('O2'), 'SD', '2031-05-11', 2)];
    const store = new TransactionStore(db(), MAIN_TABLE, SUMMARY_TABLE, tenant);
    await writeWithoutRecords(store, tenant, old);
    // A void of a sale from before the records, by this version: the record goes below zero until levelled.
    await store.write({ create: [], update: [{ before: old[1]!, record: { ...old[1]!, status: 'voided' }, expectedVersion: 1 }], events: [] });
    await store.write({ create: [sale(base, unique('N1'), 'NY', '2031-06-01')], update: [], events: [] });
    const expected = await fromSummaries(tenant);
    expect(expected.get('NY|2031-04|direct|retail')).toEqual({ cents: 30_000, transactions: 1 });
    expect(expected.has('SD|2031-05|direct|retail')).toBe(false);

    const answers = await Promise.all(Array.from({ length: 6 }, () => monthSales(tenant)));
    for (const answer of answers) expect(answer).toEqual(expected);
    const shard0 = (await db().send(new GetCommand({ TableName: SUMMARY_TABLE, Key: monthSalesEntity.key(tenant, QUARTER, 0), ConsistentRead: true }))).Item;
    for (const state of STATES) expect(monthSalesEntity.levelled(shard0, state), state).toBe(true);
    // The record itself, read alone, now holds what the summaries hold, once.
    expect(shard0!.NY04drs).toBe(30_000);

    // Levelled once, it stays level: later changes add to both.
    await store.write({ create: [sale(base, unique('N2'), 'SD', '2031-05-20')], update: [], events: [] });
    expect(await monthSales(tenant)).toEqual(await fromSummaries(tenant));
    expect((await fromSummaries(tenant)).get('SD|2031-05|direct|retail')).toEqual({ cents: 10_000, transactions: 1 });
  });

  it('stay level when commits land while readers level them', async () => {
    const base = await template();
    const tenant: Tenant = { accountId: unique('acct_nxm').toLowerCase(), environment: 'sandbox' };
    const store = new TransactionStore(db(), MAIN_TABLE, SUMMARY_TABLE, tenant);
    await writeWithoutRecords(store, tenant, [sale(base, unique('P1'), 'NY', '2031-04-10', 2), sale(base, unique('P2'), 'SD', '2031-06-11')]);
    // Commits and readers interleaved: each commit lands before, between or after a reader's
    // snapshot and its update, and none is counted twice or lost.
    const commits = Array.from({ length: 16 }, (_, i) =>
      store.write({ create: [sale(base, unique(`C${i}`), i % 2 === 0 ? 'NY' : 'SD', `2031-0${4 + (i % 3)}-0${1 + (i % 9)}`)], update: [], events: [] }),
    );
    const readers = Array.from({ length: 6 }, () => monthSales(tenant));
    await Promise.all([...commits, ...readers]);
    const expected = await fromSummaries(tenant);
    expect([...expected.values()].reduce((n, d) => n + d.transactions, 0)).toBe(18);
    expect(await monthSales(tenant)).toEqual(expected);
  });
});

describe('a quarter record key', () => {
  it('is one item for every state, apart from the summaries', () => {
    expect(monthSalesEntity.key({ accountId: 'a', environment: 'sandbox' }, '2031-Q2', 0).PK).toContain('~month-sales');
  });
});
