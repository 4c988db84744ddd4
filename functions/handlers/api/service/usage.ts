// GET /usage?from=&to=&group_by=: the caller's metered usage (functions/application/usage.ts).

import { readUsage } from '../../../application/usage';
import { usageBacklog, usageStore } from '../../../composition-root';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { USAGE_GET } from '../../../manifest/routes/service';
import type { ResponseOf } from '../../../schemas/responses';
import { UsageQuerySchema } from '../../../schemas/usage';

export const handler = httpHandler(USAGE_GET, { query: UsageQuerySchema }, async (request) => {
  const report = await readUsage({ usage: usageStore(), backlog: usageBacklog() }, request, request.query);
  return ok<ResponseOf<'usage-get'>>({ object: 'usage', ...report, data: [...report.data] });
});
