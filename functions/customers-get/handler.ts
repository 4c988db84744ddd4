// GET /customers/{code}: one customer and the certificates that belong to it.
import { customerView } from '../core/customers/customer';
import { certificateStore, visibleCustomer } from '../shared/certificate-service';
import { httpHandler, ok, tenantOf } from '../shared/http/handler';

export const handler = httpHandler('customers-get', {}, async (request) => {
  const tenant = tenantOf(request);
  const customer = await visibleCustomer(tenant, request.params.code ?? '', request.principal);
  const { certificates } = await certificateStore().list(tenant, { customer_code: customer.customer_code }, 100, undefined);
  return ok(customerView(customer, certificates.map((c) => c.id)));
});
