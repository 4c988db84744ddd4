// POST /locations: a filing unit (store, warehouse) of the tenant.
import { account } from '../composition-root';
import { locationView } from '../core/account/views';
import { httpHandler } from '../http/handler';
import { created } from '../http/request';
import { LocationCreateSchema } from './schema';

export const handler = httpHandler('locations-create', { body: LocationCreateSchema }, async (request) => {
  return created(locationView(await account().createLocation(request, request.body)));
});
