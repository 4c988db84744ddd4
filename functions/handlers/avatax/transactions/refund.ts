// POST …/transactions/{transactionCode}/refund: RefundTransaction. Full, Partial and Percentage are
// the ledger's refund (at the original's rates), TaxOnly its tax-only credit; the answer is the
// ReturnInvoice coded refundTransactionCode.
import { refundAvataxTransaction, typesOf } from '../../../application/avatax/transactions';
import { avataxTransactionPorts } from '../../../composition-root';
import { avataxStep, documentTypeOf, includeOf, pathCodes, refundBody } from '../../../http/avatax-transaction';
import { postHandler } from '../../../http/post-handler';
import { ok } from '../../../http/request';
import { AVATAX_TRANSACTIONS_REFUND } from '../../../manifest/routes/avatax';
import { AvataxRefundQuerySchema } from '../../../schemas/avatax-transactions';
import type { ResponseOf } from '../../../schemas/responses';

export const handler = postHandler(AVATAX_TRANSACTIONS_REFUND, { body: refundBody, query: AvataxRefundQuerySchema }, async (request) => {
  const refund = request.body;
  // The ledger's refund names a line by its index in the request; AvaTax's request names it in refundLines.
  const targetOf = (target: string) =>
    refund.refundType === 'Partial' ? target.replace(/^lines\.(\d+)\.(number|amount)$/, 'refundLines[$1]') : target.startsWith('lines') ? 'refundType' : target;
  const step = avataxStep('refund', { refundType: refund.refundType, targetOf });
  const { companyCode, code } = pathCodes(request.params);
  const address = { companyCode, code, types: typesOf(documentTypeOf(request.query), ['SalesInvoice']) };
  const view = await step.run(() => refundAvataxTransaction(avataxTransactionPorts(), request, address, refund, includeOf(request.query), step.noticed));
  return ok<ResponseOf<'avatax-transactions-refund'>>(view);
});
