// The one translation of a cancelled TransactWriteItems into what it means for the domain. Each
// item of the transaction says what the failure of its own condition means (a duplicate code, a
// version another writer moved, a customer that does not exist); the first item whose condition
// failed decides. Otherwise an item another transaction held (TransactionConflict) is a lost race
// to re-read and retry (StaleWrite); anything else is a real failure and stays as it is.
import { type CancellationReason, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { StaleWrite } from '../../core/transactions/repository';

/**
 * What a failed condition of one item means, in the order of the transaction's items; it sees the
 * item as it stood when the item asked for it (ReturnValuesOnConditionCheckFailure), and the
 * cancellation itself, which a DomainError keeps as its cause.
 */
export type ConditionMeaning = ((reason: CancellationReason | undefined, cause: unknown) => Error) | null;

/**
 * A version condition that failed: another writer got there first. A StaleWrite carries no cause: it
 * is retried, and one that escaped its retries must stay a failure of its own rather than be read
 * through a cause as a retryable AWS error.
 */
export const staleWrite = (): Error => new StaleWrite();

export function cancellation(error: unknown, meanings: readonly ConditionMeaning[]): unknown {
  if (!(error instanceof TransactionCanceledException)) return error;
  const reasons = error.CancellationReasons ?? [];
  for (const [i, reason] of reasons.entries()) {
    const meaning = meanings[i];
    if (reason.Code === 'ConditionalCheckFailed' && meaning) return meaning(reason, error);
  }
  return reasons.some((r) => r.Code === 'TransactionConflict') ? new StaleWrite() : error;
}
