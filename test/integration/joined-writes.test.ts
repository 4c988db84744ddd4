// A batch chunk's commits joined into few TransactWriteItems (TransactionStore.writeEach) on
// DynamoDB Local: every change that can land lands, within DynamoDB's 100-item limit; a code that
// exists, or comes twice, fails alone with duplicate_transaction; the return summaries count every
// written document once.
import { expect, it } from 'vitest';
import { SummaryStore } from '../../functions/adapters/dynamodb/summary-store';
import { TransactionStore } from '../../functions/adapters/dynamodb/transaction-store';
import type { Tenant } from '../../functions/core/access/records';
import { DomainError } from '../../functions/core/errors';
import { ALL_LOCATIONS, summaryView } from '../../functions/core/returns/summary';
import type { DocumentChange } from '../../functions/core/transactions/repository';
import { KEYS } from '../fixtures/seed';
import { db, MAIN_TABLE, SUMMARY_TABLE } from '../support/dynamo';
import { api, unique, V1 } from '../support/http';
import { describeLocal } from '../support/target';

const TENANT: Tenant = { accountId: 'acct_main', environment: 'sandbox' };
// A month no other test commits in: the summary holds this test's documents only.
const DATE = '2031-07-15';

describeLocal('joined document writes', () => {
  it('lands 120 documents in a few transactions and fails the existing and the repeated code alone', async () => {
    const prefix = unique('JW');
    const res = await api('POST', `${V1}/transactions`, {
      key: KEYS.admin,
      body: { code: `${prefix}-T`, date: DATE, ship_to: { state: 'NY', zip: '10001' }, lines: [{ amount: 100 }, { amount: 25.5 }] },
    });
    expect(res.status, res.text).toBe(201);
    const client = db();
    const store = new TransactionStore(client, MAIN_TABLE, SUMMARY_TABLE, TENANT);
    const template = (await store.get(`${prefix}-T`))!.record;
    const clone = (code: string): DocumentChange => ({ create: [{ ...template, code }], update: [], events: [] });
    const changes = [
      ...Array.from({ length: 60 }, (_, i) => clone(`${prefix}-${i}`)),
      clone(`${prefix}-T`), // committed before
      clone(`${prefix}-7`), // twice in the same call
      ...Array.from({ length: 60 }, (_, i) => clone(`${prefix}-${60 + i}`)),
    ];
    let transactions = 0;
    const count = (next: (args: unknown) => Promise<unknown>, context: { commandName?: string }) => async (args: unknown) => {
      if (context.commandName === 'TransactWriteItemsCommand') transactions++;
      return next(args);
    };
    client.middlewareStack.add(count as never, { step: 'initialize', name: 'countJoinedTransactions' });
    try {
      const outcomes = await store.writeEach(changes);
      const failed = outcomes.flatMap((o, i) => (o.written ? [] : [{ i, code: o.error instanceof DomainError ? o.error.code : String(o.error) }]));
      expect(failed).toEqual([
        { i: 60, code: 'duplicate_transaction' },
        { i: 61, code: 'duplicate_transaction' },
      ]);
      // 122 changes of one item each and one summary per transaction: at least 2 transactions, plus one resend per refused change.
      expect(transactions).toBeGreaterThanOrEqual(2);
      expect(transactions).toBeLessThanOrEqual(4);
    } finally {
      client.middlewareStack.remove('countJoinedTransactions');
    }
    for (const i of [0, 7, 59, 60, 119]) expect((await store.get(`${prefix}-${i}`))?.record.code).toBe(`${prefix}-${i}`);
    const [totals] = await new SummaryStore(client, SUMMARY_TABLE, TENANT).read([{ state: 'NY', period: DATE.slice(0, 7), location: ALL_LOCATIONS }]);
    const view = summaryView({ state: 'NY', period: DATE.slice(0, 7), location_code: null }, totals!);
    const one = res.body as { total_tax: number; total_amount: number };
    expect(view.document_count).toBe(121);
    expect(Math.round(view.tax * 100)).toBe(121 * Math.round(one.total_tax * 100));
  });
});
