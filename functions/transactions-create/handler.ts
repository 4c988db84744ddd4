// POST /transactions: taxes and commits a document atomically under a code unique per account and
// environment. Any failing line rejects the whole document before anything is written.
import { assertCommittable } from '../core/transactions/lifecycle';
import { calculate } from '../core/tax/engine';
import { committedDocument } from '../core/transactions/record';
import { transactionView } from '../core/transactions/view';
import { TransactionRequestSchema } from '../schemas/document';
import { engineContext } from '../shared/engine-context';
import { httpHandler, ok, tenantOf } from '../shared/http/handler';
import { eventData, transactionStore, untilWritten } from '../shared/transaction-service';

export const handler = httpHandler('transactions-create', { body: TransactionRequestSchema }, async (request) => {
  const { code, ...doc } = request.body;
  assertCommittable(doc);
  const tenant = tenantOf(request);
  const context = await engineContext(request, tenant, doc);
  const at = request.now.toISOString();
  const record = committedDocument(
    calculate(doc, context),
    { code, tenant, location_code: context.actingLocation?.code ?? null, customer_code: doc.customer_code ?? null, at },
    'sale',
  );
  // A lost race with a concurrent commit of the same code is retried: the retry reports the duplicate.
  await untilWritten(() => transactionStore(tenant).write({ create: [record], update: [], events: [{ type: 'transaction.committed', at, data: eventData(record) }] }));
  return ok(transactionView(record), 201);
});
