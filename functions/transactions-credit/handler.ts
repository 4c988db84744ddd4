// POST /transactions/{code}/credits: a tax-only credit against the original's remaining tax.
import { credit } from '../core/transactions/lifecycle';
import { transactionView } from '../core/transactions/view';
import { toCents } from '../core/tax/money';
import { CreditRequestSchema } from '../schemas/transactions';
import { httpHandler, ok, tenantOf } from '../shared/http/handler';
import { changeDocument, eventData, transactionStore } from '../shared/transaction-service';

export const handler = httpHandler('transactions-credit', { body: CreditRequestSchema }, async (request) => {
  const body = request.body;
  const at = request.now.toISOString();
  const document = await changeDocument(transactionStore(tenantOf(request)), request.params.code ?? '', request.principal, (current) => {
    const { original, document } = credit(
      current.record,
      { code: body.credit_code, date: body.date ?? at.slice(0, 10), reason: body.reason ?? null, lines: body.lines.map((l) => ({ number: l.number, tax: toCents(l.tax_amount) })) },
      at,
    );
    return {
      change: {
        create: [document],
        update: [{ record: original, expectedVersion: current.version }],
        events: [{ type: 'transaction.credited', at, data: { original: eventData(original), credit: eventData(document) } }],
      },
      result: document,
    };
  });
  return ok(transactionView(document), 201);
});
