// What a cancelled TransactWriteItems means for the domain. Its items are laid out as
// [creates…, updates…, other writes…]: a create whose "does not exist" condition failed is a
// duplicate code; an update whose version condition failed, or any item another transaction held
// (TransactionConflict), is a lost race to re-read and retry; anything else is a real failure.
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DomainError } from '../../core/errors';
import { StaleWrite } from '../../core/transactions/repository';

export function cancellation(error: unknown, creates: number, updates: number): unknown {
  if (!(error instanceof TransactionCanceledException)) return error;
  const reasons = error.CancellationReasons ?? [];
  if (reasons.slice(0, creates).some((r) => r.Code === 'ConditionalCheckFailed'))
    return new DomainError('duplicate_transaction', 'A transaction with this code already exists for the account and environment.');
  const lostRace =
    reasons.some((r) => r.Code === 'TransactionConflict') || reasons.slice(creates, creates + updates).some((r) => r.Code === 'ConditionalCheckFailed');
  return lostRace ? new StaleWrite() : error;
}
