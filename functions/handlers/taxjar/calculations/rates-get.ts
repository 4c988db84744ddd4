// GET /taxjar/v2/rates/:zip: TaxJar's rates for a location, from the breakdown of GET /api/v1/rates.

import { content } from '../../../composition-root';
import { taxjarRateView } from '../../../core/taxjar/content';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { TAXJAR_RATES_GET } from '../../../manifest/routes/taxjar';
import { TaxjarRateQuerySchema } from '../../../schemas/taxjar';

export const handler = httpHandler(TAXJAR_RATES_GET, { query: TaxjarRateQuerySchema }, async (request) => {
  const held = content();
  const rates = held.rates(request.params.zip, request.query.state ?? undefined, request.now.toISOString().slice(0, 10));
  return ok({ rate: taxjarRateView(rates, held.stateFacts(rates.area.state), (source) => held.sourceKind(source)) });
});
