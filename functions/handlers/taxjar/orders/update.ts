// PUT /taxjar/v2/transactions/orders/:id: an adjustment (POST /api/v1/transactions/adjustments) of
// the order's current version; fields the request leaves out keep their committed values (the
// collected sales_tax and what the order was sent among them). With `x-api-version: 2020-08-07` the
// merged order's amount must add up.

import { withCustomerExemption } from '../../../application/taxjar/taxes';
import { currentOrder, updateOrder } from '../../../application/taxjar/transactions';
import { taxjarOrderPorts } from '../../../composition-root';
import { taxjarDocument } from '../../../core/taxjar/document';
import { assertAmountAddsUp, orderFieldsOf, transactionView } from '../../../core/taxjar/transactions';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { simulation } from '../../../http/simulation';
import { inTaxjarDetails, taxjarApiVersion } from '../../../http/taxjar-body';
import { validate } from '../../../http/validation';
import { TAXJAR_ORDERS_UPDATE } from '../../../manifest/routes/taxjar';
import { CalculationRequestSchema } from '../../../schemas/document';
import { TaxjarOrderUpdateSchema } from '../../../schemas/taxjar';

/** The request's fields over the committed ones; absent (or null) fields are kept. */
const defined = (o: object) => Object.fromEntries(Object.entries(o).filter(([, value]) => value != null));

export const handler = httpHandler(TAXJAR_ORDERS_UPDATE, { body: TaxjarOrderUpdateSchema }, async (request) => {
  const ports = taxjarOrderPorts();
  const current = await currentOrder(ports, request, request.params.transaction_id);
  const merged = { ...orderFieldsOf(current), ...defined(request.body) };
  if (taxjarApiVersion(request) === '2020-08-07') assertAmountAddsUp(merged);
  const document = inTaxjarDetails(merged, () => validate(CalculationRequestSchema, taxjarDocument(merged), 'body'));
  // An order's own declaration stands through an update that does not restate it.
  const declared = current.declared_exemption?.source === 'document' ? current.declared_exemption.type : undefined;
  const selected = await withCustomerExemption(ports, request, document, request.body.exemption_type ?? declared);
  const { result } = await inTaxjarDetails(merged, () => updateOrder(ports, request, current, selected, simulation(request), merged));
  return ok({ order: transactionView(result) });
});
