// POST …/transactions/{transactionCode}/settle: SettleTransaction's verify (date and totals to the
// cent), changeCode (a draft's code) and commit, in that order.
import { settleAvataxTransaction, typesOf } from '../../../application/avatax/transactions';
import { avataxTransactionPorts } from '../../../composition-root';
import { answered, avataxStep, documentTypeOf, includeOf, pathCodes, settleBody } from '../../../http/avatax-transaction';
import { postHandler } from '../../../http/post-handler';
import { simulation } from '../../../http/simulation';
import { AVATAX_TRANSACTIONS_SETTLE } from '../../../manifest/routes/avatax';
import { AvataxDocumentQuerySchema } from '../../../schemas/avatax-transactions';

export const handler = postHandler(AVATAX_TRANSACTIONS_SETTLE, { body: settleBody, query: AvataxDocumentQuerySchema }, async (request) => {
  const step = avataxStep('settle');
  const { companyCode, code } = pathCodes(request.params);
  const address = { companyCode, code, types: typesOf(documentTypeOf(request.query), ['SalesInvoice']) };
  const answer = await step.run(() =>
    settleAvataxTransaction(avataxTransactionPorts(), request, address, request.body, includeOf(request.query), simulation(request), step.noticed),
  );
  return answered(answer);
});
