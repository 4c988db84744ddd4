// GET /items: the tenant's SKU catalog, newest first.
import { lists } from '../adapters/dynamodb/keys';
import { httpHandler, ok, tenantOf } from '../shared/http/handler';
import { decodeCursor, page } from '../shared/http/pagination';
import { services } from '../shared/services';
import { PageQuerySchema } from '../schemas/common';

export const handler = httpHandler('items-list', { query: PageQuerySchema }, async (request) => {
  const tenant = tenantOf(request);
  const { limit, cursor } = request.query;
  const { items, next } = await services().tenants.listItems(tenant, limit, decodeCursor(cursor, { GSI1PK: lists.items(tenant) }));
  return ok(page(items.map((i) => ({ object: 'item', ...i })), next));
});
