// POST /webhooks/{id}/rotate-secret: a new secret, shown once; the old one keeps signing (both
// signatures sent) for WEBHOOK_SECRET_OVERLAP_SECONDS.
import { WEBHOOKS_ROTATE_SECRET } from '../../lib/routes';
import { rotateSecret } from '../application/webhooks';
import { webhookStorePorts } from '../composition-root';
import { postHandler } from '../http/post-handler';
import { ok } from '../http/request';

export const handler = postHandler(WEBHOOKS_ROTATE_SECRET, {}, async (request) => ok(await rotateSecret(webhookStorePorts(), request, request.params.id)));
