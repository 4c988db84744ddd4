// GET /api/v2/definitions/taxcodes: the AvaTax system codes of the crosswalk, each naming the
// service's code it is taxed as (core/avatax/definitions.ts), as a FetchResult.
import { content } from '../../../composition-root';
import { TAX_CODE_FIELDS, taxCodeModels } from '../../../core/avatax/definitions';
import { avataxParams, LIST_PARAMS } from '../../../core/avatax/params';
import { queryRows } from '../../../core/avatax/rows';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { AVATAX_TAXCODES_LIST } from '../../../manifest/routes/avatax';
import { AvataxListQuerySchema } from '../../../schemas/avatax-reference';
import type { ResponseOf } from '../../../schemas/responses';

export const handler = httpHandler(AVATAX_TAXCODES_LIST, { query: AvataxListQuerySchema }, async (request) => {
  const query = avataxParams(request.query as Record<string, string | undefined>, LIST_PARAMS);
  const rows = taxCodeModels((code) => content().taxCode(code)?.name ?? null);
  return ok<ResponseOf<'avatax-taxcodes-list'>>(queryRows(rows, query, { types: TAX_CODE_FIELDS }, { path: request.event.path, params: query }));
});
