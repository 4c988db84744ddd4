// POST /transactions: taxes and commits a document atomically under a code unique per account and
// environment. Any failing line rejects the whole document before anything is written.

import { commitTransaction } from '../../../application/transactions';
import { transactionPorts } from '../../../composition-root';
import { transactionView } from '../../../core/transactions/view';
import { postHandler } from '../../../http/post-handler';
import { created } from '../../../http/request';
import { simulation } from '../../../http/simulation';
import { TRANSACTIONS_CREATE } from '../../../manifest/routes/transactions';
import { TransactionRequestSchema } from '../../../schemas/document';

export const handler = postHandler(TRANSACTIONS_CREATE, { body: TransactionRequestSchema }, async (request) => {
  const { result } = await commitTransaction(transactionPorts(), request, request.body, simulation(request));
  return created(transactionView(result));
});
