// GET /transactions: the tenant's documents newest first, filtered; a location-scoped key sees its
// location's documents only.

import { listTransactions } from '../../../application/transactions';
import { documentPorts } from '../../../composition-root';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { TRANSACTIONS_LIST } from '../../../manifest/routes/transactions';
import { TransactionListQuerySchema } from '../../../schemas/transactions';

export const handler = httpHandler(TRANSACTIONS_LIST, { query: TransactionListQuerySchema }, async (request) => {
  const { limit, cursor, ...filters } = request.query;
  return ok(await listTransactions(documentPorts(), request, filters, { limit, cursor }));
});
