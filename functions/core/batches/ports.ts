import type { EventDraft } from '../events/catalogue';
import type { Page, PageRequest } from '../lists/paging';
import type { UsageCharge } from '../usage/usage';
import type { BatchHeader, BatchItem, BatchKind, BatchRef, BatchStatus, ChunkTally, PendingItem } from './batch';

/** An item's final state, written once (only while the item is still pending). */
export type ItemResult = Omit<BatchItem, 'status'> & { readonly status: 'succeeded' | 'failed' };

/** A chunk's items as a worker finds them: still to run, or already finished by an earlier delivery. */
export interface ChunkState {
  readonly tallied: boolean;
  readonly pending: readonly PendingItem[];
  readonly finished: readonly BatchItem[];
}

export interface BatchSignals {
  readonly pending: number;
  readonly oldest_pending_created_at: string | null;
  readonly completed_since: number;
  readonly failed_since: number;
}

/** The batches of one tenant. */
/** A page of a job's items, optionally only those of one status (the failures to act on). */
export interface ItemsPageRequest extends PageRequest {
  readonly status?: BatchItem['status'] | undefined;
}

export interface BatchRepository {
  /**
   * Stores the items, then the header (the commit point: a batch without it was never accepted),
   * conditioned on no header of that id: `exists` when one was there (a repeated submission).
   */
  create(batch: BatchHeader, items: readonly PendingItem[]): Promise<'created' | 'exists'>;
  /** The header and the chunk tallies so far. */
  get(id: string): Promise<{ batch: BatchHeader; tallies: ChunkTally[] } | null>;
  /** The header alone: what a worker checks before it runs a chunk. */
  header(id: string): Promise<BatchHeader | null>;
  /** How many chunks have a tally, counted without reading them: a worker reads the tallies only once all are there. */
  talliedChunks(batch: BatchHeader): Promise<number>;
  /** Items in submission order (those of one status, when asked), at most `budgetBytes` of results per page. */
  items(id: string, page: ItemsPageRequest, budgetBytes: number): Promise<Page<BatchItem>>;
  chunk(batch: BatchHeader, chunk: number): Promise<ChunkState>;
  /**
   * Writes the chunk's remaining results and its tally in one atomic write. Returns false when the
   * chunk was tallied already (a duplicate delivery); throws StaleWrite when an item was finished
   * meanwhile (the caller reads the chunk again).
   */
  tally(batch: BatchHeader, tally: ChunkTally, results: readonly ItemResult[], usage?: UsageCharge): Promise<boolean>;
  /** Writes the finished header (if still pending) with its events; false when another writer did. */
  finish(batch: BatchHeader, events: readonly EventDraft[]): Promise<boolean>;
  list(kind: BatchKind, filters: { status?: BatchStatus | undefined }, page: PageRequest): Promise<Page<BatchHeader>>;
  /**
   * Signals over the batches created since `createdSince`; finished ones count when they finished
   * since `finishedSince`. With `visible`, only the batches whose submitter it admits count.
   */
  signals(
    kind: BatchKind,
    createdSince: string,
    finishedSince: string,
    now: Date,
    visible?: (submitter: BatchHeader['principal']) => boolean,
  ): Promise<BatchSignals>;
}

/** A chunk of a batch on its way to a worker. */
export interface ChunkMessage {
  readonly batch: BatchRef;
  readonly chunk: number;
}

export interface BatchQueue {
  /** Sends every chunk; resolves once the queue has accepted all of them. */
  enqueue(messages: readonly ChunkMessage[]): Promise<void>;
}

/** A batch item a document change finishes in the same atomic write (exactly-once commits). */
export interface ItemReceipt {
  readonly batch: BatchHeader;
  readonly item: ItemResult;
}

/** Marks a receipt: the item was already finished when its write was attempted. */
export class ItemAlreadyFinished extends Error {
  override readonly name = 'ItemAlreadyFinished';
}
