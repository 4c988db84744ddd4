// GET /batches/{id}/items: a batch's items in submission order, a page at a time, for batches whose
// results do not fit one response.

import { listBatchItems } from '../../../application/batches';
import { batchPorts } from '../../../composition-root';
import { batchItemView, RESPONSE_BUDGET_BYTES } from '../../../http/batch-view';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { BATCHES_ITEMS } from '../../../manifest/routes/batches';
import { BatchItemsQuerySchema } from '../../../schemas/batches';

export const handler = httpHandler(BATCHES_ITEMS, { query: BatchItemsQuerySchema }, async (request) => {
  const { batch, items } = await listBatchItems(batchPorts(), request, request.params.id, request.query, RESPONSE_BUDGET_BYTES);
  return ok({ data: items.data.map((item) => batchItemView(batch, item)), next_cursor: items.next_cursor });
});
