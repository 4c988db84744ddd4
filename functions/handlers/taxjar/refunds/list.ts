// GET /taxjar/v2/transactions/refunds: ids of the refunds dated on `transaction_date` or between
// `from_transaction_date` and `to_transaction_date` (GET /api/v1/transactions, every page).

import { listTaxjarIds } from '../../../application/taxjar/transactions';
import { documentPorts } from '../../../composition-root';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { TAXJAR_REFUNDS_LIST } from '../../../manifest/routes/taxjar';
import { TaxjarTransactionListQuerySchema } from '../../../schemas/taxjar';

export const handler = httpHandler(TAXJAR_REFUNDS_LIST, { query: TaxjarTransactionListQuerySchema }, async (request) => {
  const { transaction_date, from_transaction_date, to_transaction_date } = request.query;
  const range = { from: transaction_date ?? from_transaction_date ?? undefined, to: transaction_date ?? to_transaction_date ?? undefined };
  return ok({ refunds: await listTaxjarIds(documentPorts(), request, 'refund', range) });
});
