// POST /transactions/{code}/refunds: a refund document drawing on the original's remaining amounts
// at the original's rates; no lines means everything that remains.
import { transactions } from '../composition-root';
import { transactionView } from '../core/transactions/view';
import { httpHandler } from '../http/handler';
import { created } from '../http/request';
import { RefundRequestSchema } from '../schemas/transactions';

export const handler = httpHandler('transactions-refund', { body: RefundRequestSchema }, async (request) => {
  const { result } = await transactions().refund(request, request.params.code, request.body);
  return created(transactionView(result));
});
