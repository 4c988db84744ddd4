// GET /taxjar/v2/customers: ids of the customers in the key's scope (GET /api/v1/customers, every page).

import { listTaxjarCustomerIds } from '../../../application/taxjar/customers';
import { taxjarCustomerPorts } from '../../../composition-root';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { TAXJAR_CUSTOMERS_LIST } from '../../../manifest/routes/taxjar';

export const handler = httpHandler(TAXJAR_CUSTOMERS_LIST, {}, async (request) =>
  ok({ customers: await listTaxjarCustomerIds(taxjarCustomerPorts(), request) }),
);
