// GET /transactions/{code}: one document in the key's scope.

import { getTransaction } from '../../../application/transactions';
import { documentPorts } from '../../../composition-root';
import { transactionView } from '../../../core/transactions/view';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { TRANSACTIONS_GET } from '../../../manifest/routes/transactions';

export const handler = httpHandler(TRANSACTIONS_GET, {}, async (request) => {
  return ok(transactionView(await getTransaction(documentPorts(), request, request.params.code)));
});
