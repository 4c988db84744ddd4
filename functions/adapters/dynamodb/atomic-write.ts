// One atomic write that spans entities: the items of one TransactWriteItems, each declared by its
// entity (entities/*.ts: the Put, Update or Delete it takes part with), and what the failure of
// each item's own condition means. Stores compose every write of several entities here — a commit
// with its events, its batch item's result, its usage counters and its return summaries; a batch
// with its pending-work entry — and never through one another.
import type { CancellationReason } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { type ConditionMeaning, cancellation } from './cancellation';

/** One item of a TransactWriteItems. */
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** DynamoDB's limit on the items of one TransactWriteItems. */
export const MAX_TRANSACTION_ITEMS = 100;

export class AtomicWrite {
  private readonly list: TransactItem[] = [];
  private readonly meanings: ConditionMeaning[] = [];

  /**
   * Adds an item, after those already added (a cancellation gives its reasons by position), with
   * what the failure of its condition means (none: it has no condition, or its failure is no
   * refusal of this write's to name).
   */
  add(item: TransactItem, meaning: ConditionMeaning = null): this {
    this.list.push(item);
    this.meanings.push(meaning);
    return this;
  }

  /** Adds items that share one meaning. */
  addAll(items: readonly TransactItem[], meaning: ConditionMeaning = null): this {
    for (const item of items) this.add(item, meaning);
    return this;
  }

  /** Adds the items of another write, with their meanings. */
  include(other: AtomicWrite): this {
    for (const [i, item] of other.list.entries()) this.add(item, other.meanings[i] ?? null);
    return this;
  }

  get items(): readonly TransactItem[] {
    return this.list;
  }

  get size(): number {
    return this.list.length;
  }

  /** What the failed condition of item `i` means, or null when it names none. */
  meaningAt(i: number, reason: CancellationReason | undefined, cause: unknown): Error | null {
    return this.meanings[i]?.(reason, cause) ?? null;
  }

  /**
   * What a failure of this write means: for a cancellation, what the first failed condition
   * means, or StaleWrite for a lost race (cancellation.ts); any other failure as it is.
   */
  failure(error: unknown): unknown {
    return cancellation(error, this.meanings);
  }

  /** Sends it as one TransactWriteItems; a failure rejects with what it means (`failure`). */
  async send(db: DynamoDBDocumentClient): Promise<void> {
    try {
      await this.sendAsIs(db);
    } catch (error) {
      throw this.failure(error);
    }
  }

  /** Sends it, rejecting with DynamoDB's own error: for a caller that settles each part of a cancelled write itself. */
  async sendAsIs(db: DynamoDBDocumentClient): Promise<void> {
    await db.send(new TransactWriteCommand({ TransactItems: this.list }));
  }
}
