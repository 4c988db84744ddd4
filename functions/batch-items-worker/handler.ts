// The batch-items queue worker: runs one chunk of a batch per message (contract §6).
import * as v from 'valibot';
import { BATCH_ITEMS_QUEUE } from '../../lib/resources';
import { batchItemRunner, runBatchChunk } from '../application/batches';
import { batchItemPorts, batchStore } from '../composition-root';
import { queueWorker } from '../workers/queue-worker';
import { itemRequests } from './item-requests';

const ChunkBodySchema = v.strictObject({
  account_id: v.pipe(v.string(), v.minLength(1)),
  environment: v.picklist(['sandbox', 'production']),
  batch_id: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  chunk: v.pipe(v.number(), v.integer(), v.minValue(0)),
});

export const handler = queueWorker(BATCH_ITEMS_QUEUE, ChunkBodySchema, (body, delivery) =>
  runBatchChunk(
    { batches: batchStore, runItem: batchItemRunner({ ...batchItemPorts(), parse: itemRequests }) },
    { batch: { tenant: { accountId: body.account_id, environment: body.environment }, id: body.batch_id }, chunk: body.chunk },
    delivery,
  ),
);
