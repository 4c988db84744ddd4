// POST /transactions/{code}/credits: a tax-only credit against the original's remaining tax.
import { transactions } from '../composition-root';
import { transactionView } from '../core/transactions/view';
import { httpHandler } from '../http/handler';
import { created } from '../http/request';
import { CreditRequestSchema } from '../schemas/transactions';

export const handler = httpHandler('transactions-credit', { body: CreditRequestSchema }, async (request) => {
  const { result } = await transactions().credit(request, request.params.code, request.body);
  return created(transactionView(result));
});
