// GET /rates?zip=&state=&date=: the general-merchandise rate breakdown at a destination.

import { content } from '../../../composition-root';
import { fromMicro } from '../../../core/tax/money';
import { rateAreasView } from '../../../core/tax/view';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { RATES_GET } from '../../../manifest/routes/calculations';
import { RateQuerySchema } from '../../../schemas/calculations';
import type { ResponseOf } from '../../../schemas/responses';

export const handler = httpHandler(RATES_GET, { query: RateQuerySchema }, async (request) => {
  const { zip, state, date } = request.query;
  const on = date ?? request.now.toISOString().slice(0, 10);
  const held = content();
  const rates = held.rates(zip, state, on);
  const combined = rates.components.reduce((sum, c) => sum + c.rate, 0);
  return ok<ResponseOf<'rates-get'>>({
    object: 'rate',
    state: rates.area.state,
    zip: rates.area.zip,
    date: on,
    content_version: rates.version,
    precision: rates.precision,
    multiple_rate_areas: rates.area.multiArea,
    rate_areas: rateAreasView(rates.rateAreas),
    rate: fromMicro(combined),
    jurisdictions: rates.components.map((c) => ({
      type: c.type,
      name: c.name,
      rate: fromMicro(c.rate),
      source: c.source,
      source_kind: held.sourceKind(c.source) ?? null,
    })),
    notes: [rates.note, rates.ageNote].filter((n) => n !== null),
  });
});
