// POST /transactions/{code}/void: voids a committed transaction that has no refunds or credits.
import { transactions } from '../composition-root';
import { transactionView } from '../core/transactions/view';
import { httpHandler } from '../http/handler';
import { ok } from '../http/request';
import { VoidRequestSchema } from '../schemas/transactions';

export const handler = httpHandler('transactions-void', { body: VoidRequestSchema }, async (request) => {
  const { result } = await transactions().void(request, request.params.code, request.body);
  return ok(transactionView(result));
});
