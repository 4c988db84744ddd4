// An item of a batch: one row of the batch's partition (`ITEM#00042`), written pending with its
// request when the batch is accepted and finished once, with its result or error, by a Put
// conditioned on it still being pending. Payloads above COMPRESS_ABOVE are stored gzipped (`reqz`,
// `resz`, `errz`): items stop at 400 KB.
import { gunzipSync, gzipSync } from 'node:zlib';
import * as v from 'valibot';
import type { BatchItem, ItemError, PendingItem } from '../../../core/batches/batch';
import { ItemAlreadyFinished, type ItemResult } from '../../../core/batches/ports';
import type { ErrorCode } from '../../../core/errors';
import type { ConditionMeaning } from '../cancellation';
import { parseItem } from '../item-schema';
import { type BatchOf, batchEntity } from './batch';

const COMPRESS_ABOVE = 16 * 1024;

const ITEM = 'ITEM#';

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

function packJson(value: unknown, name: string): Record<string, unknown> {
  const json = JSON.stringify(value);
  return json.length > COMPRESS_ABOVE ? { [`${name}z`]: gzipSync(json) } : { [name]: json };
}

function unpackJson(item: { [k: string]: unknown }, name: string): unknown {
  const zipped = item[`${name}z`];
  if (zipped instanceof Uint8Array) return JSON.parse(gunzipSync(zipped).toString('utf8'));
  const plain = item[name];
  return typeof plain === 'string' ? JSON.parse(plain) : undefined;
}

export const batchItemEntity = {
  /** The sort key of item `index`: zero-padded, so items sort by index. */
  sk: (index: number): string => `${ITEM}${String(index).padStart(5, '0')}`,

  /** An upper bound of the sort keys of every item of a batch. */
  lastSk: `${ITEM}~`,

  /** An item as the batch is accepted: pending, with its request. */
  pendingItem: (batch: BatchOf, item: PendingItem): Record<string, unknown> => ({
    PK: batchEntity.partition(batch.tenant, batch.id),
    SK: batchItemEntity.sk(item.index),
    entity: 'batch_item',
    index: item.index,
    reference_id: item.reference_id,
    operation: item.operation,
    status: 'pending',
    ttl: batchEntity.rowsTtl(batch),
    ...packJson(item.request, 'req'),
  }),

  /** The Put that finishes one item, conditioned on it still being pending (its failure: `finished`). */
  resultPut(table: string, batch: BatchOf, result: ItemResult) {
    const ttl = batchEntity.rowsTtl(batch);
    const payload = result.status === 'succeeded' ? packJson(result.result, 'res') : packJson(result.error, 'err');
    const bytes = Object.values(payload).reduce((n: number, p) => n + (typeof p === 'string' ? p.length : (p as Uint8Array).length), 0);
    return {
      Put: {
        TableName: table,
        Item: {
          PK: batchEntity.partition(batch.tenant, batch.id),
          SK: batchItemEntity.sk(result.index),
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
  },

  /** What the failed condition of a result's Put means: the item was finished already. */
  finished: ((): Error => new ItemAlreadyFinished()) satisfies ConditionMeaning,

  /** A stored item as pages show it, with what its result weighs. */
  read(item: Record<string, unknown>): BatchItem & { bytes: number } {
    const stored = parseItem(StoredItem, item, 'batch item');
    const base = { index: stored.index, reference_id: stored.reference_id, operation: stored.operation, bytes: stored.bytes ?? 0 };
    if (stored.status === 'succeeded') return { ...base, status: 'succeeded', result: unpackJson(item, 'res') };
    if (stored.status === 'failed') {
      const e = parseItem(StoredError, unpackJson(item, 'err'), 'batch item error');
      const error: ItemError = { code: e.code as ErrorCode, message: e.message, request_id: e.request_id, ...(e.details ? { details: e.details } : {}) };
      return { ...base, status: 'failed', error };
    }
    return { ...base, status: 'pending' };
  },

  /** A stored item still pending, with its request; null when it is finished. */
  readPending(item: Record<string, unknown>): PendingItem | null {
    const stored = parseItem(StoredItem, item, 'batch item');
    if (stored.status !== 'pending') return null;
    return { index: stored.index, reference_id: stored.reference_id, operation: stored.operation, request: unpackJson(item, 'req') };
  },
};
