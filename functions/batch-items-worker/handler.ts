// The batch-items queue worker: runs one chunk of a batch per message (contract §6).
import { BATCH_ITEMS_QUEUE } from '../../lib/resources';
import { batchItemRunner, runBatchChunk } from '../application/batches';
import { batchItemPorts, batchStore } from '../composition-root';
import { ChunkBodySchema, chunkMessage } from '../workers/chunk-message';
import { queueWorker } from '../workers/queue-worker';
import { itemRequests } from './item-requests';

export const handler = queueWorker(BATCH_ITEMS_QUEUE, ChunkBodySchema, (body, delivery) =>
  runBatchChunk({ batches: batchStore, runItems: batchItemRunner({ ...batchItemPorts(), parse: itemRequests }) }, chunkMessage(body), delivery),
);
