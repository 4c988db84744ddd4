// Committed documents in DynamoDB. One document change is one TransactWriteItems:
//   - new documents are Put with attribute_not_exists(PK): a second commit of a code, however close
//     in time, is cancelled by DynamoDB itself (duplicate_transaction) and leaves the first intact;
//   - a changed original is Put with `version = :expected`: two refunds (or a refund and a void)
//     that read the same version cannot both land; the loser re-reads and re-decides;
//   - the event of the change is written in the same transaction, so no change exists without it.
import { gunzipSync, gzipSync } from 'node:zlib';
import { GetCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Tenant } from '../../core/access/records';
import type { TransactionRecord } from '../../core/transactions/record';
import { transactionSummaryView } from '../../core/transactions/view';
import { cancellation } from './cancellation';
import { eventPut } from './events';
import { keys, lists } from './keys';
import { gsi1Page } from './query-page';
import type { DocumentChange, Stored, TransactionFilters, TransactionRepository } from '../../core/transactions/repository';

/** Documents above this size are stored gzipped (DynamoDB items stop at 400 KB). */
const COMPRESS_ABOVE = 64 * 1024;


type Item = Record<string, unknown>;

function encode(record: TransactionRecord): Item {
  const json = JSON.stringify(record);
  return json.length > COMPRESS_ABOVE ? { docz: gzipSync(json) } : { doc: json };
}

function decode(item: Item): Stored {
  const json = item.docz ? gunzipSync(item.docz as Uint8Array).toString('utf8') : String(item.doc);
  return { record: JSON.parse(json) as TransactionRecord, version: Number(item.version) };
}

function documentItem(record: TransactionRecord, version: number): Item {
  return {
    ...keys.transaction(record.tenant, record.code),
    GSI1PK: lists.transactions(record.tenant),
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

export class TransactionStore implements TransactionRepository {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
    private readonly tenant: Tenant,
  ) {}

  async get(code: string): Promise<Stored | null> {
    const out = await this.db.send(new GetCommand({ TableName: this.table, Key: keys.transaction(this.tenant, code), ConsistentRead: true }));
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
    try {
      await this.db.send(new TransactWriteCommand({ TransactItems: [...creates, ...updates, ...events] }));
    } catch (error) {
      throw cancellation(error, creates.length, updates.length);
    }
  }

  /** List entries (transactionSummaryView) newest first. */
  async list(filters: TransactionFilters, limit: number, cursor: Record<string, unknown> | undefined): Promise<{ summaries: unknown[]; next: Record<string, unknown> | undefined }> {
    const conditions = [
      ['status', '=', filters.status],
      ['kind', '=', filters.kind],
      ['customer_code', '=', filters.customer_code],
      ['location_code', '=', filters.location_code],
      ['date', '>=', filters.date_from],
      ['date', '<=', filters.date_to],
    ] as const;
    const { items, next } = await gsi1Page(this.db, this.table, lists.transactions(this.tenant), conditions, limit, cursor, ['summary']);
    return { summaries: items.map((item) => JSON.parse(String(item.summary)) as unknown), next };
  }

}
