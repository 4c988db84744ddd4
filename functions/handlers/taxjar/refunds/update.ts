// PUT /taxjar/v2/transactions/refunds/:id: the refund's live version withdrawn and the refund the
// request describes written as its next version, in one atomic write with its order's change.

import { updateRefund } from '../../../application/taxjar/transactions';
import { documentPorts } from '../../../composition-root';
import { transactionView } from '../../../core/taxjar/transactions';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { TAXJAR_REFUNDS_UPDATE } from '../../../manifest/routes/taxjar';
import { TaxjarRefundUpdateSchema } from '../../../schemas/taxjar';

export const handler = httpHandler(TAXJAR_REFUNDS_UPDATE, { body: TaxjarRefundUpdateSchema }, async (request) => {
  const { result } = await updateRefund(documentPorts(), request, request.params.transaction_id, request.body);
  return ok({ refund: transactionView(result.replacement ?? result.withdrawn) });
});
