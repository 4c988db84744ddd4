// GET /events?type=: the tenant's events of the last 30 days, newest first, each with its delivery
// state per endpoint.

import { listEvents } from '../../../application/webhooks';
import { webhookStorePorts } from '../../../composition-root';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { EVENTS_LIST } from '../../../manifest/routes/webhooks';
import { EventListQuerySchema } from '../../../schemas/webhooks';

export const handler = httpHandler(EVENTS_LIST, { query: EventListQuerySchema }, async (request) => {
  const { limit, cursor, type } = request.query;
  return ok(await listEvents(webhookStorePorts(), request, { type }, { limit, cursor }));
});
