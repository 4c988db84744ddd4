// A queue worker's log lines name the worker's own function and request, and a failed message's
// line carries its error's name, message and cause — also where one process runs every function
// (the local runner), whose shared logger holds the context an HTTP request set last.
import type { Context, SQSEvent } from 'aws-lambda';
import * as v from 'valibot';
import { afterEach, expect, it, vi } from 'vitest';
import { queueWorker } from '../../functions/handlers/workers/queue-worker';
import { logger } from '../../functions/shared/powertools';

const context = (functionName: string): Context =>
  ({
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: `req-${functionName}`,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => 60_000,
  }) as Context;

const event: SQSEvent = {
  Records: [
    {
      messageId: 'm-1',
      receiptHandle: 'r-1',
      body: JSON.stringify({ n: 1 }),
      attributes: { ApproximateReceiveCount: '1', SentTimestamp: '0', SenderId: 'x', ApproximateFirstReceiveTimestamp: '0' },
      messageAttributes: {},
      md5OfBody: '',
      eventSource: 'aws:sqs',
      eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:q',
      awsRegion: 'us-east-1',
    },
  ],
};

afterEach(() => vi.restoreAllMocks());

it('logs a failed message under the worker, with the cause of the error', async () => {
  const lines: string[] = [];
  for (const stream of [process.stdout, process.stderr])
    vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
  // An HTTP handler of the same process set the shared logger's context first.
  logger.addContext(context('salestax-local-transactions-create'));
  const worker = queueWorker({ id: 'WebhookDeliveries', maxReceiveCount: 5 }, v.object({ n: v.number() }), async () => {
    throw new Error('delivery attempt not recorded', { cause: new Error('connect ECONNREFUSED 127.0.0.1:8000') });
  });

  const response = await worker(event, context('salestax-local-webhookdeliveries-worker'));

  expect(response.batchItemFailures).toEqual([{ itemIdentifier: 'm-1' }]);
  const failed = lines
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, any>)
    .find((l) => l.message === 'queue message failed');
  expect(failed).toMatchObject({
    level: 'ERROR',
    function_name: 'salestax-local-webhookdeliveries-worker',
    function_request_id: 'req-salestax-local-webhookdeliveries-worker',
    queue: 'WebhookDeliveries',
    messageId: 'm-1',
    error: { name: 'Error', message: 'delivery attempt not recorded', cause: { name: 'Error', message: 'connect ECONNREFUSED 127.0.0.1:8000' } },
  });
});
