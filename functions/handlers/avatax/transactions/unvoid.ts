// POST …/transactions/{transactionCode}/unvoid (no body): a cancelled draft is Saved again; a voided
// document's request becomes a draft beside the void, which the ledger keeps.
import { typesOf, unvoidAvataxTransaction } from '../../../application/avatax/transactions';
import { avataxTransactionPorts } from '../../../composition-root';
import { avataxStep, documentTypeOf, includeOf, pathCodes } from '../../../http/avatax-transaction';
import { postHandler } from '../../../http/post-handler';
import { ok } from '../../../http/request';
import { AVATAX_TRANSACTIONS_UNVOID } from '../../../manifest/routes/avatax';
import { AvataxDocumentQuerySchema } from '../../../schemas/avatax-transactions';
import type { ResponseOf } from '../../../schemas/responses';

export const handler = postHandler(AVATAX_TRANSACTIONS_UNVOID, { query: AvataxDocumentQuerySchema }, async (request) => {
  const step = avataxStep('unvoid');
  const { companyCode, code } = pathCodes(request.params);
  const address = { companyCode, code, types: typesOf(documentTypeOf(request.query), ['SalesInvoice']) };
  const view = await step.run(() => unvoidAvataxTransaction(avataxTransactionPorts(), request, address, includeOf(request.query), step.noticed));
  return ok<ResponseOf<'avatax-transactions-unvoid'>>(view);
});
