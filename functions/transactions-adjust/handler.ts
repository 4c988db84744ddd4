// POST /transactions/adjustments: marks the original adjusted and writes its reversal and the
// replacement in one atomic write. Distinct codes are checked before anything else.
import { calculate } from '../core/tax/engine';
import { adjust, assertAdjustable, assertCommittable, assertDistinctCodes } from '../core/transactions/lifecycle';
import { committedDocument } from '../core/transactions/record';
import { transactionView } from '../core/transactions/view';
import { CalculationRequestSchema } from '../schemas/document';
import { AdjustmentEnvelopeSchema } from '../schemas/transactions';
import { engineContext } from '../shared/engine-context';
import { httpHandler, ok, tenantOf } from '../shared/http/handler';
import { validateAt } from '../shared/http/validation';
import { changeDocument, eventData, transactionStore, visibleDocument } from '../shared/transaction-service';

export const handler = httpHandler('transactions-adjust', { body: AdjustmentEnvelopeSchema }, async (request) => {
  const { original_code, reversal_code, replacement_code, reason } = request.body;
  assertDistinctCodes({ original_code, reversal_code, replacement_code });
  const replacementDoc = validateAt(CalculationRequestSchema, request.body.replacement, 'body', 'replacement');
  assertCommittable(replacementDoc);
  const tenant = tenantOf(request);
  const store = transactionStore(tenant);
  const at = request.now.toISOString();
  const original = await visibleDocument(store, original_code, request.principal);
  // Refuse an original that cannot be adjusted before taxing the replacement.
  assertAdjustable(original.record);
  // The replacement takes the original's date, customer and location unless it names its own.
  const doc = {
    ...replacementDoc,
    date: replacementDoc.date ?? original.record.date,
    customer_code: replacementDoc.customer_code ?? original.record.customer_code,
    location_code: replacementDoc.location_code ?? original.record.location_code,
  };
  const context = await engineContext(request, tenant, doc);
  const taxed = calculate(doc, context);
  const result = await changeDocument(store, original_code, request.principal, (current) => {
    const { original: adjusted, document: reversal } = adjust(current.record, { original_code, reversal_code, replacement_code }, reason ?? null, at);
    const replacement = committedDocument(
      taxed,
      { code: replacement_code, tenant, location_code: context.actingLocation?.code ?? adjusted.location_code, customer_code: doc.customer_code ?? null, at, reason: reason ?? null, original_code },
      'replacement',
    );
    return {
      change: {
        create: [reversal, replacement],
        update: [{ record: adjusted, expectedVersion: current.version }],
        events: [{ type: 'transaction.adjusted', at, data: { original: eventData(adjusted), reversal: eventData(reversal), replacement: eventData(replacement) } }],
      },
      result: { original: adjusted, reversal, replacement },
    };
  }, original);
  return ok({ original: transactionView(result.original), reversal: transactionView(result.reversal), replacement: transactionView(result.replacement) }, 201);
});
