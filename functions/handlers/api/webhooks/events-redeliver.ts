// POST /events/{id}/redeliver: delivers an event again to every endpoint subscribed to it now
// (a new generation of attempts, with the same webhook-id); 202 with the event's delivery states.

import { redeliverEvent } from '../../../application/webhooks';
import { redeliveryPorts } from '../../../composition-root';
import { postHandler } from '../../../http/post-handler';
import { ok } from '../../../http/request';
import { EVENTS_REDELIVER } from '../../../manifest/routes/webhooks';

export const handler = postHandler(EVENTS_REDELIVER, {}, async (request) => ok(await redeliverEvent(redeliveryPorts(), request, request.params.id), 202));
