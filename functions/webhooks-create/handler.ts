// POST /webhooks: registers an endpoint; 201 with its signing secret, shown this once (contract §7).
import { BASE_PATH, WEBHOOKS_CREATE } from '../../lib/routes';
import { createEndpoint } from '../application/webhooks';
import { webhookRegistrationPorts } from '../composition-root';
import { postHandler } from '../http/post-handler';
import { ok } from '../http/request';
import { WebhookCreateSchema } from '../schemas/webhooks';

export const handler = postHandler(WEBHOOKS_CREATE, { body: WebhookCreateSchema }, async (request) => {
  const created = await createEndpoint(webhookRegistrationPorts(), request, request.body);
  return ok(created, 201, { Location: `${BASE_PATH}/webhooks/${encodeURIComponent(created.id)}` });
});
