// POST /webhooks: registers an endpoint; 201 with its signing secret, shown this once.

import { createEndpoint } from '../../../application/webhooks';
import { webhookRegistrationPorts } from '../../../composition-root';
import { postHandler } from '../../../http/post-handler';
import { submissionOf } from '../../../http/submission';
import { BASE_PATH } from '../../../manifest/route';
import { WEBHOOKS_CREATE } from '../../../manifest/routes/webhooks';
import type { ResponseOf } from '../../../schemas/responses';
import { WebhookCreateSchema } from '../../../schemas/webhooks';

export const handler = postHandler(WEBHOOKS_CREATE, { body: WebhookCreateSchema }, async (request) => {
  const created = await createEndpoint(webhookRegistrationPorts(), request, request.body, { submission: submissionOf(request) });
  // The secret is shown once: an idempotent replay of this call answers the endpoint without it.
  const stored: ResponseOf<'webhooks-create'> = { ...created, secret: null };
  return { statusCode: 201, body: created, stored, headers: { Location: `${BASE_PATH}/webhooks/${encodeURIComponent(created.id)}` } };
});
