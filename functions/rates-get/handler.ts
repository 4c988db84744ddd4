// GET /rates?zip=&state=&date=: the general-merchandise rate breakdown at a destination.
import { RATES_GET } from '../../lib/routes';
import { content } from '../composition-root';
import { fromMicro } from '../core/tax/money';
import { httpHandler } from '../http/handler';
import { ok } from '../http/request';
import { RateQuerySchema } from './schema';

export const handler = httpHandler(RATES_GET, { query: RateQuerySchema }, async (request) => {
  const { zip, state, date } = request.query;
  const on = date ?? request.now.toISOString().slice(0, 10);
  const rates = content().rates(zip, state, on);
  const combined = rates.components.reduce((sum, c) => sum + c.rate, 0);
  return ok({
    object: 'rate',
    state: rates.area.state,
    zip: rates.area.zip,
    date: on,
    content_version: rates.version,
    precision: rates.precision,
    multiple_rate_areas: rates.area.multiArea,
    rate: fromMicro(combined),
    jurisdictions: rates.components.map((c) => ({ type: c.type, name: c.name, rate: fromMicro(c.rate) })),
    notes: rates.usedCityRate ? [`The ZIP code spans several rate areas; the official rate of ${rates.area.cityName} is shown.`] : [],
  });
});
