// GET /webhooks: the tenant's endpoints, newest first; secrets are never shown again.

import { listEndpoints } from '../../../application/webhooks';
import { webhookStorePorts } from '../../../composition-root';
import { pageInMemory } from '../../../core/lists/paging';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { WEBHOOKS_LIST } from '../../../manifest/routes/webhooks';
import { WebhookListQuerySchema } from '../../../schemas/webhooks';

export const handler = httpHandler(WEBHOOKS_LIST, { query: WebhookListQuerySchema }, async (request) => {
  const { limit, cursor } = request.query;
  return ok(pageInMemory(await listEndpoints(webhookStorePorts(), request), (e) => e.id, { limit, cursor }));
});
