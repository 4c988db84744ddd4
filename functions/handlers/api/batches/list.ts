// GET /batches?status=: the tenant's batches newest first. Counts of a pending batch are shown by
// GET /batches/{id}; here they are its final counts once it finished.

import { listBatches } from '../../../application/batches';
import { batchPorts } from '../../../composition-root';
import { batchView } from '../../../core/batches/batch';
import { mapPage } from '../../../core/lists/paging';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { BATCHES_LIST } from '../../../manifest/routes/batches';
import { BatchListQuerySchema } from '../../../schemas/batches';

export const handler = httpHandler(BATCHES_LIST, { query: BatchListQuerySchema }, async (request) => {
  const { limit, cursor, status } = request.query;
  return ok(mapPage(await listBatches(batchPorts(), request, { status }, { limit, cursor }), (batch) => batchView(batch, [])));
});
