// GET /nexus: per state, the economic nexus exposure on a day (default today), from the running
// summaries and the sales history (docs/economic-nexus.md).

import { nexusOverview } from '../../../application/nexus';
import { nexusPorts } from '../../../composition-root';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { NEXUS_GET } from '../../../manifest/routes/nexus';
import { NexusQuerySchema } from '../../../schemas/nexus';

export const handler = httpHandler(NEXUS_GET, { query: NexusQuerySchema }, async (request) =>
  ok({ object: 'nexus', ...(await nexusOverview(nexusPorts(), request, request.query.as_of)) }),
);
