// GET /locations: the tenant's locations, newest first.

import { listLocations } from '../../../application/account';
import { accountPorts } from '../../../composition-root';
import { locationView } from '../../../core/account/views';
import { mapPage } from '../../../core/lists/paging';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { LOCATIONS_LIST } from '../../../manifest/routes/account';
import { PageQuerySchema } from '../../../schemas/common';

export const handler = httpHandler(LOCATIONS_LIST, { query: PageQuerySchema }, async (request) => {
  return ok(mapPage(await listLocations(accountPorts(), request, request.query), locationView));
});
