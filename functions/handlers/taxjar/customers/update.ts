// PUT /taxjar/v2/customers/:id: renames the customer; its exemption may be repeated, not changed.

import { updateTaxjarCustomer } from '../../../application/taxjar/customers';
import { taxjarCustomerPorts } from '../../../composition-root';
import { taxjarCustomerView } from '../../../core/taxjar/customers';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { TAXJAR_CUSTOMERS_UPDATE } from '../../../manifest/routes/taxjar';
import { TaxjarCustomerUpdateSchema } from '../../../schemas/taxjar';

export const handler = httpHandler(TAXJAR_CUSTOMERS_UPDATE, { body: TaxjarCustomerUpdateSchema }, async (request) => {
  const { customer, exemption } = await updateTaxjarCustomer(taxjarCustomerPorts(), request, request.params.customer_id, request.body);
  return ok({ customer: taxjarCustomerView(customer, exemption) });
});
