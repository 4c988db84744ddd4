// POST /taxjar/v2/transactions/refunds: a refund (POST /api/v1/transactions/{code}/refunds) of the
// current version of the order `transaction_reference_id`, under the refund's own transaction_id.
import { TAXJAR_REFUNDS_CREATE } from '../../lib/routes';
import { createRefund } from '../application/taxjar/transactions';
import { documentPorts } from '../composition-root';
import { refundLinesOf, transactionView } from '../core/taxjar/transactions';
import { postHandler } from '../http/post-handler';
import { created } from '../http/request';
import { TaxjarRefundCreateSchema } from '../schemas/taxjar';

export const handler = postHandler(TAXJAR_REFUNDS_CREATE, { body: TaxjarRefundCreateSchema }, async (request) => {
  const { body } = request;
  const { result } = await createRefund(documentPorts(), request, {
    refundId: body.transaction_id,
    orderId: body.transaction_reference_id,
    date: body.transaction_date,
    ...refundLinesOf(body),
  });
  return created({ refund: transactionView(result) });
});
