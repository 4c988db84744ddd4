// POST /customers: a buyer of the tenant, scoped to the key's location (or the named one).
import { actingLocation } from '../core/access/authorize';
import { customerView } from '../core/customers/customer';
import { locationNamed } from '../core/account/settings';
import { CustomerCreateSchema } from '../schemas/certificates';
import { customerStore } from '../shared/certificate-service';
import { httpHandler, ok, tenantOf } from '../shared/http/handler';
import { tenantConfig } from '../shared/tenant-config';

export const handler = httpHandler('customers-create', { body: CustomerCreateSchema }, async (request) => {
  const tenant = tenantOf(request);
  const location = actingLocation(request.principal, request.body.location_code);
  if (location !== null) locationNamed((await tenantConfig(tenant)).locations, location);
  const customer = { customer_code: request.body.customer_code, name: request.body.name ?? null, location_code: location, created_at: request.now.toISOString() };
  await customerStore().create(tenant, customer);
  return ok(customerView({ ...customer, certificate_ids: [] }), 201);
});
