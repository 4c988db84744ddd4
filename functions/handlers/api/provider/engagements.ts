// GET /provider/engagements: the client engagements this provider key may act for.

import { listEngagements } from '../../../application/provider';
import { providerPorts } from '../../../composition-root';
import { mapPage } from '../../../core/lists/paging';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { PROVIDER_ENGAGEMENTS } from '../../../manifest/routes/provider';
import { PageQuerySchema } from '../../../schemas/common';
import type { ResponseOf } from '../../../schemas/responses';

export const handler = httpHandler(PROVIDER_ENGAGEMENTS, { query: PageQuerySchema }, async (request) => {
  const page = await listEngagements(providerPorts(), request, request.query);
  return ok<ResponseOf<'provider-engagements'>>(
    mapPage(page, ({ engagement: e, client }) => ({
      object: 'engagement',
      id: e.id,
      ref: e.ref,
      status: e.status,
      client: { account_id: e.clientAccountId, name: client?.name ?? null },
    })),
  );
});
