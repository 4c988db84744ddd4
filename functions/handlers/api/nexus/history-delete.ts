// DELETE /nexus/sales-history/{id}: removes a record; its entries stop counting at once.

import { deleteSalesHistory } from '../../../application/nexus';
import { nexusPorts } from '../../../composition-root';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { NEXUS_HISTORY_DELETE } from '../../../manifest/routes/nexus';

export const handler = httpHandler(NEXUS_HISTORY_DELETE, {}, async (request) => {
  await deleteSalesHistory(nexusPorts(), request, request.params.id);
  return ok({ object: 'nexus_sales_history', id: request.params.id, deleted: true });
});
