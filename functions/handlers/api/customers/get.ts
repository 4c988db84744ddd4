// GET /customers/{code}: one customer and the certificates recorded for it.

import { getCustomer } from '../../../application/customers';
import { customerPorts } from '../../../composition-root';
import { customerView } from '../../../core/customers/customer';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { CUSTOMERS_GET } from '../../../manifest/routes/customers';

export const handler = httpHandler(CUSTOMERS_GET, {}, async (request) => {
  return ok(customerView(await getCustomer(customerPorts(), request, request.params.code)));
});
