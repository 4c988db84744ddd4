// POST /webhooks/{id}/rotate-secret: a new secret, shown once; the old one keeps signing (both
// signatures sent) for WEBHOOK_SECRET_OVERLAP_SECONDS.

import { rotateSecret } from '../../../application/webhooks';
import { webhookStorePorts } from '../../../composition-root';
import { postHandler } from '../../../http/post-handler';
import { submissionOf } from '../../../http/submission';
import { WEBHOOKS_ROTATE_SECRET } from '../../../manifest/routes/webhooks';
import type { ResponseOf } from '../../../schemas/responses';

export const handler = postHandler(WEBHOOKS_ROTATE_SECRET, {}, async (request) => {
  const rotated = await rotateSecret(webhookStorePorts(), request, request.params.id, { submission: submissionOf(request) });
  // As on creation: a replay answers the rotation without the new secret.
  const stored: ResponseOf<'webhooks-rotate-secret'> = { ...rotated, secret: null };
  return { statusCode: 200, body: rotated, stored };
});
