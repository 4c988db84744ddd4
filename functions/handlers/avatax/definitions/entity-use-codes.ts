// GET /api/v2/definitions/entityusecodes: AvaTax's standard entity-use codes, as a FetchResult.
import { ENTITY_USE_CODE_FIELDS, entityUseCodeModels } from '../../../core/avatax/definitions';
import { ENTITY_USE_CODES } from '../../../core/avatax/entity-use-codes';
import { avataxParams, LIST_PARAMS } from '../../../core/avatax/params';
import { queryRows } from '../../../core/avatax/rows';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { AVATAX_ENTITYUSECODES_LIST } from '../../../manifest/routes/avatax';
import { AvataxListQuerySchema } from '../../../schemas/avatax-reference';
import type { ResponseOf } from '../../../schemas/responses';

export const handler = httpHandler(AVATAX_ENTITYUSECODES_LIST, { query: AvataxListQuerySchema }, async (request) => {
  const query = avataxParams(request.query as Record<string, string | undefined>, LIST_PARAMS);
  return ok<ResponseOf<'avatax-entityusecodes-list'>>(
    queryRows(entityUseCodeModels(ENTITY_USE_CODES), query, { types: ENTITY_USE_CODE_FIELDS }, { path: request.event.path, params: query }),
  );
});
