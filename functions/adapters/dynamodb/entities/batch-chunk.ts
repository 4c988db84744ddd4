// The tally of a chunk a worker finished: one row of the batch's partition (`CHUNK#0004`), written
// once (attribute_not_exists) in the transaction of the chunk's results, so a redelivered chunk
// cannot count twice. Tallies are items of their own, not counters on the header, so the chunks
// of a batch finishing at once do not all contend for one item.
import * as v from 'valibot';
import type { ChunkTally } from '../../../core/batches/batch';
import { parseItem } from '../item-schema';
import { type BatchOf, batchEntity } from './batch';

const CHUNK = 'CHUNK#';

const TallyItem = v.object({ chunk: v.number(), succeeded: v.number(), failed: v.number() });

export const batchChunkEntity = {
  /** The sort-key prefix of a batch's tallies. */
  prefix: CHUNK,

  sk: (chunk: number): string => `${CHUNK}${String(chunk).padStart(4, '0')}`,

  /** Whether a row of a batch's partition is a tally. */
  isTally: (item: Record<string, unknown>): boolean => String(item.SK).startsWith(CHUNK),

  /** The Put of a chunk's tally, refused when the chunk was tallied already. */
  put: (table: string, batch: BatchOf, tally: ChunkTally) => ({
    Put: {
      TableName: table,
      Item: {
        PK: batchEntity.partition(batch.tenant, batch.id),
        SK: batchChunkEntity.sk(tally.chunk),
        entity: 'batch_chunk',
        ...tally,
        ttl: batchEntity.rowsTtl(batch),
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  }),

  read: (item: unknown): ChunkTally => parseItem(TallyItem, item, 'batch chunk tally'),
};
