// GET /transactions/{code}: one document in the key's scope.
import { transactions } from '../composition-root';
import { transactionView } from '../core/transactions/view';
import { httpHandler } from '../http/handler';
import { ok } from '../http/request';

export const handler = httpHandler('transactions-get', {}, async (request) => {
  return ok(transactionView(await transactions().get(request, request.params.code)));
});
