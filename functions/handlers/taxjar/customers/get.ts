// GET /taxjar/v2/customers/:id: the customer, its exemption read from its active certificates.

import { showTaxjarCustomer } from '../../../application/taxjar/customers';
import { taxjarCustomerPorts } from '../../../composition-root';
import { taxjarCustomerView } from '../../../core/taxjar/customers';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { TAXJAR_CUSTOMERS_GET } from '../../../manifest/routes/taxjar';

export const handler = httpHandler(TAXJAR_CUSTOMERS_GET, {}, async (request) => {
  const { customer, exemption } = await showTaxjarCustomer(taxjarCustomerPorts(), request, request.params.customer_id);
  return ok({ customer: taxjarCustomerView(customer, exemption) });
});
