// POST …/transactions/{transactionCode}/commit: a draft is committed through the commit use case,
// the draft deleted in the same atomic write; a committed document answers as it is. No body: commit.
import { commitAvataxTransaction, typesOf } from '../../../application/avatax/transactions';
import { avataxTransactionPorts } from '../../../composition-root';
import { answered, avataxStep, commitBody, documentTypeOf, includeOf, pathCodes } from '../../../http/avatax-transaction';
import { postHandler } from '../../../http/post-handler';
import { simulation } from '../../../http/simulation';
import { AVATAX_TRANSACTIONS_COMMIT } from '../../../manifest/routes/avatax';
import { AvataxDocumentQuerySchema } from '../../../schemas/avatax-transactions';

export const handler = postHandler(AVATAX_TRANSACTIONS_COMMIT, { body: commitBody, query: AvataxDocumentQuerySchema }, async (request) => {
  const step = avataxStep('commit');
  const { companyCode, code } = pathCodes(request.params);
  const address = { companyCode, code, types: typesOf(documentTypeOf(request.query)) };
  const answer = await step.run(() =>
    commitAvataxTransaction(avataxTransactionPorts(), request, address, request.body, includeOf(request.query), simulation(request), step.noticed),
  );
  return answered(answer);
});
