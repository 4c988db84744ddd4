// GET /transactions: the tenant's documents newest first, filtered; a location-scoped key sees its
// location's documents only.
import { transactions } from '../composition-root';
import { httpHandler } from '../http/handler';
import { ok } from '../http/request';
import { TransactionListQuerySchema } from '../schemas/transactions';

export const handler = httpHandler('transactions-list', { query: TransactionListQuerySchema }, async (request) => {
  const { limit, cursor, ...filters } = request.query;
  return ok(await transactions().list(request, filters, { limit, cursor }));
});
