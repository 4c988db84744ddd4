// Plays the Lambda event-source mapping for SQS: long-polls a queue, hands batches to the worker
// handler as SQS events, deletes what succeeded and leaves reported failures (partial batch
// responses) to reappear after the visibility timeout, and to reach the DLQ after maxReceiveCount.
import { DeleteMessageBatchCommand, type Message, ReceiveMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type { QueueDef } from '../../functions/manifest/resources';
import { functionContext } from './api-gateway';

export type SqsHandler = (event: SQSEvent, context: Context) => Promise<SQSBatchResponse | undefined>;

export interface Poller {
  stop(): Promise<void>;
}

/** A queue poller that can be told messages were just sent. */
export interface QueuePoller extends Poller {
  /** Ends one idle wait: a loop asks the queue again now (one that receives messages keeps asking). */
  wake(): void;
}

function toRecord(message: Message, queueArn: string): SQSRecord {
  const attributes = message.Attributes ?? {};
  return {
    messageId: message.MessageId!,
    receiptHandle: message.ReceiptHandle!,
    body: message.Body ?? '',
    attributes: {
      ApproximateReceiveCount: attributes.ApproximateReceiveCount ?? '1',
      SentTimestamp: attributes.SentTimestamp ?? String(Date.now()),
      SenderId: attributes.SenderId ?? 'local',
      ApproximateFirstReceiveTimestamp: attributes.ApproximateFirstReceiveTimestamp ?? String(Date.now()),
    },
    messageAttributes: {},
    md5OfBody: message.MD5OfBody ?? '',
    eventSource: 'aws:sqs',
    eventSourceARN: queueArn,
    awsRegion: 'us-east-1',
  };
}

/**
 * How long an idle loop waits before asking again. The emulator's long poll does not return when a
 * message arrives during the wait (it answers at the end of it: measured about 0.93 s after a send
 * into a 1 s wait), unlike SQS, which answers at once; so the loops ask without waiting and pause
 * between empty answers, staggered so that one of them asks every IDLE_MS / concurrency, and the
 * runner wakes them as soon as the emulator has answered a send (`wake`). The pause only bounds how
 * late a delayed message or one whose visibility timeout ran out is seen; asking every 50 ms
 * instead cost an idle runner about 90 ms of CPU a second.
 */
const IDLE_MS = 1000;

/**
 * Polls with `concurrency` loops, as Lambda runs several invocations of a worker at once (each
 * loop hands one batch of messages at a time to the handler, with the context `contextFor` makes:
 * the worker's function name, a deadline of the queue's visibility timeout).
 */
export function pollQueue(
  client: SQSClient,
  queue: QueueDef,
  queueUrl: string,
  handler: SqsHandler,
  onError: (error: unknown) => void,
  concurrency = 1,
  contextFor: () => Context = () => functionContext(`worker-${queue.id}`, 'local', queue.visibilityTimeoutSeconds),
): QueuePoller {
  let running = true;
  const queueArn = `arn:aws:sqs:us-east-1:000000000000:${queueUrl.split('/').pop()}`;
  const abort = new AbortController();
  /** The idle waits in progress, each ended early by `wake`. */
  const waiting = new Set<() => void>();
  const idle = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        waiting.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      waiting.add(done);
    });
  const loopOnce = async (index: number) => {
    await idle((IDLE_MS * index) / Math.max(1, concurrency));
    while (running) {
      try {
        const received = await client.send(
          new ReceiveMessageCommand({
            QueueUrl: queueUrl,
            MaxNumberOfMessages: queue.batchSize,
            WaitTimeSeconds: 0,
            AttributeNames: ['All'],
          }),
          { abortSignal: abort.signal },
        );
        const messages = received.Messages ?? [];
        if (messages.length === 0) {
          await idle(IDLE_MS);
          continue;
        }
        const context = contextFor();
        let failed = new Set<string>();
        try {
          const response = await handler({ Records: messages.map((m) => toRecord(m, queueArn)) }, context);
          failed = new Set((response?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
        } catch (error) {
          onError(error);
          failed = new Set(messages.map((m) => m.MessageId!));
        }
        const done = messages.filter((m) => !failed.has(m.MessageId!));
        if (done.length > 0)
          await client.send(
            new DeleteMessageBatchCommand({ QueueUrl: queueUrl, Entries: done.map((m, i) => ({ Id: String(i), ReceiptHandle: m.ReceiptHandle! })) }),
          );
      } catch (error) {
        if (!running) break;
        onError(error);
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  };
  const loops = Array.from({ length: Math.max(1, concurrency) }, (_, i) => loopOnce(i));
  return {
    wake: () => {
      const [first] = waiting;
      first?.();
    },
    stop: async () => {
      running = false;
      abort.abort();
      for (const done of [...waiting]) done();
      await Promise.all(loops);
    },
  };
}
