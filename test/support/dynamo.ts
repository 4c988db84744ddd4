// Direct reads of DynamoDB Local, for checks that the API does not expose (events written with a change).
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { inject } from 'vitest';
import { keys } from '../../functions/adapters/dynamodb/keys';
import { localTableName } from '../../lib/local/provision';
import { MAIN_TABLE as MAIN } from '../../lib/resources';

let client: DynamoDBDocumentClient | undefined;

function db(): DynamoDBDocumentClient {
  client ??= DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: inject('dynamoEndpoint'), region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }));
  return client;
}

export const MAIN_TABLE = localTableName(MAIN);

/** Events of a tenant (newest last) whose data mention `needle`. */
export async function eventsMentioning(accountId: string, environment: string, needle: string): Promise<{ type: string; data: string }[]> {
  const out = await db().send(new QueryCommand({ TableName: MAIN_TABLE, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': keys.events({ accountId, environment: environment as 'sandbox' | 'production' }) } }));
  return (out.Items ?? []).filter((i) => String(i.data).includes(needle)).map((i) => ({ type: String(i.type), data: String(i.data) }));
}
