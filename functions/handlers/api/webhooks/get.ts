// GET /webhooks/{id}: one endpoint, with its status (disabled after days of failures, and why).
import { WEBHOOKS_GET } from '../../../manifest/routes/webhooks';
import { getEndpoint } from '../../../application/webhooks';
import { webhookStorePorts } from '../../../composition-root';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';

export const handler = httpHandler(WEBHOOKS_GET, {}, async (request) => ok(await getEndpoint(webhookStorePorts(), request, request.params.id)));
