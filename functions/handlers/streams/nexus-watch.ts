// The nexus watch: reads new event records of changed documents from the main table's stream and
// has the economic nexus exposure of the states those documents ship to evaluated, writing an alert
// event once per state and period (application/nexus.ts). A tenant whose evaluation fails has its
// records reported (partial batch response) so the stream retries them; repeats write nothing twice.

import type { Context, DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { watchDocumentEvents } from '../../application/nexus';
import { eventsByTenant, nexusPorts } from '../../composition-root';
import { invocationLogger } from '../../shared/powertools';

export const handler = async (event: DynamoDBStreamEvent, context: Context): Promise<DynamoDBBatchResponse> => {
  const log = invocationLogger(context);
  const failed: string[] = [];
  const now = new Date();
  await Promise.all(
    eventsByTenant(event, (type) => type.startsWith('transaction.')).map(async ({ tenant, events, sequenceNumbers }) => {
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
