// POST /batches: stores up to 500 items and queues them; 202 with the batch to poll. Its own rate
// bucket (batch_submissions); an Idempotency-Key returns the same batch on resubmission.

import { submitBatch } from '../../../application/batches';
import { batchPorts } from '../../../composition-root';
import { postHandler } from '../../../http/post-handler';
import { ok } from '../../../http/request';
import { submissionOf } from '../../../http/submission';
import { BASE_PATH } from '../../../manifest/route';
import { BATCHES_CREATE } from '../../../manifest/routes/batches';
import { BatchRequestSchema } from '../../../schemas/batches';

export const handler = postHandler(BATCHES_CREATE, { body: BatchRequestSchema }, async (request) => {
  const batch = await submitBatch(batchPorts(), request, request.body, { submission: submissionOf(request) });
  const body = { object: 'batch', id: batch.id, status: batch.status, item_count: batch.item_count, created_at: batch.created_at };
  return ok(body, 202, { Location: `${BASE_PATH}/batches/${encodeURIComponent(batch.id)}` });
});
