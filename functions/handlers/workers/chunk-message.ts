// The body of a chunk message on the batch-items and return-job-items queues (written by
// functions/adapters/sqs/batch-queue.ts), as the workers check it.
import * as v from 'valibot';
import type { ChunkMessage } from '../../core/batches/ports';

export const ChunkBodySchema = v.strictObject({
  account_id: v.pipe(v.string(), v.minLength(1)),
  environment: v.picklist(['sandbox', 'production']),
  batch_id: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  chunk: v.pipe(v.number(), v.integer(), v.minValue(0)),
});

export const chunkMessage = (body: v.InferOutput<typeof ChunkBodySchema>): ChunkMessage => ({
  batch: { tenant: { accountId: body.account_id, environment: body.environment }, id: body.batch_id },
  chunk: body.chunk,
});
