// POST /locations: a filing unit (store, warehouse) of the tenant.

import { createLocation } from '../../../application/account';
import { accountPorts } from '../../../composition-root';
import { locationView } from '../../../core/account/views';
import { postHandler } from '../../../http/post-handler';
import { created } from '../../../http/request';
import { LOCATIONS_CREATE } from '../../../manifest/routes/account';
import { LocationCreateSchema } from '../../../schemas/account';

export const handler = postHandler(LOCATIONS_CREATE, { body: LocationCreateSchema }, async (request) => {
  return created(locationView(await createLocation(accountPorts(), request, request.body)));
});
