// POST /taxjar/v2/customers: a customer (POST /api/v1/customers) under its customer_id. An
// exemption cannot be declared here: it follows from certificates (README "TaxJar compatibility").

import { createTaxjarCustomer } from '../../../application/taxjar/customers';
import { taxjarCustomerPorts } from '../../../composition-root';
import { taxjarCustomerView } from '../../../core/taxjar/customers';
import { postHandler } from '../../../http/post-handler';
import { created } from '../../../http/request';
import { TAXJAR_CUSTOMERS_CREATE } from '../../../manifest/routes/taxjar';
import { TaxjarCustomerCreateSchema } from '../../../schemas/taxjar';

export const handler = postHandler(TAXJAR_CUSTOMERS_CREATE, { body: TaxjarCustomerCreateSchema }, async (request) => {
  const { customer, exemption } = await createTaxjarCustomer(taxjarCustomerPorts(), request, request.body);
  return created({ customer: taxjarCustomerView(customer, exemption) });
});
