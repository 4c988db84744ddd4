// GET /provider/return-jobs/{id}/items: a job's items in submission order, a page at a time.

import { listBatchItems } from '../../../application/batches';
import { returnJobPorts } from '../../../composition-root';
import { batchItemView, RESPONSE_BUDGET_BYTES } from '../../../http/batch-view';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { RETURN_JOBS_ITEMS } from '../../../manifest/routes/return-jobs';
import { BatchItemsQuerySchema } from '../../../schemas/batches';

export const handler = httpHandler(RETURN_JOBS_ITEMS, { query: BatchItemsQuerySchema }, async (request) => {
  const { batch, items } = await listBatchItems(returnJobPorts(), request, request.params.id, request.query, RESPONSE_BUDGET_BYTES, 'return_job');
  return ok({ data: items.data.map((item) => batchItemView(batch, item)), next_cursor: items.next_cursor });
});
