// GET /batches/{id}: the batch with its items, as many as fit one response; the rest through
// GET /batches/{id}/items?cursor=items_next_cursor. Expired batches are 404 at once.
import { BATCHES_GET } from '../../lib/routes';
import { listBatchItems } from '../application/batches';
import { batchPorts } from '../composition-root';
import { SERVICE_LIMITS } from '../core/limits/service-limits';
import { batchWithItems, RESPONSE_BUDGET_BYTES } from '../http/batch-view';
import { httpHandler } from '../http/handler';
import { ok } from '../http/request';

export const handler = httpHandler(BATCHES_GET, {}, async (request) => {
  const { batch, tallies, items } = await listBatchItems(
    batchPorts(),
    request,
    request.params.id,
    { limit: SERVICE_LIMITS.batch_max_items },
    RESPONSE_BUDGET_BYTES,
  );
  return ok(batchWithItems(batch, tallies, items.data, items.next_cursor));
});
