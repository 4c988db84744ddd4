// POST /transactions/{code}/void: voids a committed transaction that has no refunds or credits.
import { voidTransaction } from '../core/transactions/lifecycle';
import { transactionView } from '../core/transactions/view';
import { VoidRequestSchema } from '../schemas/transactions';
import { httpHandler, ok, tenantOf } from '../shared/http/handler';
import { changeDocument, eventData, transactionStore } from '../shared/transaction-service';

export const handler = httpHandler('transactions-void', { body: VoidRequestSchema }, async (request) => {
  const at = request.now.toISOString();
  const voided = await changeDocument(transactionStore(tenantOf(request)), request.params.code ?? '', request.principal, (current) => {
    const record = voidTransaction(current.record, request.body.reason ?? null, at);
    return { change: { create: [], update: [{ record, expectedVersion: current.version }], events: [{ type: 'transaction.voided', at, data: eventData(record) }] }, result: record };
  });
  return ok(transactionView(voided));
});
