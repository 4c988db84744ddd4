// GET /taxjar/v2/transactions/refunds/:id: a refund document (kind `refund`) as TaxJar's refund.

import { getRefund } from '../../../application/taxjar/transactions';
import { documentPorts } from '../../../composition-root';
import { transactionView } from '../../../core/taxjar/transactions';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { TAXJAR_REFUNDS_GET } from '../../../manifest/routes/taxjar';

export const handler = httpHandler(TAXJAR_REFUNDS_GET, {}, async (request) =>
  ok({ refund: transactionView(await getRefund(documentPorts(), request, request.params.transaction_id)) }),
);
