// The local runner's SQS event-source emulation against the real emulator: batches reach the
// worker as SQS events, reported failures come back after the visibility timeout, and a message
// that keeps failing moves to the dead-letter queue after maxReceiveCount receives.
import { GetQueueAttributesCommand, ReceiveMessageCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { QueueDef } from '../../functions/manifest/resources';
import { type Engine, startSqsEmulator } from '../../lib/local/engines';
import { createQueues, LOCAL_CREDENTIALS, LOCAL_REGION } from '../../lib/local/provision';
import { pollQueue } from '../../lib/local/sqs-poller';
import { describeLocal } from '../support/target';

const QUEUE: QueueDef = { id: 'PollerTest', envVar: 'POLLER_TEST_QUEUE_URL', visibilityTimeoutSeconds: 2, maxReceiveCount: 2, batchSize: 10 };

let engine: Engine;
let client: SQSClient;
let url: string;

beforeAll(async () => {
  engine = await startSqsEmulator();
  client = new SQSClient({ endpoint: engine.endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
  url = (await createQueues(engine.endpoint, [QUEUE], (q) => `poller-test-${q.id.toLowerCase()}`))[QUEUE.id]!;
});
afterAll(async () => {
  client.destroy();
  await engine.stop();
});

const waitFor = async (check: () => boolean | Promise<boolean>, ms = 15_000) => {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
};

describeLocal('SQS poller', () => {
  it('delivers batches, redelivers reported failures, and dead-letters a message that keeps failing', async () => {
    const seen: Record<string, number> = {};
    const handler = async (event: SQSEvent): Promise<SQSBatchResponse> => {
      const failures = [];
      for (const record of event.Records) {
        expect(record.eventSource).toBe('aws:sqs');
        seen[record.body] = (seen[record.body] ?? 0) + 1;
        // "flaky" fails once, "poison" always.
        if (record.body === 'poison' || (record.body === 'flaky' && seen.flaky === 1)) failures.push({ itemIdentifier: record.messageId });
      }
      return { batchItemFailures: failures };
    };
    for (const body of ['ok-1', 'ok-2', 'flaky', 'poison']) await client.send(new SendMessageCommand({ QueueUrl: url, MessageBody: body }));
    const poller = pollQueue(client, QUEUE, url, handler, () => undefined);
    try {
      await waitFor(() => seen.flaky === 2 && (seen.poison ?? 0) >= QUEUE.maxReceiveCount);
      const dlqUrl = url.replace(/poller-test-pollertest$/, 'poller-test-pollertest-dlq');
      let dead: string[] = [];
      await waitFor(async () => {
        const out = await client.send(new ReceiveMessageCommand({ QueueUrl: dlqUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 1, AttributeNames: ['All'] }));
        dead = [...dead, ...(out.Messages ?? []).map((m) => m.Body!)];
        return dead.length > 0;
      });
      expect(dead).toEqual(['poison']);
      expect(seen['ok-1']).toBe(1);
      expect(seen['ok-2']).toBe(1);
      const left = await client.send(
        new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'] }),
      );
      expect(Number(left.Attributes?.ApproximateNumberOfMessages ?? 0) + Number(left.Attributes?.ApproximateNumberOfMessagesNotVisible ?? 0)).toBe(0);
    } finally {
      await poller.stop();
    }
  }, 40_000);
});
