// GET /provider/engagements: the client engagements this provider key may act for.
import { provider } from '../composition-root';
import { mapPage } from '../core/lists/paging';
import { httpHandler } from '../http/handler';
import { ok } from '../http/request';
import { PageQuerySchema } from '../schemas/common';

export const handler = httpHandler('provider-engagements', { query: PageQuerySchema }, async (request) => {
  const page = await provider().engagements(request, request.query);
  return ok(
    mapPage(page, ({ engagement: e, client }) => ({
      object: 'engagement',
      id: e.id,
      ref: e.ref,
      status: e.status,
      client: { account_id: e.clientAccountId, name: client?.name ?? null },
    })),
  );
});
