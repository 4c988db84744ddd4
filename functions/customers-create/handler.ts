// POST /customers: a buyer of the tenant, scoped to the key's location (or the named one).
import { customers } from '../composition-root';
import { customerView } from '../core/customers/customer';
import { httpHandler } from '../http/handler';
import { created } from '../http/request';
import { CustomerCreateSchema } from '../schemas/certificates';

export const handler = httpHandler('customers-create', { body: CustomerCreateSchema }, async (request) => {
  return created(customerView(await customers().create(request, request.body)));
});
