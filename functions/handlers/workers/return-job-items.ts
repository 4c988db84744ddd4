// The return-job-items queue worker: summarizes one chunk of a return job per message.

import { runBatchChunk } from '../../application/batches';
import { returnItemRunner } from '../../application/returns';
import { batchStore, returnPorts } from '../../composition-root';
import { RETURN_JOB_ITEMS_QUEUE } from '../../manifest/resources';
import { ChunkBodySchema, chunkMessage } from './chunk-message';
import { queueWorker } from './queue-worker';

export const handler = queueWorker(RETURN_JOB_ITEMS_QUEUE, ChunkBodySchema, (body, delivery) =>
  runBatchChunk({ batches: batchStore, runItems: returnItemRunner(returnPorts()) }, chunkMessage(body), delivery),
);
