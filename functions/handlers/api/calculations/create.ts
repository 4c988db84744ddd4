// POST /calculations: taxes a document and stores nothing, so it is always safe to retry.

import { calculateDocument } from '../../../application/calculations';
import { engineContextPorts } from '../../../composition-root';
import { calculationView } from '../../../core/tax/view';
import { postHandler } from '../../../http/post-handler';
import { ok } from '../../../http/request';
import { simulation } from '../../../http/simulation';
import { CALCULATIONS_CREATE } from '../../../manifest/routes/calculations';
import { CalculationRequestSchema } from '../../../schemas/document';

export const handler = postHandler(CALCULATIONS_CREATE, { body: CalculationRequestSchema }, async (request) => {
  return ok(calculationView(await calculateDocument(engineContextPorts(), request, request.body, simulation(request))));
});
