// Creates the tables and queues of functions/manifest/resources.ts in the local engines, as the stack does in AWS.
import { type AttributeDefinition, CreateTableCommand, DynamoDBClient, ListTablesCommand, UpdateTimeToLiveCommand } from '@aws-sdk/client-dynamodb';
import { CreateQueueCommand, GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { QueueDef, TableDef } from '../../functions/manifest/resources';

export const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };
export const LOCAL_REGION = 'us-east-1';

/** Table names on the local runner (one DynamoDB Local per runner, so names can be fixed). */
export const localTableName = (t: { id: string }): string => `salestax-local-${t.id.toLowerCase()}`;

export async function createTables(endpoint: string, tables: readonly TableDef[], nameOf: (t: TableDef) => string): Promise<void> {
  const client = new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
  try {
    // On a data directory the tables of an earlier run are there already: kept as they are.
    const existing = new Set<string>();
    let start: string | undefined;
    do {
      const page = await client.send(new ListTablesCommand({ ExclusiveStartTableName: start }));
      for (const name of page.TableNames ?? []) existing.add(name);
      start = page.LastEvaluatedTableName;
    } while (start);
    for (const table of tables) {
      if (existing.has(nameOf(table))) continue;
      const attributes = new Set([
        table.partitionKey,
        ...(table.sortKey ? [table.sortKey] : []),
        ...table.globalIndexes.flatMap((g) => [g.partitionKey, g.sortKey]),
      ]);
      await client.send(
        new CreateTableCommand({
          TableName: nameOf(table),
          BillingMode: 'PAY_PER_REQUEST',
          AttributeDefinitions: [...attributes].map((name): AttributeDefinition => ({ AttributeName: name, AttributeType: 'S' })),
          KeySchema: [
            { AttributeName: table.partitionKey, KeyType: 'HASH' },
            ...(table.sortKey ? [{ AttributeName: table.sortKey, KeyType: 'RANGE' as const }] : []),
          ],
          GlobalSecondaryIndexes: table.globalIndexes.length
            ? table.globalIndexes.map((g) => ({
                IndexName: g.name,
                KeySchema: [
                  { AttributeName: g.partitionKey, KeyType: 'HASH' as const },
                  { AttributeName: g.sortKey, KeyType: 'RANGE' as const },
                ],
                Projection: { ProjectionType: 'ALL' as const },
              }))
            : undefined,
          StreamSpecification: table.stream ? { StreamEnabled: true, StreamViewType: table.stream } : undefined,
        }),
      );
      await client.send(
        new UpdateTimeToLiveCommand({ TableName: nameOf(table), TimeToLiveSpecification: { AttributeName: table.ttlAttribute, Enabled: true } }),
      );
    }
  } finally {
    client.destroy();
  }
}

/** Creates each queue with its dead-letter queue; returns the queue URLs by queue id. */
export async function createQueues(endpoint: string, queues: readonly QueueDef[], nameOf: (q: QueueDef) => string): Promise<Record<string, string>> {
  const client = new SQSClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
  const urls: Record<string, string> = {};
  try {
    for (const queue of queues) {
      const dlq = await client.send(new CreateQueueCommand({ QueueName: `${nameOf(queue)}-dlq`, Attributes: { MessageRetentionPeriod: '1209600' } }));
      const dlqArn = await client.send(new GetQueueAttributesCommand({ QueueUrl: dlq.QueueUrl, AttributeNames: ['QueueArn'] }));
      const created = await client.send(
        new CreateQueueCommand({
          QueueName: nameOf(queue),
          Attributes: {
            VisibilityTimeout: String(queue.visibilityTimeoutSeconds),
            RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlqArn.Attributes?.QueueArn, maxReceiveCount: queue.maxReceiveCount }),
          },
        }),
      );
      urls[queue.id] = created.QueueUrl!;
    }
  } finally {
    client.destroy();
  }
  return urls;
}
