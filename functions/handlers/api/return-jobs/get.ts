// GET /provider/return-jobs/{id}: the job with its items (as many as fit one response; the rest
// through /items). A job of another engagement is not found, exactly like a missing one.

import { listBatchItems } from '../../../application/batches';
import { returnJobPorts } from '../../../composition-root';
import { batchWithItems, RESPONSE_BUDGET_BYTES } from '../../../http/batch-view';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { RETURN_JOBS_GET } from '../../../manifest/routes/return-jobs';
import { BatchGetQuerySchema } from '../../../schemas/batches';

export const handler = httpHandler(RETURN_JOBS_GET, { query: BatchGetQuerySchema }, async (request) => {
  const page = { limit: request.query.items_limit };
  const { batch, tallies, items } = await listBatchItems(returnJobPorts(), request, request.params.id, page, RESPONSE_BUDGET_BYTES, 'return_job');
  return ok(batchWithItems(batch, tallies, items.data, items.next_cursor));
});
