// GET /api/v2/companies/{companyCode}/transactions: the company's documents as AvaTax's
// FetchResult, filtered, ordered and paged over the whole company (`@recordsetCount` counts them).
import { listAvataxTransactions } from '../../../application/avatax/transactions';
import { avataxTransactionPorts } from '../../../composition-root';
import { avataxStep, listQueryOf, pathCodes } from '../../../http/avatax-transaction';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { AVATAX_TRANSACTIONS_LIST } from '../../../manifest/routes/avatax';
import { AvataxTransactionListQuerySchema } from '../../../schemas/avatax-transactions';
import type { ResponseOf } from '../../../schemas/responses';

export const handler = httpHandler(AVATAX_TRANSACTIONS_LIST, { query: AvataxTransactionListQuerySchema }, async (request) => {
  const step = avataxStep('list');
  const { companyCode } = pathCodes(request.params);
  const list = await step.run(async () => listAvataxTransactions(avataxTransactionPorts(), request, companyCode, listQueryOf(request.query, companyCode)));
  return ok<ResponseOf<'avatax-transactions-list'>>(list);
});
