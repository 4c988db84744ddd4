// Asynchronous batches: submission, reads, and the run of one chunk by a queue worker. Items run
// through the same calculation and commit use cases as the synchronous endpoints, as the principal
// that submitted them. Exactly once under at-least-once delivery:
//   - a commit item's result is written in the commit's own atomic write (a receipt), so a
//     redelivered item finds itself finished instead of a duplicate code; the chunk's commits are
//     sent together (joined-writes.ts), each still landing whole or not at all;
//   - a chunk's other results and its tally are one atomic write that happens once;
//   - completion is a conditional write of the header, with its event.
import type { Tenant } from '../core/access/records';
import {
  type BatchHeader,
  type BatchItem,
  type BatchKind,
  type BatchOperation,
  type BatchStatus,
  type ChunkTally,
  chunkRange,
  completion,
  deadlineFailure,
  EXHAUSTED_MESSAGE,
  isExpired,
  isOverdue,
  newBatch,
  type PendingItem,
} from '../core/batches/batch';
import {
  type BatchQueue,
  type BatchRepository,
  type BatchSignals,
  type ChunkMessage,
  ItemAlreadyFinished,
  type ItemResult,
  type ItemsPageRequest,
} from '../core/batches/ports';
import { DomainError } from '../core/errors';
import type { Page, PageRequest } from '../core/lists/paging';
import type { DocumentInput } from '../core/tax/input';
import { calculationView } from '../core/tax/view';
import { transactionView } from '../core/transactions/view';
import { calculateDocument } from './calculations';
import type { TenantCall } from './call';
import { joinedWrites } from './joined-writes';
import { untilWritten } from './optimistic-retry';
import { reusedKey, type SubmissionOptions, sha256, submissionId } from './submissions';
import { type CommitInput, commitTransaction, type TransactionPorts } from './transactions';
import { chargeOf } from './usage';

export interface BatchSettings {
  /** A batch still pending this long after submission fails (its unfinished items with it). */
  readonly deadlineSeconds: number;
}

export interface BatchPorts {
  readonly batches: (tenant: Tenant) => BatchRepository;
  readonly queue: BatchQueue;
  readonly settings: BatchSettings;
}

/** Validates an item's request when it runs, exactly as its synchronous endpoint validates a body. */
export interface ItemRequestParser {
  calculation(request: unknown): DocumentInput;
  commit(request: unknown): CommitInput;
}

/**
 * Runs the pending items of one chunk as their submitter, together (so a runner can join their
 * reads or writes): an outcome per item, in order; throws only what a retry may cure.
 */
export type ItemRunner = (batch: BatchHeader, items: readonly PendingItem[], run: ChunkRun) => Promise<ItemOutcome[]>;

export interface BatchRunPorts {
  readonly batches: (tenant: Tenant) => BatchRepository;
  readonly runItems: ItemRunner;
}

/** What a calculation batch's items run with. */
export interface BatchItemPorts {
  readonly transactions: TransactionPorts;
  readonly parse: ItemRequestParser;
}

export interface BatchSubmission {
  readonly items: readonly { readonly reference_id: string; readonly operation?: BatchOperation | null | undefined; readonly request: unknown }[];
}

/** One pass of a worker over a chunk. */
export interface ChunkRun {
  readonly now: Date;
  /** The worker invocation, quoted in item errors. */
  readonly requestId: string;
  /** The queue will not deliver this message again: failures become failed items, not retries. */
  readonly finalAttempt: boolean;
}

const notFound = (kind: BatchKind) =>
  new DomainError('not_found', `No ${kind === 'batch' ? 'batch' : 'return job'} with this id exists in the scope of this key.`);

/**
 * A location-scoped key sees the batches its location's keys submitted, an organization key all of
 * its tenant's; a return job belongs to the engagement (practice and client) that submitted it.
 */
function visibleTo(call: TenantCall, batch: Pick<BatchHeader, 'kind' | 'principal'>): boolean {
  if (batch.kind === 'return_job')
    return call.principal.practice?.id === batch.principal.practice?.id && call.principal.engagement?.id === batch.principal.engagement?.id;
  return call.principal.locationCode === null || call.principal.locationCode === batch.principal.locationCode;
}

/**
 * Stores a batch of either kind and queues its chunks; nothing is queued unless the batch was
 * stored. Under an Idempotency-Key the submission has one effect whatever fails in between: a
 * write that landed but timed out, a crash before the answer, the idempotency record lost with
 * it. The repeat derives the same id, finds the job stored (the header's condition), queues its
 * chunks again (a chunk runs once, however often it is delivered) and answers it.
 */
export async function submitJob(
  ports: BatchPorts,
  call: TenantCall,
  kind: BatchKind,
  items: readonly Omit<PendingItem, 'index'>[],
  options: SubmissionOptions = {},
): Promise<BatchHeader> {
  const requestHash = options.submission === undefined ? null : sha256(JSON.stringify(items));
  const batch = newBatch({
    kind,
    id: submissionId(kind, options, 32),
    principal: call.principal,
    itemCount: items.length,
    at: call.now.toISOString(),
    deadlineSeconds: ports.settings.deadlineSeconds,
    requestHash,
  });
  const repository = ports.batches(batch.tenant);
  const stored =
    (await repository.create(
      batch,
      items.map((item, index) => ({ ...item, index })),
    )) === 'created'
      ? batch
      : await repeatedSubmission(repository, batch);
  // A finished job has nothing left to run; a pending one is queued again (its chunks' second
  // delivery finds them done, or runs them once if the first queueing was lost).
  if (stored.status === 'pending') {
    const ref = { tenant: stored.tenant, id: stored.id };
    await ports.queue.enqueue(Array.from({ length: stored.chunk_count }, (_, chunk) => ({ batch: ref, chunk })));
  }
  return stored;
}

/** The job an earlier attempt of this submission stored; another payload under the same key is refused. */
async function repeatedSubmission(repository: BatchRepository, attempt: BatchHeader): Promise<BatchHeader> {
  const stored = await repository.header(attempt.id);
  if (!stored) throw new Error(`batch ${attempt.id} was reported stored and is not there`);
  if (stored.request_hash !== attempt.request_hash || stored.kind !== attempt.kind) throw reusedKey();
  return stored;
}

export function submitBatch(ports: BatchPorts, call: TenantCall, submission: BatchSubmission, options: SubmissionOptions = {}): Promise<BatchHeader> {
  return submitJob(
    ports,
    call,
    'batch',
    submission.items.map((item) => ({ reference_id: item.reference_id, operation: item.operation ?? 'calculate', request: item.request })),
    options,
  );
}

/**
 * A batch as its readers see it: gone once expired; failed once past its deadline (the failure is
 * written on first sight, dated at the deadline, so every reader sees the same batch).
 */
export async function getBatch(
  ports: Pick<BatchPorts, 'batches'>,
  call: TenantCall,
  id: string,
  kind: BatchKind = 'batch',
): Promise<{ batch: BatchHeader; tallies: ChunkTally[] }> {
  const repository = ports.batches(call.principal.tenant);
  let found = await repository.get(id);
  if (found && isOverdue(found.batch, call.now)) {
    await failOverdue(repository, found.batch, found.tallies);
    found = await repository.get(id);
  }
  if (!found || found.batch.kind !== kind || !visibleTo(call, found.batch) || isExpired(found.batch, call.now)) throw notFound(kind);
  return found;
}

/** Items in submission order; `budgetBytes` bounds the results one page carries. */
export async function listBatchItems(
  ports: Pick<BatchPorts, 'batches'>,
  call: TenantCall,
  id: string,
  page: ItemsPageRequest,
  budgetBytes: number,
  kind: BatchKind = 'batch',
): Promise<{ batch: BatchHeader; tallies: ChunkTally[]; items: Page<BatchItem> }> {
  const found = await getBatch(ports, call, id, kind);
  return { ...found, items: await ports.batches(call.principal.tenant).items(id, page, budgetBytes) };
}

export async function listBatches(
  ports: Pick<BatchPorts, 'batches'>,
  call: TenantCall,
  filters: { status?: BatchStatus | undefined },
  page: PageRequest,
  kind: BatchKind = 'batch',
): Promise<Page<BatchHeader>> {
  const listed = await ports.batches(call.principal.tenant).list(kind, filters, page);
  const data = listed.data.filter((batch) => visibleTo(call, batch) && !isExpired(batch, call.now));
  return { data, next_cursor: listed.next_cursor };
}

/** The batch signals of GET /operations/status: pending now, finished in the last 24 hours. */
export function batchSignals(ports: Pick<BatchPorts, 'batches' | 'settings'>, call: TenantCall, kind: BatchKind = 'batch'): Promise<BatchSignals> {
  const dayAgo = call.now.getTime() - 86_400_000;
  // A batch finishes at the latest at its deadline, so older submissions cannot count.
  const createdSince = new Date(dayAgo - ports.settings.deadlineSeconds * 1000).toISOString();
  // A provider's signals count what its practice can see (its own engagement's return jobs, as GET
  // /provider/return-jobs lists them), never another practice's jobs for the same client; an
  // account's own keys see every job run on its data.
  const visible = call.principal.practice ? (principal: BatchHeader['principal']) => visibleTo(call, { kind, principal }) : undefined;
  return ports.batches(call.principal.tenant).signals(kind, createdSince, new Date(dayAgo).toISOString(), call.now, visible);
}

/** Fails a batch past its deadline; items that committed without a tally still count as succeeded. */
async function failOverdue(repository: BatchRepository, batch: BatchHeader, tallies: readonly ChunkTally[]): Promise<void> {
  const tallied = new Set(tallies.map((t) => t.chunk));
  let untallied = 0;
  for (let chunk = 0; chunk < batch.chunk_count; chunk++) {
    if (tallied.has(chunk)) continue;
    const state = await repository.chunk(batch, chunk);
    untallied += state.finished.filter((item) => item.status === 'succeeded').length;
  }
  const finish = deadlineFailure(batch, tallies, untallied, batch.deadline_at);
  if (finish) await repository.finish(finish.batch, finish.events);
}

/** An item's result to write with the chunk's tally, or one already written (a commit's receipt). */
export type ItemOutcome = { readonly write: ItemResult } | { readonly written: ItemResult };

/**
 * The request id a failed item quotes: the worker invocation's, which its log lines carry, and the
 * item's index, so that each failure of a chunk names itself when a user quotes it to support.
 */
export const itemRequestId = (run: Pick<ChunkRun, 'requestId'>, index: number): string => `${run.requestId}.${index}`;

/** An error a retry cannot cure fails the item; others are retried, until the last delivery. */
export function failedItem(base: Omit<PendingItem, 'request'>, error: unknown, run: ChunkRun): ItemOutcome {
  const request_id = itemRequestId(run, base.index);
  if (error instanceof DomainError && error.code !== 'internal_error')
    return { write: { ...base, status: 'failed', error: { code: error.code, message: error.message, details: error.details, request_id } } };
  if (!run.finalAttempt) throw error;
  return { write: { ...base, status: 'failed', error: { code: 'internal_error', message: EXHAUSTED_MESSAGE, request_id } } };
}

/**
 * The items of a calculation batch: the synchronous endpoints' use cases, as the submitter. The
 * chunk's commits are written together (joined-writes.ts), each still with its own outcome.
 */
export const batchItemRunner =
  (ports: BatchItemPorts): ItemRunner =>
  (batch, items, run) => {
    const writes = joinedWrites(ports.transactions.documents(batch.tenant), items.length);
    return Promise.all(
      items.map(async (item) => {
        const member = writes.member();
        try {
          return await runBatchItem({ ...ports, transactions: { ...ports.transactions, documents: () => member.repository } }, batch, item, run);
        } finally {
          member.done();
        }
      }),
    );
  };

async function runBatchItem(ports: BatchItemPorts, batch: BatchHeader, item: PendingItem, run: ChunkRun): Promise<ItemOutcome> {
  const call: TenantCall = { principal: batch.principal, now: run.now };
  const base = { index: item.index, reference_id: item.reference_id, operation: item.operation };
  try {
    if (item.operation === 'calculate') {
      const tax = await calculateDocument(ports.transactions.engine, call, ports.parse.calculation(item.request));
      return { write: { ...base, status: 'succeeded', result: calculationView(tax) } };
    }
    let written: ItemResult | undefined;
    await commitTransaction(ports.transactions, call, ports.parse.commit(item.request), {}, (document) => {
      written = { ...base, status: 'succeeded', result: transactionView(document) };
      return { batch, item: written };
    });
    if (!written) throw new Error('commit wrote no receipt');
    return { written };
  } catch (error) {
    // Another delivery of this item committed it: its result is already stored.
    if (error instanceof ItemAlreadyFinished) return { written: { ...base, status: 'succeeded' } };
    return failedItem(base, error, run);
  }
}

/**
 * Runs the pending items of one chunk and writes their results with the chunk's tally, then
 * completes the batch if this was its last chunk. Safe to run again and concurrently for the same
 * chunk: finished items are not run again, and the tally is written once.
 */
export async function runBatchChunk(ports: BatchRunPorts, message: ChunkMessage, run: ChunkRun): Promise<void> {
  const repository = ports.batches(message.batch.tenant);
  const batch = await repository.header(message.batch.id);
  // Expired and deleted, or finished (completed, or failed at its deadline): nothing left to do.
  if (batch?.status !== 'pending') return;
  if (isOverdue(batch, run.now)) {
    const found = await repository.get(batch.id);
    return found ? failOverdue(repository, found.batch, found.tallies) : undefined;
  }
  if (message.chunk < 0 || chunkRange(batch, message.chunk).from >= batch.item_count) return;
  await untilWritten(async () => {
    const state = await repository.chunk(batch, message.chunk);
    if (state.tallied) return;
    const outcomes = await ports.runItems(batch, state.pending, run);
    const statuses = [...state.finished.map((i) => i.status), ...outcomes.map((o) => ('write' in o ? o.write.status : o.written.status))];
    const tally: ChunkTally = {
      chunk: message.chunk,
      succeeded: statuses.filter((s) => s === 'succeeded').length,
      failed: statuses.filter((s) => s === 'failed').length,
    };
    const results = outcomes.flatMap((o) => ('write' in o ? [o.write] : []));
    // Billed: the items that succeeded in this write (a commit item was billed in its own write).
    const succeeded = results.filter((r) => r.status === 'succeeded').length;
    const usage =
      succeeded > 0
        ? chargeOf({ principal: batch.principal, now: run.now }, batch.kind === 'return_job' ? 'return_job_item' : 'batch_item', succeeded)
        : undefined;
    await repository.tally(batch, tally, results, usage);
  }, 5);
  // Every chunk reads the count; only a chunk that finds them all tallied reads the tallies.
  if ((await repository.talliedChunks(batch)) < batch.chunk_count) return;
  const after = await repository.get(batch.id);
  const finish = after && completion(after.batch, after.tallies, run.now.toISOString());
  if (finish) await repository.finish(finish.batch, finish.events);
}

/** What the sweeper did with one pending batch. */
export type BatchSweep = 'finished' | 'failed_overdue' | { readonly requeued: number };

/**
 * The sweeper's pass over one registered batch: a batch found finished or gone needs nothing more;
 * one past its deadline fails (the same failure a reader would write); otherwise every chunk without
 * a tally is queued again, once the batch is older than `minAgeMs` (its first messages had their
 * chance). A chunk queued twice is harmless: runBatchChunk skips finished items and tallies once.
 */
export async function sweepBatch(
  ports: Pick<BatchPorts, 'batches'> & { readonly queueOf: (kind: BatchKind) => BatchQueue },
  ref: { readonly tenant: Tenant; readonly id: string },
  now: Date,
  minAgeMs: number,
): Promise<BatchSweep> {
  const repository = ports.batches(ref.tenant);
  const found = await repository.get(ref.id);
  if (found?.batch.status !== 'pending') return 'finished';
  const { batch, tallies } = found;
  if (isOverdue(batch, now)) {
    await failOverdue(repository, batch, tallies);
    return 'failed_overdue';
  }
  if (now.getTime() - Date.parse(batch.created_at) < minAgeMs) return { requeued: 0 };
  const tallied = new Set(tallies.map((t) => t.chunk));
  const untallied = Array.from({ length: batch.chunk_count }, (_, chunk) => chunk).filter((chunk) => !tallied.has(chunk));
  // Every chunk tallied but the header not completed: the last worker stopped between the two writes.
  if (untallied.length === 0) {
    const finish = completion(batch, tallies, now.toISOString());
    if (finish) await repository.finish(finish.batch, finish.events);
    return 'finished';
  }
  // Each kind to its own worker: calculation batches and return jobs share storage, not queues.
  await ports.queueOf(batch.kind).enqueue(untallied.map((chunk) => ({ batch: { tenant: batch.tenant, id: batch.id }, chunk })));
  return { requeued: untallied.length };
}
