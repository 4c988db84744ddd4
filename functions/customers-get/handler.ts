// GET /customers/{code}: one customer and the certificates recorded for it.
import { customerView } from '../core/customers/customer';
import { visibleCustomer } from '../shared/certificate-service';
import { httpHandler, ok, tenantOf } from '../shared/http/handler';

export const handler = httpHandler('customers-get', {}, async (request) => {
  return ok(customerView(await visibleCustomer(tenantOf(request), request.params.code ?? '', request.principal)));
});
