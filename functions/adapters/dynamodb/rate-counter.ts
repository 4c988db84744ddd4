// Fixed-window request counters (entities/rate-counter.ts): one conditional UpdateItem both checks
// and counts, so concurrent requests of one key across any number of processes can never
// overshoot the limit.

import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { RateCounter } from '../../core/limits/ports';
import { type Bucket, type RateWindow, windowAt } from '../../core/limits/rate-limits';
import { rateCounterEntity } from './entities/rate-counter';

export class DynamoRateCounter implements RateCounter {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  /**
   * Takes `tokens` from the key's current window if that many remain (`count <= limit - tokens`,
   * checked by DynamoDB with the increment), else a single one, else none.
   */
  async take(keyId: string, bucket: Bucket, limit: number, tokens: number, nowMs: number): Promise<{ granted: number; used: number; window: RateWindow }> {
    const window = windowAt(nowMs);
    for (const n of tokens > 1 ? [tokens, 1] : [1]) {
      try {
        const out = await this.db.send(
          new UpdateCommand({
            TableName: this.table,
            Key: rateCounterEntity.key(keyId, bucket, window.startMs),
            ...rateCounterEntity.take(n, limit, window.startMs),
          }),
        );
        return { granted: n, used: rateCounterEntity.countOf(out.Attributes, n), window };
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      }
    }
    return { granted: 0, used: limit, window };
  }
}
