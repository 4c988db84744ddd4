// Fixed-window request counters. One conditional UpdateItem both checks and counts, so concurrent
// requests of one key across any number of processes can never overshoot the limit: the condition
// `count <= limit - n` is evaluated atomically by DynamoDB with the increment by n.
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { RateCounter } from '../../core/limits/ports';
import { windowAt, WINDOW_SECONDS, type Bucket, type RateWindow } from '../../core/limits/rate-limits';
import { tableKeys } from './table-keys';

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
            Key: tableKeys.rateCounter(keyId, bucket, window.startMs),
            UpdateExpression: 'ADD #c :n SET #ttl = if_not_exists(#ttl, :ttl)',
            ConditionExpression: 'attribute_not_exists(#c) OR #c <= :room',
            ExpressionAttributeNames: { '#c': 'count', '#ttl': 'ttl' },
            ExpressionAttributeValues: { ':n': n, ':room': limit - n, ':ttl': Math.floor(window.startMs / 1000) + 2 * WINDOW_SECONDS },
            ReturnValues: 'UPDATED_NEW',
          }),
        );
        return { granted: n, used: Number(out.Attributes?.count ?? n), window };
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      }
    }
    return { granted: 0, used: limit, window };
  }
}
