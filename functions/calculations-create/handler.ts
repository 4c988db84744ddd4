// POST /calculations: taxes a document and stores nothing, so it is always safe to retry.
import { calculate } from '../core/tax/engine';
import { calculationView } from '../core/tax/view';
import { CalculationRequestSchema } from '../schemas/document';
import { engineContext } from '../shared/engine-context';
import { httpHandler, ok, tenantOf } from '../shared/http/handler';

export const handler = httpHandler('calculations-create', { body: CalculationRequestSchema }, async (request) => {
  const doc = request.body;
  const context = await engineContext(request, tenantOf(request), doc);
  return ok(calculationView(calculate(doc, context)));
});
