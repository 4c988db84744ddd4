// The batch-items queue worker: runs one chunk of a batch per message.

import { batchItemRunner, runBatchChunk } from '../../application/batches';
import { batchItemPorts, batchStore, freshContent } from '../../composition-root';
import { BATCH_ITEMS_QUEUE } from '../../manifest/resources';
import { itemRequests } from './batch-item-requests';
import { ChunkBodySchema, chunkMessage } from './chunk-message';
import { queueWorker } from './queue-worker';

export const handler = queueWorker(BATCH_ITEMS_QUEUE, ChunkBodySchema, async (body, delivery) => {
  // The items are taxed with the content in force, a refresh included.
  await freshContent(delivery.now);
  return runBatchChunk({ batches: batchStore, runItems: batchItemRunner({ ...batchItemPorts(), parse: itemRequests }) }, chunkMessage(body), delivery);
});
