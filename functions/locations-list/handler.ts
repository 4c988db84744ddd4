// GET /locations: the tenant's locations, newest first.
import { locationView } from '../core/account/views';
import { httpHandler, ok, tenantOf } from '../shared/http/handler';
import { pageInMemory } from '../shared/http/pagination';
import { services } from '../shared/services';
import { PageQuerySchema } from '../schemas/common';

export const handler = httpHandler('locations-list', { query: PageQuerySchema }, async (request) => {
  const tenant = tenantOf(request);
  const { locations } = await services().tenants.config(tenant);
  const sorted = [...locations].sort((a, b) => b.created_at.localeCompare(a.created_at) || a.code.localeCompare(b.code));
  return ok(pageInMemory(sorted.map(locationView), (l) => l.code, request.query));
});
