// Fixed-window request counters. One conditional UpdateItem per request both checks and counts,
// so concurrent requests of one key across any number of processes can never overshoot the limit:
// the condition `count < limit` is evaluated atomically by DynamoDB with the increment.
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { windowAt, WINDOW_SECONDS, type Bucket, type RateWindow } from '../../core/limits/rate-limits';
import { keys } from './keys';

export interface Consumption {
  readonly allowed: boolean;
  /** Requests counted in this window, including this one when allowed. */
  readonly used: number;
  readonly window: RateWindow;
}

export class RateCounter {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async consume(keyId: string, bucket: Bucket, limit: number, nowMs: number): Promise<Consumption> {
    const window = windowAt(nowMs);
    try {
      const out = await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.rateCounter(keyId, bucket, window.startMs),
          UpdateExpression: 'ADD #c :one SET #ttl = if_not_exists(#ttl, :ttl)',
          ConditionExpression: 'attribute_not_exists(#c) OR #c < :limit',
          ExpressionAttributeNames: { '#c': 'count', '#ttl': 'ttl' },
          ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':ttl': Math.floor(window.startMs / 1000) + 2 * WINDOW_SECONDS },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      return { allowed: true, used: Number(out.Attributes?.count ?? 1), window };
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return { allowed: false, used: limit, window };
      throw error;
    }
  }
}
