// The port through which documents are read and written. Concurrent changes are settled by
// conditions and versions in the store, never by locks or by trusting an earlier read.
import type { TransactionKind, TransactionRecord, TransactionStatus } from './record';

export interface Stored {
  readonly record: TransactionRecord;
  readonly version: number;
}

export interface DomainEventDraft {
  readonly type: 'transaction.committed' | 'transaction.refunded' | 'transaction.credited' | 'transaction.voided' | 'transaction.adjusted';
  readonly at: string;
  readonly data: unknown;
}

export interface DocumentChange {
  /** New documents; each must not exist yet. */
  readonly create: readonly TransactionRecord[];
  /** Changed documents; each must still be at the version read. */
  readonly update: readonly { readonly record: TransactionRecord; readonly expectedVersion: number }[];
  readonly events: readonly DomainEventDraft[];
}

export interface TransactionFilters {
  readonly status?: TransactionStatus | undefined;
  readonly kind?: TransactionKind | undefined;
  readonly customer_code?: string | undefined;
  readonly location_code?: string | undefined;
  readonly date_from?: string | undefined;
  readonly date_to?: string | undefined;
}

export interface TransactionRepository {
  get(code: string): Promise<Stored | null>;
  /** Writes the whole change atomically; throws StaleWrite when an update lost a race. */
  write(change: DocumentChange): Promise<void>;
}

/** An update found its document at another version than the one read. */
export class StaleWrite extends Error {
  override readonly name = 'StaleWrite';
}
