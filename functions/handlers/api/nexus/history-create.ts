// POST /nexus/sales-history: records sales the service never saw, all entries or none.

import { recordSalesHistory } from '../../../application/nexus';
import { nexusPorts } from '../../../composition-root';
import { historyView } from '../../../core/nexus/history';
import { postHandler } from '../../../http/post-handler';
import { created } from '../../../http/request';
import { submissionOf } from '../../../http/submission';
import { NEXUS_HISTORY_CREATE } from '../../../manifest/routes/nexus';
import { SalesHistoryCreateSchema } from '../../../schemas/nexus';

export const handler = postHandler(NEXUS_HISTORY_CREATE, { body: SalesHistoryCreateSchema }, async (request) => {
  const entries = request.body.entries.map(({ amount, ...rest }) => ({ ...rest, amount_cents: amount }));
  return created(historyView(await recordSalesHistory(nexusPorts(), request, entries, { submission: submissionOf(request) })));
});
