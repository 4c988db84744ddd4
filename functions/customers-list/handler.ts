// GET /customers: the customers the key may see, newest first.
import { lists } from '../adapters/dynamodb/keys';
import { customerView } from '../core/customers/customer';
import { PageQuerySchema } from '../schemas/common';
import { customerStore } from '../shared/certificate-service';
import { httpHandler, ok, tenantOf } from '../shared/http/handler';
import { decodeCursor, page } from '../shared/http/pagination';

export const handler = httpHandler('customers-list', { query: PageQuerySchema }, async (request) => {
  const tenant = tenantOf(request);
  const { customers, next } = await customerStore().list(tenant, request.principal.locationCode, request.query.limit, decodeCursor(request.query.cursor, { GSI1PK: lists.customers(tenant) }));
  return ok(page(customers.map(customerView), next));
});
