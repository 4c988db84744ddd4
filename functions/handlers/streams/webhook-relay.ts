// The webhook relay: reads new event records from the main table's stream (the outbox) and queues
// one delivery per subscribed endpoint of the event's own tenant. The records of a batch are
// relayed per tenant (each tenant's endpoints read once); a tenant whose relay fails has its
// records reported (partial batch response) so the stream retries them, and repeats are harmless
// (relayEvents).

import type { Context, DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { relayEvents } from '../../application/webhooks';
import { eventsByTenant, redeliveryPorts } from '../../composition-root';
import { invocationLogger } from '../../shared/powertools';

export const handler = async (event: DynamoDBStreamEvent, context: Context): Promise<DynamoDBBatchResponse> => {
  const log = invocationLogger(context);
  const failed: string[] = [];
  const now = new Date();
  await Promise.all(
    eventsByTenant(event).map(async ({ tenant, events, sequenceNumbers }) => {
      try {
        const queued = await relayEvents(redeliveryPorts(), tenant, events, now);
        log.debug('events relayed', { account: tenant.accountId, events: events.length, deliveries: queued });
      } catch (error) {
        log.error('relay failed', { account: tenant.accountId, events: events.length, error });
        failed.push(...sequenceNumbers);
      }
    }),
  );
  return { batchItemFailures: failed.map((itemIdentifier) => ({ itemIdentifier })) };
};
