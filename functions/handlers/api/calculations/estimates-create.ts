// POST /estimates (experimental, sandbox only): the destination rate and tax for one amount, as if
// the seller had nexus everywhere and sold remotely (Illinois: destination sourcing).

import { estimateTax } from '../../../application/calculations';
import { engineContextPorts } from '../../../composition-root';
import { fromCents, fromMicro } from '../../../core/tax/money';
import { jurisdictionView } from '../../../core/tax/view';
import { postHandler } from '../../../http/post-handler';
import { ok } from '../../../http/request';
import { simulation } from '../../../http/simulation';
import { ESTIMATES_CREATE } from '../../../manifest/routes/calculations';
import { EstimateRequestSchema } from '../../../schemas/calculations';
import type { ResponseOf } from '../../../schemas/responses';

export const handler = postHandler(ESTIMATES_CREATE, { body: EstimateRequestSchema }, async (request) => {
  const taxed = await estimateTax(engineContextPorts(), request, request.body, simulation(request));
  const [line] = taxed.lines;
  if (!line) throw new Error('an estimate has one line');
  return ok<ResponseOf<'estimates-create'>>({
    object: 'estimate',
    experimental: true,
    date: taxed.date,
    content_version: taxed.content_version,
    rate: fromMicro(line.rate),
    tax: fromCents(line.tax),
    precision: line.address.precision,
    jurisdictions: line.jurisdictions.map(jurisdictionView),
    messages: taxed.messages.map((m) => ({ ...m })),
  });
});
