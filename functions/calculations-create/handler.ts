// POST /calculations: taxes a document and stores nothing, so it is always safe to retry.
import { calculations } from '../composition-root';
import { calculationView } from '../core/tax/view';
import { httpHandler } from '../http/handler';
import { ok } from '../http/request';
import { simulation } from '../http/simulation';
import { CalculationRequestSchema } from '../schemas/document';

export const handler = httpHandler('calculations-create', { body: CalculationRequestSchema }, async (request) => {
  return ok(calculationView(await calculations().calculate(request, request.body, simulation(request))));
});
