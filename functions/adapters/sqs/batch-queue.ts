// Chunks of batches on their way to the batch-items worker: ten messages per SendMessageBatch,
// entries the queue did not take sent again, so a submission resolves only once every chunk is
// queued.
import { SendMessageBatchCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { BatchQueue, ChunkMessage } from '../../core/batches/ports';

/** The message body: the batch's tenant and id, and the chunk number. */
export interface ChunkBody {
  readonly account_id: string;
  readonly environment: 'sandbox' | 'production';
  readonly batch_id: string;
  readonly chunk: number;
}

export const chunkBody = (m: ChunkMessage): ChunkBody => ({
  account_id: m.batch.tenant.accountId,
  environment: m.batch.tenant.environment,
  batch_id: m.batch.id,
  chunk: m.chunk,
});

export class SqsBatchQueue implements BatchQueue {
  constructor(
    private readonly sqs: SQSClient,
    private readonly queueUrl: () => string,
  ) {}

  async enqueue(messages: readonly ChunkMessage[]): Promise<void> {
    for (let i = 0; i < messages.length; i += 10) {
      let entries = messages.slice(i, i + 10).map((m, n) => ({ Id: String(n), MessageBody: JSON.stringify(chunkBody(m)) }));
      for (let attempt = 0; entries.length > 0; attempt++) {
        if (attempt >= 5) throw new Error(`the queue refused ${entries.length} batch chunk messages`);
        if (attempt > 0) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
        const out = await this.sqs.send(new SendMessageBatchCommand({ QueueUrl: this.queueUrl(), Entries: entries }));
        const failed = new Set((out.Failed ?? []).map((f) => f.Id));
        entries = entries.filter((e) => failed.has(e.Id));
      }
    }
  }
}
