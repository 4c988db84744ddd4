// POST /taxjar/v2/transactions/orders: a TaxJar order committed as a sale (POST /api/v1/transactions)
// under its transaction_id. The tax is the engine's; the order's `sales_tax` is recorded as what was
// collected, beside it. With `x-api-version: 2020-08-07` the order's amount must add up first.

import { withCustomerExemption } from '../../../application/taxjar/taxes';
import { createOrder } from '../../../application/taxjar/transactions';
import { taxjarOrderPorts } from '../../../composition-root';
import { assertAmountAddsUp, transactionView } from '../../../core/taxjar/transactions';
import { postHandler } from '../../../http/post-handler';
import { created } from '../../../http/request';
import { simulation } from '../../../http/simulation';
import { inTaxjarDetails, taxjarApiVersion, taxjarOrderBody } from '../../../http/taxjar-body';
import { TAXJAR_ORDERS_CREATE } from '../../../manifest/routes/taxjar';
import { TaxjarOrderCreateSchema } from '../../../schemas/taxjar';

export const handler = postHandler(TAXJAR_ORDERS_CREATE, { body: taxjarOrderBody(TaxjarOrderCreateSchema) }, async (request) => {
  const { input, document } = request.body;
  if (taxjarApiVersion(request) === '2020-08-07') assertAmountAddsUp(input);
  const ports = taxjarOrderPorts();
  const selected = await withCustomerExemption(ports, request, document, input.exemption_type);
  const { result } = await inTaxjarDetails(input, () => createOrder(ports, request, input.transaction_id, selected, simulation(request), input));
  return created({ order: transactionView(result) });
});
