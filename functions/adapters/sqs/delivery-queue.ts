// Webhook deliveries on their way to the delivery worker: one message per delivery attempt, ten per
// SendMessageBatch, with the attempt's delay (at most SQS's 15 minutes; longer waits are chained by
// the worker through the message's `not_before`).
import { SendMessageBatchCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { DeliveryMessage, DeliveryQueue } from '../../core/webhooks/ports';

export class SqsDeliveryQueue implements DeliveryQueue {
  constructor(
    private readonly sqs: SQSClient,
    private readonly queueUrl: () => string,
  ) {}

  async send(messages: readonly DeliveryMessage[], delaySeconds: number): Promise<void> {
    for (let i = 0; i < messages.length; i += 10) {
      let entries = messages.slice(i, i + 10).map((m, n) => ({ Id: String(n), MessageBody: JSON.stringify(m), DelaySeconds: delaySeconds }));
      for (let attempt = 0; entries.length > 0; attempt++) {
        if (attempt >= 5) throw new Error(`the queue refused ${entries.length} webhook delivery messages`);
        if (attempt > 0) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
        const out = await this.sqs.send(new SendMessageBatchCommand({ QueueUrl: this.queueUrl(), Entries: entries }));
        const failed = new Set((out.Failed ?? []).map((f) => f.Id));
        entries = entries.filter((e) => failed.has(e.Id));
      }
    }
  }
}
