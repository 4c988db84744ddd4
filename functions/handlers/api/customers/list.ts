// GET /customers: the customers the key may see, newest first.

import { listCustomers } from '../../../application/customers';
import { customerPorts } from '../../../composition-root';
import { customerView } from '../../../core/customers/customer';
import { mapPage } from '../../../core/lists/paging';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { CUSTOMERS_LIST } from '../../../manifest/routes/customers';
import { PageQuerySchema } from '../../../schemas/common';

export const handler = httpHandler(CUSTOMERS_LIST, { query: PageQuerySchema }, async (request) => {
  return ok(mapPage(await listCustomers(customerPorts(), request, request.query), customerView));
});
