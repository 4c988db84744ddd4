// The webhook relay: reads new event records from the main table's stream (the outbox) and queues
// one delivery per subscribed endpoint of the event's own tenant. Failed records are reported
// (partial batch response) so the stream retries them; repeats are harmless (relayEvent).
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { relayEvent } from '../application/webhooks';
import { eventFromStreamImage, redeliveryPorts } from '../composition-root';
import { logger } from '../shared/powertools';

const processor = new BatchProcessor(EventType.DynamoDBStreams);

async function relayRecord(record: DynamoDBRecord): Promise<void> {
  if (record.eventName !== 'INSERT' || !record.dynamodb?.NewImage) return;
  const image = unmarshall(record.dynamodb.NewImage as Record<string, AttributeValue>);
  const found = eventFromStreamImage(image);
  if (!found) return;
  const queued = await relayEvent(redeliveryPorts(), found.tenant, found.event, new Date());
  logger.debug('event relayed', { event: found.event.id, type: found.event.type, deliveries: queued });
}

export const handler = (event: DynamoDBStreamEvent, context: Context): Promise<DynamoDBBatchResponse> =>
  processPartialResponse(event, relayRecord, processor, { context, throwOnFullBatchFailure: false });
