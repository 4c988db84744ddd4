// GET /api/v2/companies/{companyCode}/transactions/{transactionCode}: the code's current state (a
// draft, or the ledger's latest version), a /api/v1 or TaxJar document of the code included.
import { getAvataxTransaction, typesOf } from '../../../application/avatax/transactions';
import { avataxTransactionPorts } from '../../../composition-root';
import { avataxStep, documentTypeOf, includeOf, pathCodes } from '../../../http/avatax-transaction';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { AVATAX_TRANSACTIONS_GET } from '../../../manifest/routes/avatax';
import { AvataxDocumentQuerySchema } from '../../../schemas/avatax-transactions';
import type { ResponseOf } from '../../../schemas/responses';

export const handler = httpHandler(AVATAX_TRANSACTIONS_GET, { query: AvataxDocumentQuerySchema }, async (request) => {
  const step = avataxStep('read');
  const { companyCode, code } = pathCodes(request.params);
  const address = { companyCode, code, types: typesOf(documentTypeOf(request.query)) };
  const view = await step.run(() => getAvataxTransaction(avataxTransactionPorts(), request, address, includeOf(request.query), step.noticed));
  return ok<ResponseOf<'avatax-transactions-get'>>(view);
});
