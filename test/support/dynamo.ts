// Direct reads of DynamoDB Local, for checks that the API does not expose (events written with a change).
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { inject } from 'vitest';
import { tenantEvents } from '../../functions/adapters/dynamodb/events';
import { withFaults } from '../../functions/adapters/faults';
import { MAIN_TABLE as MAIN, SUMMARY_TABLE as SUMMARIES } from '../../functions/manifest/resources';
import { localTableName } from '../../lib/local/provision';

let client: DynamoDBDocumentClient | undefined;

const localDynamo = () =>
  new DynamoDBClient({ endpoint: inject('dynamoEndpoint'), region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });

/** Marshalling as the composition root does, so stores can run on these clients. */
const documentClient = (base: DynamoDBClient) =>
  DynamoDBDocumentClient.from(base, { marshallOptions: { removeUndefinedValues: true, convertEmptyValues: false } });

/** A document client on DynamoDB Local (one for the test file). */
export function db(): DynamoDBDocumentClient {
  client ??= documentClient(localDynamo());
  return client;
}

/**
 * A document client on DynamoDB Local with the fault layer of functions/adapters/faults.ts: it
 * injects what STX_FAULTS names at the time of each call (set it around the calls that need it).
 */
export function faultyDb(): DynamoDBDocumentClient {
  return documentClient(withFaults(localDynamo(), 'dynamodb', () => 'test'));
}

export const MAIN_TABLE = localTableName(MAIN);
export const SUMMARY_TABLE = localTableName(SUMMARIES);

/** Events of a tenant (newest last) whose data mention `needle`. */
export async function eventsMentioning(accountId: string, environment: string, needle: string): Promise<{ type: string; data: string }[]> {
  const events = await tenantEvents(db(), MAIN_TABLE, { accountId, environment: environment as 'sandbox' | 'production' });
  return events.filter((e) => e.data.includes(needle)).map((e) => ({ type: e.type, data: e.data }));
}
