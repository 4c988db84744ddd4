import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
// Batches in DynamoDB. A batch is one partition (entities/batch.ts): its header, its items
// (entities/batch-item.ts) and the tally of each chunk a worker finished (entities/batch-chunk.ts).
//   - create writes the items first (BatchWriteItem, 25 at a time) and the header last, with
//     attribute_not_exists: items without a header belong to no accepted batch and expire unseen;
//   - a chunk's results and its tally are one TransactWriteItems, each item conditioned on still
//     being pending and the tally on not existing: a redelivered chunk can neither overwrite a
//     result nor count twice, and no item is counted without its result;
//   - the header is finished once, conditioned on `status = pending`, with its event;
//   - the header's Put registers the batch as pending work (entities/pending-work.ts) and the
//     finish unregisters it, each in the same transaction, so the sweeper finds every unfinished
//     batch across tenants by querying a few known partitions, never by scanning.
import { BatchWriteCommand, type DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Tenant } from '../../core/access/records';
import { type BatchHeader, type BatchItem, type BatchKind, type BatchStatus, type ChunkTally, chunkRange, type PendingItem } from '../../core/batches/batch';
import {
  type BatchRepository,
  type BatchSignals,
  type ChunkState,
  ItemAlreadyFinished,
  type ItemResult,
  type ItemsPageRequest,
} from '../../core/batches/ports';
import type { EventDraft } from '../../core/events/catalogue';
import { decodeCursor, encodeCursor, type Page, type PageRequest } from '../../core/lists/paging';
import type { UsageCharge } from '../../core/usage/usage';
import { billedMetric, emit, MetricUnit } from '../../shared/metrics';
import { AtomicWrite } from './atomic-write';
import { staleWrite } from './cancellation';
import { batchEntity } from './entities/batch';
import { batchChunkEntity } from './entities/batch-chunk';
import { batchItemEntity } from './entities/batch-item';
import { eventEntity } from './entities/event';
import { LIST_INDEX, LIST_PK, LIST_SK } from './entities/list-index';
import { pendingWorkEntity } from './entities/pending-work';
import { usageCounterEntity } from './entities/usage-counter';
import { keyFits } from './item-schema';
import { listPage, queryEvery } from './query-page';

type Item = Record<string, unknown>;

/** A condition that says the work is done already (a chunk tallied, a header finished): the write answers false. */
const doneAlready = (): Error => new ItemAlreadyFinished();

const isFrom = (p: unknown): p is { from: number } =>
  typeof p === 'object' &&
  p !== null &&
  !Array.isArray(p) &&
  Object.keys(p).length === 1 &&
  Number.isInteger((p as { from?: unknown }).from) &&
  (p as { from: number }).from >= 0 &&
  (p as { from: number }).from < 100_000;

export class BatchStore implements BatchRepository {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
    private readonly tenant: Tenant,
    /** Where metered usage is counted (USAGE_TABLE), in the tally's transaction; absent: nothing is metered. */
    private readonly usageTable?: string,
  ) {}

  private pk(id: string): string {
    return batchEntity.partition(this.tenant, id);
  }

  async create(batch: BatchHeader, items: readonly PendingItem[]): Promise<'created' | 'exists'> {
    // A repeated submission (its id derived from its Idempotency-Key) finds its job here and writes
    // nothing: rewriting its items as pending would undo results a worker already wrote.
    if (await this.header(batch.id)) return 'exists';
    const puts = items.map((item) => ({ PutRequest: { Item: batchItemEntity.pendingItem(batch, item) } }));
    // 25 items per BatchWriteItem (its limit), the calls in parallel; unprocessed items are re-sent.
    const groups = Array.from({ length: Math.ceil(puts.length / 25) }, (_, g) => puts.slice(g * 25, g * 25 + 25));
    await Promise.all(
      groups.map(async (group) => {
        let requests: Item[] | undefined = group;
        for (let attempt = 0; requests && requests.length > 0; attempt++) {
          if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 25 * 2 ** attempt)));
          const out = await this.db.send(new BatchWriteCommand({ RequestItems: { [this.table]: requests as never } }));
          requests = out.UnprocessedItems?.[this.table] as Item[] | undefined;
        }
      }),
    );
    try {
      await new AtomicWrite()
        .add({ Put: { TableName: this.table, Item: batchEntity.item(batch), ConditionExpression: 'attribute_not_exists(PK)' } })
        .add(pendingWorkEntity.put(this.table, { kind: 'batch', tenant: batch.tenant, id: batch.id, since: batch.created_at }, batchEntity.rowsTtl(batch)))
        .sendAsIs(this.db);
    } catch (error) {
      // Another attempt of the same submission stored the header between the read and this write.
      // Any other cancellation (a conflict with a concurrent transaction) stays DynamoDB's own
      // error, which the client is told to retry: it is no lost race of a versioned document.
      if (error instanceof TransactionCanceledException && error.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed') return 'exists';
      throw error;
    }
    return 'created';
  }

  async get(id: string): Promise<{ batch: BatchHeader; tallies: ChunkTally[] } | null> {
    const key = batchEntity.key(this.tenant, id);
    if (!keyFits(key)) return null;
    // Tallies sort before the header, items after: one Query reads the tallies and the header.
    const rows = await queryEvery(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'PK = :pk AND SK <= :header',
      ExpressionAttributeValues: { ':pk': key.PK, ':header': key.SK },
      ConsistentRead: true,
    });
    const header = rows.find((r) => r.SK === key.SK);
    if (!header) return null;
    const tallies = rows.filter(batchChunkEntity.isTally).map(batchChunkEntity.read);
    return { batch: batchEntity.read(this.tenant, header), tallies };
  }

  async header(id: string): Promise<BatchHeader | null> {
    const key = batchEntity.key(this.tenant, id);
    if (!keyFits(key)) return null;
    const out = await this.db.send(new GetCommand({ TableName: this.table, Key: key, ConsistentRead: true }));
    return out.Item ? batchEntity.read(this.tenant, out.Item) : null;
  }

  async talliedChunks(batch: BatchHeader): Promise<number> {
    let count = 0;
    let start: Item | undefined;
    do {
      const out = await this.db.send(
        new QueryCommand({
          TableName: this.table,
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :chunk)',
          ExpressionAttributeValues: { ':pk': this.pk(batch.id), ':chunk': batchChunkEntity.prefix },
          ConsistentRead: true,
          Select: 'COUNT',
          ExclusiveStartKey: start,
        }),
      );
      count += out.Count ?? 0;
      start = out.LastEvaluatedKey;
    } while (start);
    return count;
  }

  async items(id: string, page: ItemsPageRequest, budgetBytes: number): Promise<Page<BatchItem>> {
    const from = decodeCursor(page.cursor, isFrom)?.from ?? 0;
    const data: BatchItem[] = [];
    let bytes = 0;
    let start: Item | undefined;
    let next: number | null = null;
    outer: do {
      const out = await this.db.send(
        new QueryCommand({
          TableName: this.table,
          KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
          // A status is a filter: the query still walks the items in order, so the cursor (an index) holds.
          ...(page.status === undefined ? {} : { FilterExpression: '#status = :status', ExpressionAttributeNames: { '#status': 'status' } }),
          ExpressionAttributeValues: {
            ':pk': this.pk(id),
            ':from': batchItemEntity.sk(from),
            ':to': batchItemEntity.lastSk,
            ...(page.status === undefined ? {} : { ':status': page.status }),
          },
          ConsistentRead: true,
          Limit: Math.min(Math.max(page.limit, 1) + 1, 100),
          ExclusiveStartKey: start,
        }),
      );
      for (const row of out.Items ?? []) {
        const { bytes: weight, ...item } = batchItemEntity.read(row);
        // A page holds at least one item, then stops before the budget or the limit is passed.
        if (data.length === page.limit || (data.length > 0 && bytes + weight > budgetBytes)) {
          next = item.index;
          break outer;
        }
        data.push(item);
        bytes += weight;
      }
      start = out.LastEvaluatedKey;
    } while (start);
    return { data, next_cursor: next === null ? null : encodeCursor({ from: next }) };
  }

  async chunk(batch: BatchHeader, chunk: number): Promise<ChunkState> {
    const { id } = batch;
    const { from, to } = chunkRange(batch, chunk);
    const [rows, tally] = await Promise.all([
      this.db.send(
        new QueryCommand({
          TableName: this.table,
          KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
          ExpressionAttributeValues: { ':pk': this.pk(id), ':from': batchItemEntity.sk(from), ':to': batchItemEntity.sk(to - 1) },
          ConsistentRead: true,
        }),
      ),
      this.db.send(
        new QueryCommand({
          TableName: this.table,
          KeyConditionExpression: 'PK = :pk AND SK = :sk',
          ExpressionAttributeValues: { ':pk': this.pk(id), ':sk': batchChunkEntity.sk(chunk) },
          ConsistentRead: true,
        }),
      ),
    ]);
    const pending: PendingItem[] = [];
    const finished: BatchItem[] = [];
    for (const row of rows.Items ?? []) {
      const waiting = batchItemEntity.readPending(row);
      if (waiting) pending.push(waiting);
      else {
        const { bytes: _bytes, ...item } = batchItemEntity.read(row);
        finished.push(item);
      }
    }
    return { tallied: (tally.Items ?? []).length > 0, pending, finished };
  }

  async tally(batch: BatchHeader, tally: ChunkTally, results: readonly ItemResult[], usage?: UsageCharge): Promise<boolean> {
    // An item finished meanwhile is a lost race (StaleWrite); a chunk tallied already is a redelivery.
    const write = new AtomicWrite()
      .addAll(
        results.map((r) => batchItemEntity.resultPut(this.table, batch, r)),
        staleWrite,
      )
      .add(batchChunkEntity.put(this.table, batch, tally), doneAlready);
    try {
      // The items' units land with their results, once: a redelivered chunk finds the tally written.
      const counted =
        usage && this.usageTable ? usageCounterEntity.updates(this.usageTable, [usage], usageCounterEntity.slotOf(`${batch.id}#${tally.chunk}`)) : [];
      await write.addAll(counted).send(this.db);
      // Throughput: a chunk's tally is written once, so its items are counted once.
      emit({ Kind: batch.kind }, [
        ['ItemsFinished', MetricUnit.Count, tally.succeeded + tally.failed],
        ['ItemsFailed', MetricUnit.Count, tally.failed],
      ]);
      if (usage && counted.length > 0) billedMetric(usage.kind, usage.units);
      return true;
    } catch (error) {
      if (error instanceof ItemAlreadyFinished) return false;
      throw error;
    }
  }

  async finish(batch: BatchHeader, events: readonly EventDraft[]): Promise<boolean> {
    const header = {
      Put: {
        TableName: this.table,
        Item: batchEntity.item(batch),
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':pending': 'pending' },
      },
    };
    try {
      await new AtomicWrite()
        .add(header, doneAlready)
        .addAll(eventEntity.puts(this.table, this.tenant, events))
        .add(pendingWorkEntity.delete(this.table, { kind: 'batch', tenant: batch.tenant, id: batch.id }))
        .send(this.db);
      return true;
    } catch (error) {
      if (error instanceof ItemAlreadyFinished) return false;
      throw error;
    }
  }

  async list(kind: BatchKind, filters: { status?: BatchStatus | undefined }, page: PageRequest): Promise<Page<BatchHeader>> {
    const { items, next_cursor } = await listPage(this.db, this.table, batchEntity.list(kind, this.tenant), [['status', '=', filters.status]], page);
    return { data: items.map((item) => batchEntity.read(this.tenant, item)), next_cursor };
  }

  async signals(
    kind: BatchKind,
    createdSince: string,
    finishedSince: string,
    now: Date,
    visible?: (submitter: BatchHeader['principal']) => boolean,
  ): Promise<BatchSignals> {
    let pending = 0;
    let oldest: string | null = null;
    let completed = 0;
    let failed = 0;
    const rows = await queryEvery(this.db, {
      TableName: this.table,
      IndexName: LIST_INDEX,
      KeyConditionExpression: `${LIST_PK} = :pk AND ${LIST_SK} >= :since`,
      ExpressionAttributeValues: { ':pk': batchEntity.list(kind, this.tenant), ':since': createdSince },
      // The submitter only when it decides what counts.
      ProjectionExpression: visible ? '#s, created_at, completed_at, deadline_at, principal' : '#s, created_at, completed_at, deadline_at',
      ExpressionAttributeNames: { '#s': 'status' },
    });
    for (const row of rows) {
      if (visible && !visible(JSON.parse(String(row.principal)) as BatchHeader['principal'])) continue;
      const status = String(row.status);
      // A pending batch past its deadline has failed, at its deadline, whether or not anyone read it since.
      const overdue = status === 'pending' && Date.parse(String(row.deadline_at)) <= now.getTime();
      const finishedAt = overdue ? String(row.deadline_at) : String(row.completed_at ?? '');
      if (status === 'pending' && !overdue) {
        pending++;
        const created = String(row.created_at);
        if (oldest === null || created < oldest) oldest = created;
      } else if (finishedAt >= finishedSince) {
        if (status === 'completed') completed++;
        else failed++;
      }
    }
    return { pending, oldest_pending_created_at: oldest, completed_since: completed, failed_since: failed };
  }
}
