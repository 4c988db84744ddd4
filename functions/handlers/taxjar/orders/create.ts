// POST /taxjar/v2/transactions/orders: a TaxJar order committed as a sale (POST /api/v1/transactions)
// under its transaction_id. The tax is the engine's: the order's `sales_tax` is not taken on trust.

import { withCustomerExemption } from '../../../application/taxjar/taxes';
import { createOrder } from '../../../application/taxjar/transactions';
import { taxjarOrderPorts } from '../../../composition-root';
import { transactionView } from '../../../core/taxjar/transactions';
import { postHandler } from '../../../http/post-handler';
import { created } from '../../../http/request';
import { simulation } from '../../../http/simulation';
import { inTaxjarDetails, taxjarOrderBody } from '../../../http/taxjar-body';
import { TAXJAR_ORDERS_CREATE } from '../../../manifest/routes/taxjar';
import { TaxjarOrderCreateSchema } from '../../../schemas/taxjar';

export const handler = postHandler(TAXJAR_ORDERS_CREATE, { body: taxjarOrderBody(TaxjarOrderCreateSchema) }, async (request) => {
  const { input, document } = request.body;
  const ports = taxjarOrderPorts();
  const selected = await withCustomerExemption(ports, request, document, input.exemption_type);
  const { result } = await inTaxjarDetails(input, () => createOrder(ports, request, input.transaction_id, selected, simulation(request)));
  return created({ order: transactionView(result) });
});
