// DELETE /taxjar/v2/transactions/orders/:id: voids the order's current version
// (POST /api/v1/transactions/{code}/void): refused once it has refunds, as any void.

import { deleteOrder } from '../../../application/taxjar/transactions';
import { documentPorts } from '../../../composition-root';
import { transactionView } from '../../../core/taxjar/transactions';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { TAXJAR_ORDERS_DELETE } from '../../../manifest/routes/taxjar';

export const handler = httpHandler(TAXJAR_ORDERS_DELETE, {}, async (request) => {
  const { result } = await deleteOrder(documentPorts(), request, request.params.transaction_id);
  return ok({ order: transactionView(result) });
});
