// POST …/transactions/{transactionCode}/uncommit (no body): the committed version is voided and its
// request becomes a draft in one atomic write; committing it again writes the code's next version.
import { typesOf, uncommitAvataxTransaction } from '../../../application/avatax/transactions';
import { avataxTransactionPorts } from '../../../composition-root';
import { avataxStep, documentTypeOf, includeOf, pathCodes } from '../../../http/avatax-transaction';
import { postHandler } from '../../../http/post-handler';
import { ok } from '../../../http/request';
import { AVATAX_TRANSACTIONS_UNCOMMIT } from '../../../manifest/routes/avatax';
import { AvataxDocumentQuerySchema } from '../../../schemas/avatax-transactions';
import type { ResponseOf } from '../../../schemas/responses';

export const handler = postHandler(AVATAX_TRANSACTIONS_UNCOMMIT, { query: AvataxDocumentQuerySchema }, async (request) => {
  const step = avataxStep('uncommit');
  const { companyCode, code } = pathCodes(request.params);
  const address = { companyCode, code, types: typesOf(documentTypeOf(request.query), ['SalesInvoice']) };
  const view = await step.run(() => uncommitAvataxTransaction(avataxTransactionPorts(), request, address, includeOf(request.query), step.noticed));
  return ok<ResponseOf<'avatax-transactions-uncommit'>>(view);
});
