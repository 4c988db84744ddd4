// POST /taxjar/v2/transactions/refunds: a refund (POST /api/v1/transactions/{code}/refunds) of the
// current version of the order `transaction_reference_id`, under the refund's own transaction_id.

import { createRefund } from '../../../application/taxjar/transactions';
import { documentPorts } from '../../../composition-root';
import { transactionView } from '../../../core/taxjar/transactions';
import { postHandler } from '../../../http/post-handler';
import { created } from '../../../http/request';
import { TAXJAR_REFUNDS_CREATE } from '../../../manifest/routes/taxjar';
import { TaxjarRefundCreateSchema } from '../../../schemas/taxjar';

export const handler = postHandler(TAXJAR_REFUNDS_CREATE, { body: TaxjarRefundCreateSchema }, async (request) => {
  const { result } = await createRefund(documentPorts(), request, request.body);
  return created({ refund: transactionView(result) });
});
