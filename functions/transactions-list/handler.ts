// GET /transactions: the tenant's documents newest first, filtered; a location-scoped key sees its
// location's documents only.
import { lists } from '../adapters/dynamodb/keys';
import { TransactionListQuerySchema } from '../schemas/transactions';
import { httpHandler, ok, tenantOf } from '../shared/http/handler';
import { decodeCursor, page } from '../shared/http/pagination';
import { transactionStore } from '../shared/transaction-service';

export const handler = httpHandler('transactions-list', { query: TransactionListQuerySchema }, async (request) => {
  const tenant = tenantOf(request);
  const { limit, cursor, ...filters } = request.query;
  const { summaries, next } = await transactionStore(tenant).list(
    { ...filters, location_code: request.principal.locationCode ?? undefined },
    limit,
    decodeCursor(cursor, { GSI1PK: lists.transactions(tenant) }),
  );
  return ok(page(summaries, next));
});
