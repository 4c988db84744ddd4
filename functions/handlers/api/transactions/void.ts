// POST /transactions/{code}/void: voids a committed transaction that has no refunds or credits.

import { voidTransaction } from '../../../application/transactions';
import { documentPorts } from '../../../composition-root';
import { transactionView } from '../../../core/transactions/view';
import { postHandler } from '../../../http/post-handler';
import { ok } from '../../../http/request';
import { TRANSACTIONS_VOID } from '../../../manifest/routes/transactions';
import { VoidRequestSchema } from '../../../schemas/transactions';

export const handler = postHandler(TRANSACTIONS_VOID, { body: VoidRequestSchema }, async (request) => {
  const { result } = await voidTransaction(documentPorts(), request, request.params.code, request.body);
  return ok(transactionView(result));
});
