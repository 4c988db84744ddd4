// Batches in DynamoDB. A batch is one partition: its header (`HEADER`), its items (`ITEM#00042`)
// and the tally of each chunk a worker finished (`CHUNK#0004`).
//   - create writes the items first (BatchWriteItem, 25 at a time) and the header last, with
//     attribute_not_exists: items without a header belong to no accepted batch and expire unseen;
//   - a chunk's results and its tally are one TransactWriteItems, each item conditioned on still
//     being pending and the tally on not existing: a redelivered chunk can neither overwrite a
//     result nor count twice, and no item is counted without its result;
//   - tallies live in their own items, not as counters on the header, so the chunks of a batch
//     finishing at once do not all contend for one item;
//   - the header is finished once, conditioned on `status = pending`, with its event;
//   - the header's Put registers the batch as pending work (pending-work-store.ts) and the finish
//     unregisters it, each in the same transaction, so the sweeper finds every unfinished batch
//     across tenants by querying a few known partitions, never by scanning.
import { gunzipSync, gzipSync } from 'node:zlib';
import { BatchWriteCommand, GetCommand, QueryCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as v from 'valibot';
import type { TenantPrincipal } from '../../core/access/authorize';
import type { Tenant } from '../../core/access/records';
import {
  chunkRange,
  type BatchHeader,
  type BatchItem,
  type BatchKind,
  type BatchStatus,
  type ChunkTally,
  type ItemError,
  type PendingItem,
} from '../../core/batches/batch';
import { ItemAlreadyFinished, type BatchRepository, type BatchSignals, type ChunkState, type ItemResult } from '../../core/batches/ports';
import type { ErrorCode } from '../../core/errors';
import type { EventDraft } from '../../core/events/catalogue';
import { decodeCursor, encodeCursor, type Page, type PageRequest } from '../../core/lists/paging';
import { StaleWrite } from '../../core/transactions/repository';
import { cancellation } from './cancellation';
import { eventPut } from './events';
import { keyFits, maybe, parseItem } from './item-schema';
import { pendingWorkDelete, pendingWorkPut } from './pending-work-store';
import { gsi1Page, queryEvery } from './query-page';
import { listPartitions, tableKeys } from './table-keys';
import type { UsageCharge } from '../../core/usage/usage';
import { usageSlotOf, usageUpdates } from './usage-store';
import { billedMetric, emit, MetricUnit } from '../../shared/metrics';

type Item = Record<string, unknown>;

const HEADER = 'HEADER';
const ITEM = 'ITEM#';
const CHUNK = 'CHUNK#';
const itemSk = (index: number) => `${ITEM}${String(index).padStart(5, '0')}`;
const chunkSk = (chunk: number) => `${CHUNK}${String(chunk).padStart(4, '0')}`;
/** Payloads above this size are stored gzipped (items stop at 400 KB). */
const COMPRESS_ABOVE = 16 * 1024;
const ITEM_TTL_DAYS = 31;

const epoch = (iso: string): number => Math.floor(Date.parse(iso) / 1000);

/** Each kind is listed on its own. */
const listPartition = (kind: BatchKind, tenant: Tenant): string => (kind === 'batch' ? listPartitions.batches(tenant) : listPartitions.returnJobs(tenant));

/** What keys and expires a batch's rows. */
type BatchOf = Pick<BatchHeader, 'tenant' | 'id' | 'deadline_at'>;

/** Items and tallies outlive any retention their header can reach (deadline + 30 days), then expire. */
const itemTtl = (batch: BatchOf): number => epoch(batch.deadline_at) + ITEM_TTL_DAYS * 86_400;

function packJson(value: unknown, name: string): Item {
  const json = JSON.stringify(value);
  return json.length > COMPRESS_ABOVE ? { [`${name}z`]: gzipSync(json) } : { [name]: json };
}

function unpackJson(item: { [k: string]: unknown }, name: string): unknown {
  const zipped = item[`${name}z`];
  if (zipped instanceof Uint8Array) return JSON.parse(gunzipSync(zipped).toString('utf8'));
  const plain = item[name];
  return typeof plain === 'string' ? JSON.parse(plain) : undefined;
}

const HeaderItem = v.object({
  kind: v.picklist(['batch', 'return_job']),
  id: v.string(),
  status: v.picklist(['pending', 'completed', 'failed']),
  item_count: v.number(),
  chunk_count: v.number(),
  succeeded_count: v.number(),
  failed_count: v.number(),
  created_at: v.string(),
  completed_at: maybe(v.string()),
  expires_at: maybe(v.string()),
  deadline_at: v.string(),
  principal: v.string(),
});

const TallyItem = v.object({ chunk: v.number(), succeeded: v.number(), failed: v.number() });

const StoredItem = v.object({
  index: v.number(),
  reference_id: v.string(),
  operation: v.picklist(['calculate', 'commit', 'summarize']),
  status: v.picklist(['pending', 'succeeded', 'failed']),
  bytes: v.optional(v.number()),
});

const StoredError = v.object({
  code: v.string(),
  message: v.string(),
  request_id: v.string(),
  details: v.optional(
    v.array(
      v.object({
        code: v.string(),
        message: v.string(),
        target: v.string(),
        existing_code: v.optional(v.string()),
        same_payload: v.optional(v.nullable(v.boolean())),
      }),
    ),
  ),
});

function headerItem(batch: BatchHeader): Item {
  const ttlAt = batch.expires_at ?? new Date(Date.parse(batch.deadline_at) + ITEM_TTL_DAYS * 86_400_000).toISOString();
  return {
    PK: tableKeys.batch(batch.tenant, batch.id),
    SK: HEADER,
    GSI1PK: listPartition(batch.kind, batch.tenant),
    GSI1SK: `${batch.created_at}#${batch.id}`,
    entity: 'batch',
    kind: batch.kind,
    id: batch.id,
    status: batch.status,
    item_count: batch.item_count,
    chunk_count: batch.chunk_count,
    succeeded_count: batch.succeeded_count,
    failed_count: batch.failed_count,
    created_at: batch.created_at,
    completed_at: batch.completed_at,
    expires_at: batch.expires_at,
    deadline_at: batch.deadline_at,
    principal: JSON.stringify(batch.principal),
    ttl: epoch(ttlAt),
  };
}

function decodeHeader(tenant: Tenant, item: unknown): BatchHeader {
  const h = parseItem(HeaderItem, item, 'batch');
  return {
    ...h,
    tenant,
    completed_at: h.completed_at ?? null,
    expires_at: h.expires_at ?? null,
    principal: JSON.parse(h.principal) as TenantPrincipal,
  };
}

function decodeItem(item: Item): BatchItem & { bytes: number } {
  const stored = parseItem(StoredItem, item, 'batch item');
  const base = { index: stored.index, reference_id: stored.reference_id, operation: stored.operation, bytes: stored.bytes ?? 0 };
  if (stored.status === 'succeeded') return { ...base, status: 'succeeded', result: unpackJson(item, 'res') };
  if (stored.status === 'failed') {
    const e = parseItem(StoredError, unpackJson(item, 'err'), 'batch item error');
    const error: ItemError = { code: e.code as ErrorCode, message: e.message, request_id: e.request_id, ...(e.details ? { details: e.details } : {}) };
    return { ...base, status: 'failed', error };
  }
  return { ...base, status: 'pending' };
}

/** The Put that finishes one item, conditioned on it still being pending. */
export function itemResultPut(table: string, batch: BatchOf, result: ItemResult) {
  const ttl = itemTtl(batch);
  const payload = result.status === 'succeeded' ? packJson(result.result, 'res') : packJson(result.error, 'err');
  const bytes = Object.values(payload).reduce((n: number, p) => n + (typeof p === 'string' ? p.length : (p as Uint8Array).length), 0);
  return {
    Put: {
      TableName: table,
      Item: {
        PK: tableKeys.batch(batch.tenant, batch.id),
        SK: itemSk(result.index),
        entity: 'batch_item',
        index: result.index,
        reference_id: result.reference_id,
        operation: result.operation,
        status: result.status,
        // What the result weighs uncompressed, so pages can be cut to a response size.
        bytes: result.status === 'succeeded' ? JSON.stringify(result.result).length : bytes,
        ttl,
        ...payload,
      },
      ConditionExpression: '#status = :pending',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':pending': 'pending' },
    },
  };
}

export const itemFinished = (): Error => new ItemAlreadyFinished();

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
    return tableKeys.batch(this.tenant, id);
  }

  async create(batch: BatchHeader, items: readonly PendingItem[]): Promise<void> {
    const ttl = itemTtl(batch);
    const puts = items.map((item) => ({
      PutRequest: {
        Item: {
          PK: this.pk(batch.id),
          SK: itemSk(item.index),
          entity: 'batch_item',
          index: item.index,
          reference_id: item.reference_id,
          operation: item.operation,
          status: 'pending',
          ttl,
          ...packJson(item.request, 'req'),
        },
      },
    }));
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
    await this.db.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: this.table, Item: headerItem(batch), ConditionExpression: 'attribute_not_exists(PK)' } },
          pendingWorkPut(this.table, { kind: 'batch', tenant: batch.tenant, id: batch.id, since: batch.created_at }, itemTtl(batch)),
        ],
      }),
    );
  }

  async get(id: string): Promise<{ batch: BatchHeader; tallies: ChunkTally[] } | null> {
    const pk = this.pk(id);
    if (!keyFits({ PK: pk, SK: HEADER })) return null;
    // CHUNK#… sorts before HEADER, ITEM#… after: one Query reads the tallies and the header.
    const rows = await queryEvery(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'PK = :pk AND SK <= :header',
      ExpressionAttributeValues: { ':pk': pk, ':header': HEADER },
      ConsistentRead: true,
    });
    const header = rows.find((r) => r.SK === HEADER);
    if (!header) return null;
    const tallies = rows.filter((r) => String(r.SK).startsWith(CHUNK)).map((r) => parseItem(TallyItem, r, 'batch chunk tally'));
    return { batch: decodeHeader(this.tenant, header), tallies };
  }

  async header(id: string): Promise<BatchHeader | null> {
    const key = { PK: this.pk(id), SK: HEADER };
    if (!keyFits(key)) return null;
    const out = await this.db.send(new GetCommand({ TableName: this.table, Key: key, ConsistentRead: true }));
    return out.Item ? decodeHeader(this.tenant, out.Item) : null;
  }

  async talliedChunks(batch: BatchHeader): Promise<number> {
    let count = 0;
    let start: Item | undefined;
    do {
      const out = await this.db.send(
        new QueryCommand({
          TableName: this.table,
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :chunk)',
          ExpressionAttributeValues: { ':pk': this.pk(batch.id), ':chunk': CHUNK },
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

  async items(id: string, page: PageRequest, budgetBytes: number): Promise<Page<BatchItem>> {
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
          ExpressionAttributeValues: { ':pk': this.pk(id), ':from': itemSk(from), ':to': `${ITEM}~` },
          ConsistentRead: true,
          Limit: Math.min(Math.max(page.limit, 1) + 1, 100),
          ExclusiveStartKey: start,
        }),
      );
      for (const row of out.Items ?? []) {
        const { bytes: weight, ...item } = decodeItem(row);
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
          ExpressionAttributeValues: { ':pk': this.pk(id), ':from': itemSk(from), ':to': itemSk(to - 1) },
          ConsistentRead: true,
        }),
      ),
      this.db.send(
        new QueryCommand({
          TableName: this.table,
          KeyConditionExpression: 'PK = :pk AND SK = :sk',
          ExpressionAttributeValues: { ':pk': this.pk(id), ':sk': chunkSk(chunk) },
          ConsistentRead: true,
        }),
      ),
    ]);
    const pending: PendingItem[] = [];
    const finished: BatchItem[] = [];
    for (const row of rows.Items ?? []) {
      const stored = parseItem(StoredItem, row, 'batch item');
      if (stored.status === 'pending')
        pending.push({ index: stored.index, reference_id: stored.reference_id, operation: stored.operation, request: unpackJson(row, 'req') });
      else {
        const { bytes: _bytes, ...item } = decodeItem(row);
        finished.push(item);
      }
    }
    return { tallied: (tally.Items ?? []).length > 0, pending, finished };
  }

  async tally(batch: BatchHeader, tally: ChunkTally, results: readonly ItemResult[], usage?: UsageCharge): Promise<boolean> {
    const puts = results.map((r) => itemResultPut(this.table, batch, r));
    const tallyPut = {
      Put: {
        TableName: this.table,
        Item: { PK: this.pk(batch.id), SK: chunkSk(tally.chunk), entity: 'batch_chunk', ...tally, ttl: itemTtl(batch) },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    };
    try {
      // The items' units land with their results, once: a redelivered chunk finds the tally written.
      const counted = usage && this.usageTable ? usageUpdates(this.usageTable, [usage], usageSlotOf(`${batch.id}#${tally.chunk}`)) : [];
      await this.db.send(new TransactWriteCommand({ TransactItems: [...puts, tallyPut, ...counted] }));
      // Throughput: a chunk's tally is written once, so its items are counted once.
      emit({ Kind: batch.kind }, [
        ['ItemsFinished', MetricUnit.Count, tally.succeeded + tally.failed],
        ['ItemsFailed', MetricUnit.Count, tally.failed],
      ]);
      if (usage && counted.length > 0) billedMetric(usage.kind, usage.units);
      return true;
    } catch (error) {
      const meaning = cancellation(error, [...puts.map(() => () => new StaleWrite()), () => new ItemAlreadyFinished()]);
      if (meaning instanceof ItemAlreadyFinished) return false;
      throw meaning;
    }
  }

  async finish(batch: BatchHeader, events: readonly EventDraft[]): Promise<boolean> {
    try {
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.table,
                Item: headerItem(batch),
                ConditionExpression: '#status = :pending',
                ExpressionAttributeNames: { '#status': 'status' },
                ExpressionAttributeValues: { ':pending': 'pending' },
              },
            },
            ...events.map((event) => eventPut(this.table, this.tenant, event)),
            pendingWorkDelete(this.table, { kind: 'batch', tenant: batch.tenant, id: batch.id }),
          ],
        }),
      );
      return true;
    } catch (error) {
      const meaning = cancellation(error, [() => new ItemAlreadyFinished()]);
      if (meaning instanceof ItemAlreadyFinished) return false;
      throw meaning;
    }
  }

  async list(kind: BatchKind, filters: { status?: BatchStatus | undefined }, page: PageRequest): Promise<Page<BatchHeader>> {
    const { items, next_cursor } = await gsi1Page(this.db, this.table, listPartition(kind, this.tenant), [['status', '=', filters.status]], page);
    return { data: items.map((item) => decodeHeader(this.tenant, item)), next_cursor };
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
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK >= :since',
      ExpressionAttributeValues: { ':pk': listPartition(kind, this.tenant), ':since': createdSince },
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
