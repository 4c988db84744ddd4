// POST /transactions/{code}/refunds: a refund document drawing on the original's remaining amounts
// at the original's rates; no lines means everything that remains.

import { refundTransaction } from '../../../application/transactions';
import { documentPorts } from '../../../composition-root';
import { transactionView } from '../../../core/transactions/view';
import { postHandler } from '../../../http/post-handler';
import { created } from '../../../http/request';
import { TRANSACTIONS_REFUND } from '../../../manifest/routes/transactions';
import { RefundRequestSchema } from '../../../schemas/transactions';

export const handler = postHandler(TRANSACTIONS_REFUND, { body: RefundRequestSchema }, async (request) => {
  const { result } = await refundTransaction(documentPorts(), request, request.params.code, request.body);
  return created(transactionView(result));
});
