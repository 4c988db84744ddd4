// GET /nexus/sales-history/{id}: one sales-history record and its entries.

import { getSalesHistory } from '../../../application/nexus';
import { nexusPorts } from '../../../composition-root';
import { historyView } from '../../../core/nexus/history';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { NEXUS_HISTORY_GET } from '../../../manifest/routes/nexus';

export const handler = httpHandler(NEXUS_HISTORY_GET, {}, async (request) => ok(historyView(await getSalesHistory(nexusPorts(), request, request.params.id))));
