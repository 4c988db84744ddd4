// Metered usage in DynamoDB (functions/manifest/resources.ts USAGE_TABLE): counters per account,
// environment, key, UTC day and slot (entities/usage-counter.ts), increased with ADD (which creates
// them at zero), so a counter never needs a read first.
//   - Units that come with a write (a committed document, a lifecycle change, a batch chunk's
//     results) are an Update inside that write's TransactWriteItems (atomic-write.ts): they land
//     with it or not at all, and a retry or replay the write's conditions refuse counts nothing.
//   - Calculations store nothing; their units come from the usage journal (core/usage/journal.ts),
//     a chunk at a time by `applyOnce`: one TransactWriteItems of the chunk's marker (a Put that
//     must not exist yet) and its counters' ADDs, so a chunk delivered again adds nothing.
// Readers Query an account's partition by day range and sum the slots (core/usage). Markers live
// in partitions of their own (`APPLIED#…`), which no reader's key range or filter meets.

import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, paginateQuery, paginateScan } from '@aws-sdk/lib-dynamodb';
import type { JournalChunk } from '../../core/usage/journal';
import type { UsageRow } from '../../core/usage/usage';
import { AtomicWrite } from './atomic-write';
import { usageCounterEntity } from './entities/usage-counter';
import { usageMarkerEntity } from './entities/usage-marker';

const MAX_CONFLICT_ATTEMPTS = 12;

export class UsageStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  /**
   * A journal chunk's counters and its marker in one TransactWriteItems (core/usage/journal.ts):
   * the marker's Put must find no marker, so a chunk delivered again is refused whole and counts as
   * applied before (false). Another writer on a counter item cancels it (TransactionConflict):
   * tried again, jittered, like any lost race (entities/usage-marker.ts).
   */
  async applyOnce(chunk: JournalChunk): Promise<boolean> {
    const write = new AtomicWrite()
      .add(usageMarkerEntity.put(this.table, chunk.marker, Date.now()))
      .addAll(usageCounterEntity.updates(this.table, chunk.charges, chunk.slot));
    for (let attempt = 1; ; attempt++) {
      try {
        await write.sendAsIs(this.db);
        return true;
      } catch (error) {
        if (!(error instanceof TransactionCanceledException)) throw error;
        const reasons = error.CancellationReasons ?? [];
        if (reasons[0]?.Code === 'ConditionalCheckFailed') return false;
        if (!reasons.some((r) => r.Code === 'TransactionConflict') || attempt >= MAX_CONFLICT_ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(500, 10 * 2 ** attempt)));
      }
    }
  }

  /** An account's counters from `from` to `to` (inclusive days), every slot, both environments. */
  read(accountId: string, from: string, to: string): Promise<UsageRow[]> {
    const days = usageCounterEntity.days(from, to);
    const input = {
      TableName: this.table,
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': usageCounterEntity.partition(accountId), ':from': days.from, ':to': days.to },
      ConsistentRead: true,
    };
    return rowsOf(paginateQuery({ client: this.db }, input));
  }

  /** Every account's counters from `from` to `to` (the operator's export): a Scan of the usage table. */
  readAll(from: string, to: string): Promise<UsageRow[]> {
    const days = usageCounterEntity.days(from, to);
    const input = {
      TableName: this.table,
      FilterExpression: 'begins_with(PK, :usage) AND SK BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':usage': usageCounterEntity.partition(''), ':from': days.from, ':to': days.to },
      ConsistentRead: true,
    };
    return rowsOf(paginateScan({ client: this.db }, input));
  }
}

/** Every counter row of a Query's or Scan's pages (the SDK's paginator follows LastEvaluatedKey). */
async function rowsOf(pages: AsyncIterable<{ Items?: Record<string, unknown>[] }>): Promise<UsageRow[]> {
  const rows: UsageRow[] = [];
  for await (const page of pages) for (const item of page.Items ?? []) rows.push(usageCounterEntity.read(item));
  return rows;
}
