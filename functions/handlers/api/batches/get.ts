// GET /batches/{id}: the batch with its items, as many as fit one response (or `items_limit`); the
// rest through GET /batches/{id}/items?cursor=items_next_cursor. Expired batches are 404 at once.

import { listBatchItems } from '../../../application/batches';
import { batchPorts } from '../../../composition-root';
import { batchWithItems, RESPONSE_BUDGET_BYTES } from '../../../http/batch-view';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { BATCHES_GET } from '../../../manifest/routes/batches';
import { BatchGetQuerySchema } from '../../../schemas/batches';

export const handler = httpHandler(BATCHES_GET, { query: BatchGetQuerySchema }, async (request) => {
  const page = { limit: request.query.items_limit };
  const { batch, tallies, items } = await listBatchItems(batchPorts(), request, request.params.id, page, RESPONSE_BUDGET_BYTES);
  return ok(batchWithItems(batch, tallies, items.data, items.next_cursor));
});
