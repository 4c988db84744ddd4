// Committed documents in DynamoDB. One document change is one TransactWriteItems:
//   - new documents are Put with attribute_not_exists(PK): a second commit of a code, however close
//     in time, is cancelled by DynamoDB itself (duplicate_transaction) and leaves the first intact;
//   - a changed original is Put with `version = :expected`: two refunds (or a refund and a void)
//     that read the same version cannot both land; the loser re-reads and re-decides;
//   - the events of the change are written in the same transaction, so no change exists without them;
//   - so are the return summaries' increments (summary-store.ts): a summary never misses a document.
import { gunzipSync, gzipSync } from 'node:zlib';
import { GetCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as v from 'valibot';
import type { Tenant } from '../../core/access/records';
import { DomainError } from '../../core/errors';
import type { Page, PageRequest } from '../../core/lists/paging';
import type { DocumentChange, Stored, TransactionFilters, TransactionRepository } from '../../core/transactions/repository';
import type { TransactionRecord } from '../../core/transactions/transaction';
import { transactionSummaryView, type TransactionSummary } from '../../core/transactions/view';
import { summaryDeltas } from '../../core/returns/summary';
import { itemFinished, itemResultPut } from './batch-store';
import { cancellation, staleWrite } from './cancellation';
import { eventPut } from './events';
import { keyFits, parseItem } from './item-schema';
import { gsi1Page } from './query-page';
import { summaryUpdates } from './summary-store';
import { listPartitions, tableKeys } from './table-keys';

/** Documents above this size are stored gzipped (DynamoDB items stop at 400 KB). */
const COMPRESS_ABOVE = 64 * 1024;

type Item = Record<string, unknown>;

const DocumentItem = v.object({ version: v.number(), doc: v.optional(v.string()), docz: v.optional(v.instance(Uint8Array)) });

const Money = v.number();
const Jurisdiction = v.object({ type: v.picklist(['state', 'county', 'city', 'special']), name: v.string(), rate: v.number(), taxable: Money, tax: Money });
const Line = v.object({
  number: v.string(),
  category: v.string(),
  amount: Money,
  discount: Money,
  taxable: Money,
  exempt: Money,
  tax: Money,
  rate: v.number(),
  tax_included: v.boolean(),
  jurisdictions: v.array(Jurisdiction),
  refunded_amount: Money,
  credited_tax: Money,
  remaining: v.object({ price: Money, taxable: Money, exempt: Money, tax: Money, jurisdictionTax: v.array(Money) }),
});
/** The parts of a stored document the lifecycle rules and views rely on. */
const DocumentRecord = v.object({
  code: v.string(),
  kind: v.picklist(['sale', 'refund', 'credit', 'reversal', 'replacement']),
  status: v.picklist(['committed', 'refunded', 'voided', 'adjusted']),
  tenant: v.object({ accountId: v.string(), environment: v.picklist(['sandbox', 'production']) }),
  date: v.string(),
  currency: v.literal('USD'),
  content_version: v.string(),
  created_at: v.string(),
  updated_at: v.string(),
  lines: v.array(Line),
  refunds: v.array(v.string()),
  credits: v.array(v.string()),
});
const SummaryItem = v.object({ summary: v.string() });

function encode(record: TransactionRecord): Item {
  const json = JSON.stringify(record);
  return json.length > COMPRESS_ABOVE ? { docz: gzipSync(json) } : { doc: json };
}

function decode(item: unknown): Stored {
  const { version, doc, docz } = parseItem(DocumentItem, item, 'transaction');
  const json = docz ? gunzipSync(docz).toString('utf8') : doc;
  if (json === undefined) throw new Error('stored transaction has no document');
  const record: unknown = JSON.parse(json);
  parseItem(DocumentRecord, record, 'transaction document');
  // The schema checked the fields rules and views rely on; the rest is what the engine wrote.
  return { record: record as TransactionRecord, version };
}

function documentItem(record: TransactionRecord, version: number): Item {
  return {
    ...tableKeys.transaction(record.tenant, record.code),
    GSI1PK: listPartitions.transactions(record.tenant),
    GSI1SK: `${record.created_at}#${record.code}`,
    entity: 'transaction',
    code: record.code,
    kind: record.kind,
    status: record.status,
    date: record.date,
    customer_code: record.customer_code ?? undefined,
    location_code: record.location_code ?? undefined,
    version,
    // What lists show, so listing never decodes whole documents.
    summary: JSON.stringify(transactionSummaryView(record)),
    ...encode(record),
  };
}

const duplicate = () => new DomainError('duplicate_transaction', 'A transaction with this code already exists for the account and environment.');

export class TransactionStore implements TransactionRepository {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
    private readonly tenant: Tenant,
  ) {}

  async get(code: string): Promise<Stored | null> {
    const key = tableKeys.transaction(this.tenant, code);
    if (!keyFits(key)) return null;
    const out = await this.db.send(new GetCommand({ TableName: this.table, Key: key, ConsistentRead: true }));
    return out.Item ? decode(out.Item) : null;
  }

  async write(change: DocumentChange): Promise<void> {
    const creates = change.create.map((record) => ({
      Put: { TableName: this.table, Item: documentItem(record, 1), ConditionExpression: 'attribute_not_exists(PK)' },
    }));
    const updates = change.update.map(({ record, expectedVersion }) => ({
      Put: {
        TableName: this.table,
        Item: documentItem(record, expectedVersion + 1),
        ConditionExpression: 'version = :expected',
        ExpressionAttributeValues: { ':expected': expectedVersion },
      },
    }));
    const events = change.events.map((event) => eventPut(this.table, this.tenant, event));
    // The receipt goes first: a redelivered batch item is "already finished", not a duplicate code.
    const receipt = change.receipt ? [itemResultPut(this.table, change.receipt.batch, change.receipt.item)] : [];
    // The return summaries move with the documents, in the same transaction (functions/core/returns).
    const summaries = summaryUpdates(this.table, this.tenant, summaryDeltas(change));
    try {
      await this.db.send(new TransactWriteCommand({ TransactItems: [...receipt, ...creates, ...updates, ...events, ...summaries] }));
    } catch (error) {
      throw cancellation(error, [...receipt.map(() => itemFinished), ...creates.map(() => duplicate), ...updates.map(() => staleWrite)]);
    }
  }

  /** List entries (transactionSummaryView) newest first. */
  async list(filters: TransactionFilters, page: PageRequest): Promise<Page<TransactionSummary>> {
    const conditions = [
      ['status', '=', filters.status],
      ['kind', '=', filters.kind],
      ['customer_code', '=', filters.customer_code],
      ['location_code', '=', filters.location_code],
      ['date', '>=', filters.date_from],
      ['date', '<=', filters.date_to],
    ] as const;
    const { items, next_cursor } = await gsi1Page(this.db, this.table, listPartitions.transactions(this.tenant), conditions, page, ['summary']);
    return { data: items.map((item) => JSON.parse(parseItem(SummaryItem, item, 'transaction summary').summary) as TransactionSummary), next_cursor };
  }
}
