// DELETE /taxjar/v2/transactions/refunds/:id: the refund's live version withdrawn (voided, its
// order given back what it took); the id may be created again. Answered as TaxJar answers a delete.

import { deleteRefund } from '../../../application/taxjar/transactions';
import { documentPorts } from '../../../composition-root';
import { deletedTransactionView } from '../../../core/taxjar/transactions';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { TAXJAR_REFUNDS_DELETE } from '../../../manifest/routes/taxjar';

export const handler = httpHandler(TAXJAR_REFUNDS_DELETE, {}, async (request) => {
  const { result } = await deleteRefund(documentPorts(), request, request.params.transaction_id);
  return ok({ refund: deletedTransactionView(result) });
});
