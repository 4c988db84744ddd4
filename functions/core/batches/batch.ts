// Asynchronous batches of independent items, run later by queue workers: calculation batches (up to
// 500 calculations or commits) and provider return jobs (up to 5,000 state and period summaries),
// which follow the same lifecycle. Pure rules: how items are chunked into queue messages, when a
// batch is complete, failed or expired, and what a reader sees.
import type { TenantPrincipal } from '../access/authorize';
import type { Tenant } from '../access/records';
import type { ErrorCode, ErrorDetail } from '../errors';
import { type EventDraft, eventDraft } from '../events/catalogue';
import { SERVICE_LIMITS } from '../limits/service-limits';
import type { BatchEventData } from './event-data';

export type BatchKind = 'batch' | 'return_job';
/** What an item does: a calculation or commit (batches), a liability summary (return jobs). */
export type BatchOperation = 'calculate' | 'commit' | 'summarize';
export type BatchStatus = 'pending' | 'completed' | 'failed';
export type ItemStatus = 'pending' | 'succeeded' | 'failed';

export const BATCH_RETENTION_DAYS = SERVICE_LIMITS.batch_retention_days;
interface KindRules {
  /** Object name in responses, and the id prefix. */
  readonly object: 'batch' | 'return_job';
  readonly idPrefix: string;
  readonly itemsPerChunk: number;
  readonly completed: 'batch.completed' | 'return_job.completed';
  readonly failed: 'batch.failed' | 'return_job.failed';
}

/**
 * Items per queue message: ten calculations keep a chunk's results (up to ten 1,000-line
 * documents, gzipped) well inside one 4 MB TransactWriteItems, and a 500-item batch in 50 messages
 * (5 SendMessageBatch calls) instead of 500; a summary is one read, so return jobs take 25 (a
 * 5,000-item job in 200 messages; 25 results and a tally stay within the 100 items of a transaction).
 */
export const KINDS: { readonly [K in BatchKind]: KindRules } = {
  batch: { object: 'batch', idPrefix: 'bat_', itemsPerChunk: 10, completed: 'batch.completed', failed: 'batch.failed' },
  return_job: { object: 'return_job', idPrefix: 'rjob_', itemsPerChunk: 25, completed: 'return_job.completed', failed: 'return_job.failed' },
};

/** A reference to one batch, as a queue message carries it. */
export interface BatchRef {
  readonly tenant: Tenant;
  readonly id: string;
}

export interface BatchHeader {
  readonly kind: BatchKind;
  readonly id: string;
  readonly tenant: Tenant;
  readonly status: BatchStatus;
  readonly item_count: number;
  readonly chunk_count: number;
  /** Set when the batch finished; while pending the counts are summed from its chunks. */
  readonly succeeded_count: number;
  readonly failed_count: number;
  readonly created_at: string;
  readonly completed_at: string | null;
  readonly expires_at: string | null;
  /** A batch still pending at this instant is failed: its unfinished items end `internal_error`. */
  readonly deadline_at: string;
  /** Who submitted it: items run as this principal (authorization is decided at submission). */
  readonly principal: TenantPrincipal;
  /**
   * SHA-256 of the items as submitted, for a submission under an Idempotency-Key: a repeat of the
   * key finds the job by its id and must carry the same items. Null for jobs stored before.
   */
  readonly request_hash: string | null;
}

export interface ItemError {
  readonly code: ErrorCode;
  readonly message: string;
  readonly details?: readonly ErrorDetail[] | undefined;
  /** The id of the worker invocation that ran the item, for support. */
  readonly request_id: string;
}

export interface BatchItem {
  readonly index: number;
  readonly reference_id: string;
  readonly operation: BatchOperation;
  readonly status: ItemStatus;
  /** What the synchronous endpoint answers (calculation or transaction view). */
  readonly result?: unknown;
  readonly error?: ItemError;
}

/** An item as submitted, before it runs. */
export interface PendingItem {
  readonly index: number;
  readonly reference_id: string;
  readonly operation: BatchOperation;
  readonly request: unknown;
}

/** A chunk's tally, written once with its items' results: the exactly-once unit of counting. */
export interface ChunkTally {
  readonly chunk: number;
  readonly succeeded: number;
  readonly failed: number;
}

/** The tallies of distinct chunks (a chunk counts once, however often it was read). */
function sumTallies(tallies: readonly ChunkTally[]): { chunks: number; succeeded: number; failed: number } {
  const byChunk = new Map(tallies.map((t) => [t.chunk, t]));
  let succeeded = 0;
  let failed = 0;
  for (const t of byChunk.values()) {
    succeeded += t.succeeded;
    failed += t.failed;
  }
  return { chunks: byChunk.size, succeeded, failed };
}

export const chunkCount = (kind: BatchKind, itemCount: number): number => Math.ceil(itemCount / KINDS[kind].itemsPerChunk);

/** Item indexes [from, to) of a chunk of the batch. */
export function chunkRange(batch: Pick<BatchHeader, 'kind' | 'item_count'>, chunk: number): { from: number; to: number } {
  const size = KINDS[batch.kind].itemsPerChunk;
  const from = chunk * size;
  return { from, to: Math.min(from + size, batch.item_count) };
}

const addDays = (iso: string, days: number): string => new Date(Date.parse(iso) + days * 86_400_000).toISOString();
const addSeconds = (iso: string, seconds: number): string => new Date(Date.parse(iso) + seconds * 1000).toISOString();

export function newBatch(input: {
  readonly kind: BatchKind;
  /** Unique; the kind's prefix is added. */
  readonly id: string;
  readonly principal: TenantPrincipal;
  readonly itemCount: number;
  readonly at: string;
  readonly deadlineSeconds: number;
  readonly requestHash?: string | null;
}): BatchHeader {
  return {
    kind: input.kind,
    id: `${KINDS[input.kind].idPrefix}${input.id}`,
    tenant: input.principal.tenant,
    status: 'pending',
    item_count: input.itemCount,
    chunk_count: chunkCount(input.kind, input.itemCount),
    succeeded_count: 0,
    failed_count: 0,
    created_at: input.at,
    completed_at: null,
    expires_at: null,
    deadline_at: addSeconds(input.at, input.deadlineSeconds),
    principal: input.principal,
    request_hash: input.requestHash ?? null,
  };
}

/** Finished batches are gone once their retention ends, whether or not storage has deleted them yet. */
export const isExpired = (batch: BatchHeader, now: Date): boolean => batch.expires_at !== null && Date.parse(batch.expires_at) <= now.getTime();

export const isOverdue = (batch: BatchHeader, now: Date): boolean => batch.status === 'pending' && Date.parse(batch.deadline_at) <= now.getTime();

export interface Finish {
  readonly batch: BatchHeader;
  readonly events: readonly EventDraft[];
}

function finished(batch: BatchHeader, status: 'completed' | 'failed', succeeded: number, at: string): Finish {
  const done: BatchHeader = {
    ...batch,
    status,
    succeeded_count: succeeded,
    failed_count: batch.item_count - succeeded,
    completed_at: at,
    expires_at: addDays(at, BATCH_RETENTION_DAYS),
  };
  const rules = KINDS[batch.kind];
  return { batch: done, events: [eventDraft(status === 'completed' ? rules.completed : rules.failed, at, batchEventData(done))] };
}

/** The batch once every chunk is tallied: completed, with its counts; null while chunks remain. */
export function completion(batch: BatchHeader, tallies: readonly ChunkTally[], at: string): Finish | null {
  const sum = sumTallies(tallies);
  if (batch.status !== 'pending' || sum.chunks < batch.chunk_count) return null;
  return finished(batch, 'completed', sum.succeeded, at);
}

/** A pending batch past its deadline: failed; items that did not finish count as failed. */
export function deadlineFailure(batch: BatchHeader, tallies: readonly ChunkTally[], succeededUntallied: number, at: string): Finish | null {
  if (batch.status !== 'pending' || Date.parse(batch.deadline_at) > Date.parse(at)) return null;
  return finished(batch, 'failed', sumTallies(tallies).succeeded + succeededUntallied, at);
}

/** Counts while pending (from the tallies so far) or as finished. */
export function countsOf(batch: BatchHeader, tallies: readonly ChunkTally[]): { succeeded_count: number; failed_count: number } {
  if (batch.status !== 'pending') return { succeeded_count: batch.succeeded_count, failed_count: batch.failed_count };
  const sum = sumTallies(tallies);
  return { succeeded_count: sum.succeeded, failed_count: sum.failed };
}

export const DEADLINE_MESSAGE = 'The item did not finish before the batch deadline.';
export const EXHAUSTED_MESSAGE = 'The item could not be run after repeated attempts.';

/** What a reader sees of an item: in a failed batch, an item that never finished failed. */
export function itemView(batch: BatchHeader, item: BatchItem) {
  // Every item of a return job summarizes: only batches say what each item did.
  const base = batch.kind === 'batch' ? { reference_id: item.reference_id, operation: item.operation } : { reference_id: item.reference_id };
  if (item.status === 'succeeded') return { ...base, status: 'succeeded' as const, result: item.result };
  if (item.status === 'failed' && item.error) return { ...base, status: 'failed' as const, error: item.error };
  if (batch.status === 'failed')
    return { ...base, status: 'failed' as const, error: { code: 'internal_error' as const, message: DEADLINE_MESSAGE, request_id: batch.id } };
  return { ...base, status: 'pending' as const };
}

export function batchView(batch: BatchHeader, tallies: readonly ChunkTally[]) {
  return {
    object: KINDS[batch.kind].object,
    id: batch.id,
    status: batch.status,
    item_count: batch.item_count,
    ...countsOf(batch, tallies),
    created_at: batch.created_at,
    completed_at: batch.completed_at,
    expires_at: batch.expires_at,
  };
}

export type BatchSummary = ReturnType<typeof batchView>;

function batchEventData(batch: BatchHeader): BatchEventData {
  return {
    id: batch.id,
    status: batch.status,
    item_count: batch.item_count,
    succeeded_count: batch.succeeded_count,
    failed_count: batch.failed_count,
    created_at: batch.created_at,
    completed_at: batch.completed_at,
  };
}
