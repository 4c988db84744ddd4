// The webhook delivery worker: one attempt per message (functions/application/webhooks.ts).

import { deliverOnce } from '../../application/webhooks';
import { webhookPorts } from '../../composition-root';
import { WEBHOOK_DELIVERIES_QUEUE } from '../../manifest/resources';
import { DeliveryMessageSchema } from '../../schemas/webhooks';
import { emit, MetricUnit } from '../../shared/metrics';
import { queueWorker } from './queue-worker';

export const handler = queueWorker(WEBHOOK_DELIVERIES_QUEUE, DeliveryMessageSchema, async (message, delivery) => {
  const outcome = await deliverOnce(webhookPorts(), message, delivery.now);
  // Ids and outcomes only: never the URL's secrets, the payload or the signature.
  delivery.log.debug('webhook attempt', { endpoint: message.endpoint_id, attempt: message.attempt, outcome });
  emit({ Outcome: outcome }, [['WebhookAttempts', MetricUnit.Count, 1]]);
});
