// The webhook relay: reads new event records from the main table's stream (the outbox) and queues
// one delivery per subscribed endpoint of the event's own tenant. The records of a batch are
// relayed per tenant (each tenant's endpoints read once); a tenant whose relay fails has its
// records reported (partial batch response) so the stream retries them, and repeats are harmless
// (relayEvents).

import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { Context, DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { relayEvents } from '../../application/webhooks';
import { eventFromStreamImage, redeliveryPorts } from '../../composition-root';
import type { Tenant } from '../../core/access/records';
import type { StoredEventRecord } from '../../core/webhooks/ports';
import { invocationLogger } from '../../shared/powertools';

export const handler = async (event: DynamoDBStreamEvent, context: Context): Promise<DynamoDBBatchResponse> => {
  const log = invocationLogger(context);
  const byTenant = new Map<string, { tenant: Tenant; events: StoredEventRecord[]; sequenceNumbers: string[] }>();
  for (const record of event.Records) {
    if (record.eventName !== 'INSERT' || !record.dynamodb?.NewImage) continue;
    const found = eventFromStreamImage(unmarshall(record.dynamodb.NewImage as Record<string, AttributeValue>));
    if (!found) continue;
    const key = `${found.tenant.accountId}#${found.tenant.environment}`;
    const group = byTenant.get(key) ?? { tenant: found.tenant, events: [], sequenceNumbers: [] };
    group.events.push(found.event);
    group.sequenceNumbers.push(record.dynamodb.SequenceNumber ?? '');
    byTenant.set(key, group);
  }
  const failed: string[] = [];
  const now = new Date();
  await Promise.all(
    [...byTenant.values()].map(async ({ tenant, events, sequenceNumbers }) => {
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
