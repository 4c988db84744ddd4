// GET /webhooks/{id}: one endpoint, with its status (disabled after days of failures, and why).

import { getEndpoint } from '../../../application/webhooks';
import { webhookStorePorts } from '../../../composition-root';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { WEBHOOKS_GET } from '../../../manifest/routes/webhooks';

export const handler = httpHandler(WEBHOOKS_GET, {}, async (request) => ok(await getEndpoint(webhookStorePorts(), request, request.params.id)));
