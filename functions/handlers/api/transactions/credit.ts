// POST /transactions/{code}/credits: a tax-only credit against the original's remaining tax.

import { creditTransaction } from '../../../application/transactions';
import { documentPorts } from '../../../composition-root';
import { transactionView } from '../../../core/transactions/view';
import { postHandler } from '../../../http/post-handler';
import { created } from '../../../http/request';
import { TRANSACTIONS_CREDIT } from '../../../manifest/routes/transactions';
import { CreditRequestSchema } from '../../../schemas/transactions';

export const handler = postHandler(TRANSACTIONS_CREDIT, { body: CreditRequestSchema }, async (request) => {
  const { result } = await creditTransaction(documentPorts(), request, request.params.code, request.body);
  return created(transactionView(result));
});
