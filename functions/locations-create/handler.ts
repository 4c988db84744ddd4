// POST /locations: a filing unit (store, warehouse) of the tenant.
import { locationView } from '../core/account/views';
import { assertKnownStates } from '../core/content/states';
import { httpHandler, ok, tenantOf } from '../shared/http/handler';
import { services } from '../shared/services';
import { forgetTenantConfig } from '../shared/tenant-config';
import { LocationCreateSchema } from './schema';

export const handler = httpHandler('locations-create', { body: LocationCreateSchema }, async (request) => {
  const tenant = tenantOf(request);
  const body = request.body;
  assertKnownStates([body.state], 'state');
  const location = { ...body, zip: body.zip.slice(0, 5), created_at: request.now.toISOString() };
  await services().tenants.createLocation(tenant, location);
  forgetTenantConfig(tenant);
  return ok(locationView(location), 201);
});
