// GET /taxjar/v2/transactions/orders/:id: the order's current version (after updates, its latest replacement).

import { currentOrder } from '../../../application/taxjar/transactions';
import { documentPorts } from '../../../composition-root';
import { transactionView } from '../../../core/taxjar/transactions';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { TAXJAR_ORDERS_GET } from '../../../manifest/routes/taxjar';

export const handler = httpHandler(TAXJAR_ORDERS_GET, {}, async (request) =>
  ok({ order: transactionView(await currentOrder(documentPorts(), request, request.params.transaction_id)) }),
);
