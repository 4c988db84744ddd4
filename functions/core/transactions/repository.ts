// The port through which documents are read and written. Concurrent changes are settled by
// conditions and versions in the store, never by locks or by trusting an earlier read.
import type { AvataxCompanion } from '../avatax/records';
import type { ItemReceipt } from '../batches/ports';
import { DomainError } from '../errors';
import type { EventDraft } from '../events/catalogue';
import type { Page, PageRequest } from '../lists/paging';
import type { UsageCharge } from '../usage/usage';
import type { TransactionKind, TransactionRecord, TransactionStatus } from './transaction';
import type { TransactionSummary } from './view';

export interface Stored {
  readonly record: TransactionRecord;
  readonly version: number;
}

export interface DocumentChange {
  /** New documents; each must not exist yet. */
  readonly create: readonly TransactionRecord[];
  /** Changed documents; each must still be at the version read (`before`, whose content the summaries hold). */
  readonly update: readonly { readonly record: TransactionRecord; readonly before: TransactionRecord; readonly expectedVersion: number }[];
  readonly events: readonly EventDraft[];
  /**
   * The batch item this change finishes, written in the same atomic write: a queue redelivering
   * the item finds it finished instead of committing twice. Its failed condition is
   * ItemAlreadyFinished.
   */
  readonly receipt?: ItemReceipt | undefined;
  /**
   * Room to leave in the atomic write for a later change of the documents created here: a new sale
   * keeps one item free, so that its refund, credit or void (which also rewrites the sale) always
   * fits where the sale did. A change that would not fit is refused before anything is written.
   */
  readonly reserve?: number | undefined;
  /**
   * The billable units of the change (core/usage), counted in the same atomic write: they land
   * with the documents or not at all, so a retry or replay the conditions refuse is not billed.
   */
  readonly usage?: UsageCharge | undefined;
  /**
   * Records another surface keeps beside the documents, in the same atomic write: the AvaTax
   * surface's echo of what a document cannot carry and its drafts (core/avatax/records.ts). A
   * failed condition of one of them is CompanionChanged.
   */
  readonly companions?: readonly AvataxCompanion[] | undefined;
}

export interface TransactionFilters {
  readonly status?: TransactionStatus | undefined;
  readonly kind?: TransactionKind | undefined;
  readonly customer_code?: string | undefined;
  readonly location_code?: string | undefined;
  readonly date_from?: string | undefined;
  readonly date_to?: string | undefined;
}

/** The documents of one tenant. */
export interface TransactionRepository {
  get(code: string): Promise<Stored | null>;
  /**
   * Writes the whole change atomically. Throws `duplicate_transaction` when a created code exists,
   * StaleWrite when an update lost a race (the caller re-reads and decides again), and
   * `invalid_request` before writing anything when the change needs more items than one atomic
   * write can hold.
   */
  write(change: DocumentChange): Promise<void>;
  /**
   * Writes independent changes, each as atomically as `write` (the store may join several in one
   * atomic write); each settles on its own: written, or failed with what `write` would have thrown.
   */
  writeEach(changes: readonly DocumentChange[]): Promise<WriteOutcome[]>;
  /** List entries, newest first; the cursor is the store's own, opaque to callers. */
  list(filters: TransactionFilters, page: PageRequest): Promise<Page<TransactionSummary>>;
}

/** How one change of a `writeEach` ended. */
export type WriteOutcome = { readonly written: true } | { readonly written: false; readonly error: unknown };

/**
 * A created document's code is taken. It answers as duplicate_transaction wherever it surfaces;
 * the use case that knows the request adds which field named the code and whether the existing
 * document was made from the same payload (`existingRequestHash`, null when it was stored without).
 */
export class DuplicateDocument extends DomainError {
  constructor(
    readonly documentCode: string,
    readonly existingRequestHash: string | null,
  ) {
    super('duplicate_transaction', 'A transaction with this code already exists for the account and environment.');
  }
}

/** An update found its document at another version than the one read. */
export class StaleWrite extends Error {
  override readonly name = 'StaleWrite';
}

/**
 * A companion of a change (a draft it puts or deletes) was changed by another writer: the change
 * was not written. Not a StaleWrite, which re-sends the same decision: the caller that chose the
 * companions reads them again and decides anew.
 */
export class CompanionChanged extends Error {
  override readonly name = 'CompanionChanged';
}
