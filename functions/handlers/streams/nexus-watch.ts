// The nexus watch: reads new event records of changed documents from the main table's stream and
// has the economic nexus exposure of the states those documents ship to evaluated, writing an alert
// event once per state and period (application/nexus.ts). A tenant whose evaluation fails has its
// records reported (partial batch response) so the stream retries them; repeats write nothing twice.

import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { Context, DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { watchDocumentEvents } from '../../application/nexus';
import { eventFromStreamImage, nexusPorts } from '../../composition-root';
import type { Tenant } from '../../core/access/records';
import { invocationLogger } from '../../shared/powertools';

export const handler = async (event: DynamoDBStreamEvent, context: Context): Promise<DynamoDBBatchResponse> => {
  const log = invocationLogger(context);
  const byTenant = new Map<string, { tenant: Tenant; events: { type: string; data: string }[]; sequenceNumbers: string[] }>();
  for (const record of event.Records) {
    if (record.eventName !== 'INSERT' || !record.dynamodb?.NewImage) continue;
    const found = eventFromStreamImage(unmarshall(record.dynamodb.NewImage as Record<string, AttributeValue>));
    if (!found?.event.type.startsWith('transaction.')) continue;
    const key = `${found.tenant.accountId}#${found.tenant.environment}`;
    const group = byTenant.get(key) ?? { tenant: found.tenant, events: [], sequenceNumbers: [] };
    group.events.push({ type: found.event.type, data: found.event.data });
    group.sequenceNumbers.push(record.dynamodb.SequenceNumber ?? '');
    byTenant.set(key, group);
  }
  const failed: string[] = [];
  const now = new Date();
  await Promise.all(
    [...byTenant.values()].map(async ({ tenant, events, sequenceNumbers }) => {
      try {
        const alerts = await watchDocumentEvents(nexusPorts(), tenant, events, now);
        if (alerts > 0) log.info('nexus alerts written', { account: tenant.accountId, alerts });
      } catch (error) {
        log.error('nexus watch failed', { account: tenant.accountId, events: events.length, error });
        failed.push(...sequenceNumbers);
      }
    }),
  );
  return { batchItemFailures: failed.map((itemIdentifier) => ({ itemIdentifier })) };
};
