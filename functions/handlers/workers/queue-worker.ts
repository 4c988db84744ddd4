// The one way a queue worker is built: Powertools BatchProcessor over the SQS event, each record's
// body checked against the queue's message schema, records run in parallel, and failed records
// reported back (partial batch response) so only they return to the queue. The handler learns
// whether this is the message's last delivery before the dead-letter queue, so it can record a
// failure instead of retrying into silence.
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Logger } from '@aws-lambda-powertools/logger';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import * as v from 'valibot';
import type { QueueDef } from '../../manifest/resources';
import { emit, MetricUnit, type MetricValue } from '../../shared/metrics';
import { invocationLogger } from '../../shared/powertools';

export interface Delivery {
  /** 1 on the first delivery. */
  readonly attempt: number;
  readonly finalAttempt: boolean;
  /** The invocation's request id (Lambda's, or the local poller's). */
  readonly requestId: string;
  readonly now: Date;
  /** This invocation's logger (names the worker's function and request). */
  readonly log: Logger;
}

export type QueueHandler = (event: SQSEvent, context: Context) => Promise<SQSBatchResponse>;

export function queueWorker<S extends v.GenericSchema>(
  queue: Pick<QueueDef, 'id' | 'maxReceiveCount'>,
  schema: S,
  handle: (message: v.InferOutput<S>, delivery: Delivery) => Promise<void>,
): QueueHandler {
  const processor = new BatchProcessor(EventType.SQS);
  return async (event, context) => {
    const log = invocationLogger(context);
    const ages: MetricValue[] = [];
    let failed = 0;
    const response = await processPartialResponse(
      event,
      async (record: SQSRecord) => {
        // How long the message waited in the queue before this delivery (queue age, per message).
        const sent = Number(record.attributes.SentTimestamp);
        if (sent > 0) ages.push(['MessageAge', MetricUnit.Milliseconds, Math.max(0, Date.now() - sent)]);
        const attempt = Number(record.attributes.ApproximateReceiveCount) || 1;
        let body: unknown;
        try {
          body = JSON.parse(record.body);
        } catch {
          body = undefined;
        }
        const parsed = v.safeParse(schema, body);
        // Not a message of this queue: retrying cannot help; it goes on to the dead-letter queue.
        if (!parsed.success) throw new Error(`message ${record.messageId} on ${queue.id} does not match its schema`);
        try {
          await handle(parsed.output, { attempt, finalAttempt: attempt >= queue.maxReceiveCount, requestId: context.awsRequestId, now: new Date(), log });
        } catch (error) {
          // The error itself: Powertools writes its name, message, stack and cause (recursively).
          log.error('queue message failed', { queue: queue.id, messageId: record.messageId, attempt, error });
          failed++;
          throw error;
        }
      },
      processor,
      { context, throwOnFullBatchFailure: false },
    );
    emit({ Queue: queue.id }, [['Messages', MetricUnit.Count, event.Records.length], ['MessagesFailed', MetricUnit.Count, failed], ...ages]);
    return response;
  };
}
