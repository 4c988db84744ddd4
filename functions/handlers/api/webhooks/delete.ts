// DELETE /webhooks/{id}: removes an endpoint; its pending deliveries are cancelled, not sent.

import { deleteEndpoint } from '../../../application/webhooks';
import { webhookStorePorts } from '../../../composition-root';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { WEBHOOKS_DELETE } from '../../../manifest/routes/webhooks';

export const handler = httpHandler(WEBHOOKS_DELETE, {}, async (request) => ok(await deleteEndpoint(webhookStorePorts(), request, request.params.id)));
