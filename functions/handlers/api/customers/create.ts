// POST /customers: a buyer of the tenant, scoped to the key's location (or the named one).

import { createCustomer } from '../../../application/customers';
import { customerPorts } from '../../../composition-root';
import { customerView } from '../../../core/customers/customer';
import { postHandler } from '../../../http/post-handler';
import { created } from '../../../http/request';
import { CUSTOMERS_CREATE } from '../../../manifest/routes/customers';
import { CustomerCreateSchema } from '../../../schemas/certificates';

export const handler = postHandler(CUSTOMERS_CREATE, { body: CustomerCreateSchema }, async (request) => {
  return created(customerView(await createCustomer(customerPorts(), request, request.body)));
});
