// Bodies and queries of the batch endpoints (docs/batches-and-erp-loader.md). An item's `request`
// is only required here: it is validated when the item runs, by its own endpoint's schema, so one
// bad item never rejects the batch.
import * as v from 'valibot';
import { SERVICE_LIMITS } from '../core/limits/service-limits';
import { described, opt, PageQueryEntries, queryInt, uniqueBy } from './common';

export const BatchOperationSchema = v.picklist(['calculate', 'commit']);

/** An item's own name, unique in its batch or return job. */
export const ReferenceIdSchema = v.pipe(
  v.string(),
  v.minLength(1),
  v.maxLength(100),
  v.description('Your name for the item, unique in its batch or return job (a repeat is 422 duplicate_value); its result carries it.'),
);

const BatchItemSchema = v.strictObject({
  reference_id: ReferenceIdSchema,
  operation: described(opt(BatchOperationSchema), '`calculate` (default): the request is a calculation; `commit`: a transaction to commit.'),
  request: v.pipe(v.nonOptional(v.unknown()), v.description('The body of POST /calculations (calculate) or POST /transactions (commit).')),
});

/** The items of a batch or return job: 1 to `max`, each `reference_id` once (later repeats are duplicate_value). */
export const referencedItems = <S extends v.GenericSchema<unknown, { reference_id: string }>>(item: S, max: number) =>
  v.pipe(
    v.array(item),
    v.minLength(1),
    v.maxLength(max),
    uniqueBy<v.InferOutput<S>>('reference_id', (i) => i.reference_id),
  );

export const BatchRequestSchema = v.strictObject({
  items: described(referencedItems(BatchItemSchema, SERVICE_LIMITS.batch_max_items), '1 to 500 items, run in parallel; each succeeds or fails alone.'),
});

/** Lists of batches and of return jobs: by status, newest first. */
export const BatchListQuerySchema = v.strictObject({
  status: described(v.optional(v.picklist(['pending', 'completed', 'failed'])), 'Only jobs in this status.'),
  ...PageQueryEntries,
});

export const BatchItemsQuerySchema = v.strictObject({
  status: described(
    v.optional(v.picklist(['pending', 'succeeded', 'failed'])),
    'Only the items of this status, still in submission order: `failed` lists what to act on.',
  ),
  ...PageQueryEntries,
});

/** GET /batches/{id}: how many items to include (0 = the batch alone, for cheap polling). */
export const BatchGetQuerySchema = v.strictObject({
  items_limit: described(
    v.optional(queryInt(0, SERVICE_LIMITS.batch_max_items, SERVICE_LIMITS.batch_max_items), String(SERVICE_LIMITS.batch_max_items)),
    'How many items to include (as many as fit 5 MB); 0: the job alone, for polling.',
  ),
});
