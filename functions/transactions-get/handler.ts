// GET /transactions/{code}: one document in the key's scope.
import { transactionView } from '../core/transactions/view';
import { httpHandler, ok, tenantOf } from '../shared/http/handler';
import { transactionStore, visibleDocument } from '../shared/transaction-service';

export const handler = httpHandler('transactions-get', {}, async (request) => {
  const stored = await visibleDocument(transactionStore(tenantOf(request)), request.params.code ?? '', request.principal);
  return ok(transactionView(stored.record));
});
