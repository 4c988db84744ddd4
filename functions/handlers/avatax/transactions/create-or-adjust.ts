// POST /api/v2/transactions/createoradjust: create, or adjust the code's committed document (the
// ledger's adjustment, versioned `<code>:v<n>`), replace its draft, or record a cancelled code
// again; refused only for what the ledger will not change (docs/avatax-compatibility.md).
import { createOrAdjustAvataxTransaction } from '../../../application/avatax/transactions';
import { avataxTransactionPorts } from '../../../composition-root';
import { answered, avataxStep, createOrAdjustBody, includeOf } from '../../../http/avatax-transaction';
import { postHandler } from '../../../http/post-handler';
import { simulation } from '../../../http/simulation';
import { AVATAX_TRANSACTIONS_CREATE_OR_ADJUST } from '../../../manifest/routes/avatax';
import { AvataxIncludeQuerySchema } from '../../../schemas/avatax-transactions';

export const handler = postHandler(AVATAX_TRANSACTIONS_CREATE_OR_ADJUST, { body: createOrAdjustBody, query: AvataxIncludeQuerySchema }, async (request) => {
  const step = avataxStep('adjust');
  const answer = await step.run(() =>
    createOrAdjustAvataxTransaction(avataxTransactionPorts(), request, request.body, step.read, includeOf(request.query), simulation(request), step.noticed),
  );
  return answered(answer, 201);
});
