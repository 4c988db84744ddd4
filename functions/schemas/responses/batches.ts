// Batches and provider return jobs (docs/batches-and-erp-loader.md, docs/providers-and-return-jobs.md):
// the accepted job, its state with counts, and its items with each one's result or error
// (functions/core/batches/batch.ts, http/batch-view.ts).
import * as v from 'valibot';
import { Amount, Instant, JurisdictionType, pageOf, Rate } from './common';
import { ErrorDetail } from './error';
import { Calculation, Transaction } from './tax';

const Int = v.pipe(v.number(), v.integer(), v.minValue(0));
const JobStatus = v.pipe(
  v.picklist(['pending', 'completed', 'failed']),
  v.description(
    'completed: every item ran (each succeeded or failed); failed: still pending an hour after submission, its unfinished items failed with internal_error.',
  ),
);

/** A failed item's error: the error envelope's inner object. */
const ItemError = v.pipe(
  v.strictObject({
    code: v.pipe(v.string(), v.regex(/^[a-z0-9_]+$/)),
    message: v.string(),
    request_id: v.pipe(v.string(), v.minLength(1)),
    severity: v.literal('error'),
    details: v.optional(v.array(ErrorDetail)),
  }),
  v.description('Exactly the error the item’s endpoint would have answered.'),
);

const accepted = (object: 'batch' | 'return_job') =>
  v.strictObject({ object: v.literal(object), id: v.string(), status: JobStatus, item_count: Int, created_at: Instant });

const jobView = (object: 'batch' | 'return_job') => ({
  object: v.literal(object),
  id: v.string(),
  status: JobStatus,
  item_count: Int,
  succeeded_count: Int,
  failed_count: Int,
  created_at: Instant,
  completed_at: v.nullable(Instant),
  expires_at: v.pipe(v.nullable(Instant), v.description('30 days after completion: then 404, whenever storage deletes it.')),
});

const ItemsNextCursor = v.pipe(
  v.nullable(v.string()),
  v.description('More items than this answer holds: the `cursor` of the items list for the rest; null when every item is here.'),
);

const itemOf = <E extends v.ObjectEntries>(base: E, result: v.GenericSchema) =>
  v.variant('status', [
    v.strictObject({ ...base, status: v.literal('succeeded'), result }),
    v.strictObject({ ...base, status: v.literal('failed'), error: ItemError }),
    v.strictObject({ ...base, status: v.literal('pending') }),
  ]);

// --- batches ---

/** One item of a batch: a calculation or a committed transaction, or why it failed. */
export const BatchItem = itemOf({ reference_id: v.string(), operation: v.picklist(['calculate', 'commit']) }, v.union([Calculation, Transaction]));
export const BatchAccepted = accepted('batch');
export const Batch = v.strictObject(jobView('batch'));
export const BatchList = pageOf(Batch);
export const BatchWithItems = v.strictObject({ ...jobView('batch'), items: v.array(BatchItem), items_next_cursor: ItemsNextCursor });
export const BatchItemList = pageOf(BatchItem);

// --- return jobs ---

const KindTotals = v.strictObject({ document_count: Int, taxable_amount: Amount, tax: Amount });

/** Collected against computed tax (functions/core/returns/summary.ts collectionView); signed as their documents. */
export const CollectionTotals = v.strictObject({
  collected_tax: v.pipe(Amount, v.description('The tax the documents that reported one say was collected.')),
  reported_tax: v.pipe(Amount, v.description('The computed tax of those same documents.')),
  under_collected: v.pipe(Amount, v.description('Σ max(0, computed − collected) per document: tax owed beyond what was collected.')),
  over_collected: v.pipe(Amount, v.description('Σ max(0, collected − computed) per document: tax collected beyond what was computed.')),
  reported_document_count: v.pipe(Int, v.description('Documents that reported a collected figure.')),
  unreported_document_count: v.pipe(Int, v.description('Documents that did not: only their computed tax is known.')),
});

/** GET /reports/collection: a row per state and month with documents. */
export const CollectionReport = v.strictObject({
  object: v.literal('collection_report'),
  from: v.string(),
  to: v.string(),
  location_code: v.pipe(v.nullable(v.string()), v.description('The location a location-scoped key reads; null: every location.')),
  data: v.array(
    v.strictObject({
      state: v.string(),
      period: v.string(),
      document_count: Int,
      tax: v.pipe(Amount, v.description('The computed tax of every document, net of refunds, credits, voids and reversals.')),
      ...CollectionTotals.entries,
    }),
  ),
});

/** A liability summary of one state, period and location (functions/core/returns/summary.ts). */
export const ReturnSummary = v.strictObject({
  state: v.string(),
  period: v.string(),
  location_code: v.pipe(v.nullable(v.string()), v.description('The location asked for; null: every location.')),
  document_count: Int,
  gross_amount: v.pipe(Amount, v.description('taxable_amount + exempt_amount: sales excluding the tax; refunds, credits and reversals count negative.')),
  exempt_amount: Amount,
  taxable_amount: Amount,
  tax: v.pipe(
    Amount,
    v.description('The tax computed on the documents, net of refunds, credits and reversals (what the seller reports collected: `collection`).'),
  ),
  jurisdictions: v.pipe(
    v.array(v.strictObject({ type: JurisdictionType, name: v.string(), rate: Rate, taxable_amount: Amount, tax: Amount })),
    v.description('The figures per jurisdiction and rate.'),
  ),
  by_kind: v.pipe(
    v.strictObject({ sale: KindTotals, refund: KindTotals, credit: KindTotals, reversal: KindTotals, replacement: KindTotals }),
    v.description('Count and sums of each kind of document.'),
  ),
  collection: v.pipe(CollectionTotals, v.description('What the seller reported it collected against the computed tax.')),
});
export const ReturnJobItem = itemOf({ reference_id: v.string() }, ReturnSummary);
export const ReturnJobAccepted = accepted('return_job');
export const ReturnJob = v.strictObject(jobView('return_job'));
export const ReturnJobList = pageOf(ReturnJob);
export const ReturnJobWithItems = v.strictObject({
  ...jobView('return_job'),
  items: v.array(ReturnJobItem),
  items_next_cursor: ItemsNextCursor,
});
export const ReturnJobItemList = pageOf(ReturnJobItem);
