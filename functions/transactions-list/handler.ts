// GET /transactions: the tenant's documents newest first, filtered; a location-scoped key sees its
// location's documents only.
import { transactionListPartition } from '../adapters/dynamodb/transaction-store';
import { transactionSummaryView } from '../core/transactions/view';
import { TransactionListQuerySchema } from '../schemas/transactions';
import { httpHandler, ok, tenantOf } from '../shared/http/handler';
import { decodeCursor, page } from '../shared/http/pagination';
import { transactionStore } from '../shared/transaction-service';

export const handler = httpHandler('transactions-list', { query: TransactionListQuerySchema }, async (request) => {
  const tenant = tenantOf(request);
  const { limit, cursor, ...filters } = request.query;
  const { records, next } = await transactionStore(tenant).list(
    { ...filters, location_code: request.principal.locationCode ?? undefined },
    limit,
    decodeCursor(cursor, { GSI1PK: transactionListPartition(tenant) }),
  );
  return ok(page(records.map(transactionSummaryView), next));
});
