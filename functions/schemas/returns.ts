// Bodies and queries of provider return jobs (docs/providers-and-return-jobs.md, "Return jobs").
import * as v from 'valibot';
import { US_STATES } from '../core/content/states';
import { SERVICE_LIMITS } from '../core/limits/service-limits';
import { BatchListQuerySchema, ReferenceIdSchema, referencedItems } from './batches';
import { CodeSchema, described, formatted, opt, UsStateSchema } from './common';

const PeriodSchema = v.pipe(
  v.string(),
  formatted(/^\d{4}-(0[1-9]|1[0-2])$/, 'a month formatted YYYY-MM (2026-04)'),
  v.description('Month, YYYY-MM: the documents dated in it.'),
);
// The pattern of UsStateSchema tells the API description which codes pass; the list refuses the rest here.
const ReturnStateSchema = v.pipe(UsStateSchema, v.picklist(US_STATES), v.description('Two-letter code of a state (or DC), any letter case.'));

const ReturnItemSchema = v.strictObject({
  reference_id: ReferenceIdSchema,
  state: ReturnStateSchema,
  period: PeriodSchema,
  location_code: described(
    opt(CodeSchema),
    'Only the documents filed under this location of the client (otherwise every location); one the client does not have fails the item (location_not_authorized).',
  ),
});

export const ReturnJobRequestSchema = v.strictObject({
  items: described(referencedItems(ReturnItemSchema, SERVICE_LIMITS.return_job_max_items), '1 to 5,000 summaries to prepare; each succeeds or fails alone.'),
});

export const ReturnJobListQuerySchema = BatchListQuerySchema;

/** GET /reports/collection. */
export const CollectionReportQuerySchema = v.strictObject({
  from: described(PeriodSchema, 'The first month, YYYY-MM.'),
  to: described(PeriodSchema, 'The last month, YYYY-MM: at most 11 months after `from` (otherwise 400 invalid_request).'),
  state: described(v.optional(ReturnStateSchema), 'One state (or DC); without it every state with documents in the months.'),
});
