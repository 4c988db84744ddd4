// POST …/transactions/{transactionCode}/void: VoidTransaction with a reason code by name or number.
// A committed document is voided in the ledger (Cancelled); a draft is Cancelled, or deleted by
// DocDeleted; an already cancelled one is TransactionAlreadyCancelled.
import { typesOf, voidAvataxTransaction } from '../../../application/avatax/transactions';
import { avataxTransactionPorts } from '../../../composition-root';
import { avataxStep, documentTypeOf, includeOf, pathCodes, voidBody } from '../../../http/avatax-transaction';
import { postHandler } from '../../../http/post-handler';
import { ok } from '../../../http/request';
import { AVATAX_TRANSACTIONS_VOID } from '../../../manifest/routes/avatax';
import { AvataxDocumentQuerySchema } from '../../../schemas/avatax-transactions';
import type { ResponseOf } from '../../../schemas/responses';

export const handler = postHandler(AVATAX_TRANSACTIONS_VOID, { body: voidBody, query: AvataxDocumentQuerySchema }, async (request) => {
  const step = avataxStep('void');
  const { companyCode, code } = pathCodes(request.params);
  const address = { companyCode, code, types: typesOf(documentTypeOf(request.query), ['SalesInvoice']) };
  const view = await step.run(() => voidAvataxTransaction(avataxTransactionPorts(), request, address, request.body, includeOf(request.query), step.noticed));
  return ok<ResponseOf<'avatax-transactions-void'>>(view);
});
