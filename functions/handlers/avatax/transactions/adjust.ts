// POST …/transactions/{transactionCode}/adjust: AdjustTransaction, as createoradjust on a document
// that exists (the path names it; the new transaction keeps its type unless it says).
import { adjustAvataxTransaction, typesOf } from '../../../application/avatax/transactions';
import { avataxTransactionPorts } from '../../../composition-root';
import { adjustBody, answered, avataxStep, documentTypeOf, includeOf, pathCodes } from '../../../http/avatax-transaction';
import { postHandler } from '../../../http/post-handler';
import { simulation } from '../../../http/simulation';
import { AVATAX_TRANSACTIONS_ADJUST } from '../../../manifest/routes/avatax';
import { AvataxDocumentQuerySchema } from '../../../schemas/avatax-transactions';

export const handler = postHandler(AVATAX_TRANSACTIONS_ADJUST, { body: adjustBody, query: AvataxDocumentQuerySchema }, async (request) => {
  const step = avataxStep('adjust');
  const { companyCode, code } = pathCodes(request.params);
  const address = { companyCode, code, types: typesOf(documentTypeOf(request.query), ['SalesInvoice']) };
  const answer = await step.run(() =>
    adjustAvataxTransaction(avataxTransactionPorts(), request, address, request.body, step.read, includeOf(request.query), simulation(request), step.noticed),
  );
  return answered(answer);
});
