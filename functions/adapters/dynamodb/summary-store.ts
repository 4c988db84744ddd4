// Return summaries in DynamoDB: the running totals per tenant, state, month and location
// (entities/summary.ts) that every document change updates in its own TransactWriteItems
// (summary-shards.ts), read here.
//
// Where. The summaries have a table of their own (functions/manifest/resources.ts SUMMARY_TABLE, no stream).
// Deployments and data directories from before kept them in the main table, under the same keys;
// those items are no longer written, and a reader adds them in (`legacyTable`): shard 0 of both
// tables in the same BatchGetItem calls, so a return job makes no more calls than before.
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Tenant } from '../../core/access/records';
import type { SummaryRepository } from '../../core/returns/ports';
import { emptyTotals, type SummaryKey, type SummaryTotals, sumTotals } from '../../core/returns/summary';
import { summaryEntity } from './entities/summary';
import { batchGetAcross } from './query-page';

export class SummaryStore implements SummaryRepository {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
    private readonly tenant: Tenant,
    /** The main table, where summaries written before they had their own table still are. */
    private readonly legacyTable?: string,
  ) {}

  /**
   * Shard 0 of every summary, in both tables, in BatchGetItem calls of 100 keys (a return-job chunk
   * of 25 summaries: one call), then the other shards that each table's shard 0 says are spread.
   */
  async read(keys: readonly SummaryKey[]): Promise<SummaryTotals[]> {
    const id = (key: SummaryKey) => summaryEntity.summaryId(this.tenant, key);
    // Items of a chunk may ask the same summary; BatchGetItem refuses a key twice.
    const distinct = [...new Map(keys.map((key) => [id(key), key])).values()];
    const tables = this.legacyTable && this.legacyTable !== this.table ? [this.table, this.legacyTable] : [this.table];
    const firsts = await batchGetAcross(
      this.db,
      tables.map((table) => ({ table, keys: distinct.map((key) => summaryEntity.key(this.tenant, key, 0)) })),
    );
    // Per table, then per summary.
    const found = new Map(tables.map((table) => [table, new Map<string, Record<string, unknown>[]>()]));
    const add = (table: string, item: Record<string, unknown>) => {
      const bySummary = found.get(table)!;
      const summary = summaryEntity.summaryOf(item);
      bySummary.set(summary, [...(bySummary.get(summary) ?? []), item]);
    };
    for (const [table, items] of firsts) for (const item of items) add(table, item);
    const others = tables.map((table) => ({
      table,
      keys: distinct.flatMap((key) => {
        const width = summaryEntity.widthOf(found.get(table)!.get(id(key))?.[0]);
        return Array.from({ length: width - 1 }, (_, i) => summaryEntity.key(this.tenant, key, i + 1));
      }),
    }));
    if (others.some((o) => o.keys.length > 0)) {
      for (const [table, items] of await batchGetAcross(this.db, others)) for (const item of items) add(table, item);
    }
    return keys.map((key) => {
      const items = tables.flatMap((table) => found.get(table)!.get(id(key)) ?? []);
      return items.length === 0 ? emptyTotals() : sumTotals(items.map(summaryEntity.totals));
    });
  }
}
