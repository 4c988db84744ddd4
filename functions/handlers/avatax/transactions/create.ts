// POST /api/v2/transactions/create: AvaTax's CreateTransaction. An order type is taxed like POST
// /api/v1/calculations and stored nowhere (one calculation unit); an invoice is committed through
// the commit use case (`commit: true`) or saved as a draft (docs/avatax-compatibility.md).
import { createAvataxTransaction } from '../../../application/avatax/transactions';
import { avataxTransactionPorts } from '../../../composition-root';
import { answered, avataxStep, createBody, includeOf } from '../../../http/avatax-transaction';
import { postHandler } from '../../../http/post-handler';
import { simulation } from '../../../http/simulation';
import { AVATAX_TRANSACTIONS_CREATE } from '../../../manifest/routes/avatax';
import { AvataxIncludeQuerySchema } from '../../../schemas/avatax-transactions';

export const handler = postHandler(AVATAX_TRANSACTIONS_CREATE, { body: createBody, query: AvataxIncludeQuerySchema }, async (request) => {
  const step = avataxStep('create');
  const answer = await step.run(() =>
    createAvataxTransaction(avataxTransactionPorts(), request, request.body, step.read, includeOf(request.query), simulation(request), step.noticed),
  );
  return answered(answer, 201);
});
