// Bodies and queries of the batch endpoints (contract §6). An item's `request` is only required
// here: it is validated when the item runs, by its own endpoint's schema, so one bad item never
// rejects the batch.
import * as v from 'valibot';
import { SERVICE_LIMITS } from '../core/limits/service-limits';
import { opt, PageQueryEntries, queryInt, uniqueBy } from './common';

export const BatchOperationSchema = v.picklist(['calculate', 'commit']);

const BatchItemSchema = v.strictObject({
  reference_id: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  operation: opt(BatchOperationSchema),
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

export const BatchRequestSchema = v.strictObject({ items: referencedItems(BatchItemSchema, SERVICE_LIMITS.batch_max_items) });

/** Lists of batches and of return jobs: by status, newest first. */
export const BatchListQuerySchema = v.strictObject({ status: v.optional(v.picklist(['pending', 'completed', 'failed'])), ...PageQueryEntries });

export const BatchItemsQuerySchema = v.strictObject(PageQueryEntries);

/** GET /batches/{id}: how many items to include (0 = the batch alone, for cheap polling). */
export const BatchGetQuerySchema = v.strictObject({
  items_limit: v.optional(queryInt(0, SERVICE_LIMITS.batch_max_items, SERVICE_LIMITS.batch_max_items), String(SERVICE_LIMITS.batch_max_items)),
});
