// POST /transactions/{code}/refunds: a refund document drawing on the original's remaining amounts
// at the original's rates; no lines means everything that remains.
import { refund } from '../core/transactions/lifecycle';
import { transactionView } from '../core/transactions/view';
import { toCents } from '../core/tax/money';
import { RefundRequestSchema } from '../schemas/transactions';
import { httpHandler, ok, tenantOf } from '../shared/http/handler';
import { changeDocument, eventData, transactionStore } from '../shared/transaction-service';

export const handler = httpHandler('transactions-refund', { body: RefundRequestSchema }, async (request) => {
  const body = request.body;
  const at = request.now.toISOString();
  const document = await changeDocument(transactionStore(tenantOf(request)), request.params.code ?? '', request.principal, (current) => {
    const { original, document } = refund(
      current.record,
      {
        code: body.refund_code,
        date: body.date ?? at.slice(0, 10),
        reason: body.reason ?? null,
        lines: body.lines ? body.lines.map((l) => ({ number: l.number, amount: toCents(l.amount) })) : null,
      },
      at,
    );
    return {
      change: {
        create: [document],
        update: [{ record: original, expectedVersion: current.version }],
        events: [{ type: 'transaction.refunded', at, data: { original: eventData(original), refund: eventData(document) } }],
      },
      result: document,
    };
  });
  return ok(transactionView(document), 201);
});
