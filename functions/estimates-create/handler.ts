// POST /estimates (experimental, sandbox only): the destination rate and tax for one amount, as if
// the seller had nexus everywhere and sold remotely (Illinois: destination sourcing).
import { calculate } from '../core/tax/engine';
import { jurisdictionView } from '../core/tax/view';
import { fromCents, fromMicro } from '../core/tax/money';
import type { DocumentInput } from '../schemas/document';
import { engineContext } from '../shared/engine-context';
import { httpHandler, ok, tenantOf } from '../shared/http/handler';
import { EstimateRequestSchema } from './schema';

export const handler = httpHandler('estimates-create', { body: EstimateRequestSchema }, async (request) => {
  const { ship_to, amount, tax_code, date } = request.body;
  const doc: DocumentInput = { date, ship_to, nexus_mode: 'reference', seller_class: 'remote', lines: [{ amount, tax_code }] };
  const taxed = calculate(doc, await engineContext(request, tenantOf(request), doc));
  const line = taxed.lines[0]!;
  return ok({
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
