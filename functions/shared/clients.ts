// The AWS clients of a process, created once. Locally the SDK reaches DynamoDB Local and the SQS
// emulator through AWS_ENDPOINT_URL_DYNAMODB / AWS_ENDPOINT_URL_SQS, so no code path differs.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { SQSClient } from '@aws-sdk/client-sqs';

let ddbCalls = 0;

/** DynamoDB requests this process has sent (benchmarks and call-count tests read it). */
export const dynamoCallCount = (): number => ddbCalls;

export const dynamo = new DynamoDBClient({ maxAttempts: 4 });
dynamo.middlewareStack.add(
  (next) => async (args) => {
    ddbCalls++;
    return next(args);
  },
  { step: 'initialize', name: 'countDynamoCalls' },
);

export const documents = DynamoDBDocumentClient.from(dynamo, {
  marshallOptions: { removeUndefinedValues: true, convertEmptyValues: false },
});

let sqsClient: SQSClient | undefined;
export const sqs = (): SQSClient => (sqsClient ??= new SQSClient({ maxAttempts: 4 }));
