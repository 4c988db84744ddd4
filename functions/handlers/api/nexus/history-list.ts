// GET /nexus/sales-history: every sales-history record of the account, newest first.

import { listSalesHistory } from '../../../application/nexus';
import { nexusPorts } from '../../../composition-root';
import { historyView } from '../../../core/nexus/history';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { NEXUS_HISTORY_LIST } from '../../../manifest/routes/nexus';

export const handler = httpHandler(NEXUS_HISTORY_LIST, {}, async (request) =>
  ok({ data: (await listSalesHistory(nexusPorts(), request)).map(historyView), next_cursor: null }),
);
