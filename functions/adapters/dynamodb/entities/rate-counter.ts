// A fixed-window request counter: one item per key, bucket and window. One conditional ADD both
// checks and counts (`count <= limit - n`, evaluated by DynamoDB with the increment), so concurrent
// requests across any number of processes never overshoot; it expires two windows after its start.
import { type Bucket, WINDOW_SECONDS } from '../../../core/limits/rate-limits';
import type { ItemKey } from './keys';

export const rateCounterEntity = {
  key: (keyId: string, bucket: Bucket, windowStartMs: number): ItemKey => ({ PK: `RATE#${keyId}#${bucket}#${windowStartMs}`, SK: 'RATE' }),

  /** The UpdateItem that takes `n` tokens of a window allowing `limit`, refused when fewer remain. */
  take: (n: number, limit: number, windowStartMs: number) => ({
    UpdateExpression: 'ADD #c :n SET #ttl = if_not_exists(#ttl, :ttl)',
    ConditionExpression: 'attribute_not_exists(#c) OR #c <= :room',
    ExpressionAttributeNames: { '#c': 'count', '#ttl': 'ttl' },
    ExpressionAttributeValues: { ':n': n, ':room': limit - n, ':ttl': Math.floor(windowStartMs / 1000) + 2 * WINDOW_SECONDS },
    ReturnValues: 'UPDATED_NEW' as const,
  }),

  /** The count the update left (`taken` if DynamoDB did not say). */
  countOf: (attributes: Record<string, unknown> | undefined, taken: number): number => Number(attributes?.count ?? taken),
};
