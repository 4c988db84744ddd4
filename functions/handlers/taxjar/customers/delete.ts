// DELETE /taxjar/v2/customers/:id: deletes a customer without certificates (certificates are kept
// as evidence, so a customer holding one is refused) and answers it as it was.

import { deleteTaxjarCustomer } from '../../../application/taxjar/customers';
import { taxjarCustomerPorts } from '../../../composition-root';
import { taxjarCustomerView } from '../../../core/taxjar/customers';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { TAXJAR_CUSTOMERS_DELETE } from '../../../manifest/routes/taxjar';

export const handler = httpHandler(TAXJAR_CUSTOMERS_DELETE, {}, async (request) => {
  const { customer, exemption } = await deleteTaxjarCustomer(taxjarCustomerPorts(), request, request.params.customer_id);
  return ok({ customer: taxjarCustomerView(customer, exemption) });
});
