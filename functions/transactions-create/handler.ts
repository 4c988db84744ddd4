// POST /transactions: taxes and commits a document atomically under a code unique per account and
// environment. Any failing line rejects the whole document before anything is written.
import { transactions } from '../composition-root';
import { transactionView } from '../core/transactions/view';
import { httpHandler } from '../http/handler';
import { created } from '../http/request';
import { simulation } from '../http/simulation';
import { TransactionRequestSchema } from '../schemas/document';

export const handler = httpHandler('transactions-create', { body: TransactionRequestSchema }, async (request) => {
  const { result } = await transactions().commit(request, request.body, simulation(request));
  return created(transactionView(result));
});
