// Bodies and queries of provider return jobs (contract §5).
import * as v from 'valibot';
import { US_STATES } from '../core/content/states';
import { SERVICE_LIMITS } from '../core/limits/service-limits';
import { BatchListQuerySchema, referencedItems } from './batches';
import { CodeSchema, opt } from './common';

const PeriodSchema = v.pipe(v.string(), v.regex(/^\d{4}-(0[1-9]|1[0-2])$/), v.description('Month, YYYY-MM.'));
const ReturnStateSchema = v.pipe(
  v.string(),
  v.transform((s) => s.toUpperCase()),
  v.picklist(US_STATES),
  v.description('Two-letter code of a state (or DC).'),
);

const ReturnItemSchema = v.strictObject({
  reference_id: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  state: ReturnStateSchema,
  period: PeriodSchema,
  location_code: opt(CodeSchema),
});

export const ReturnJobRequestSchema = v.strictObject({ items: referencedItems(ReturnItemSchema, SERVICE_LIMITS.return_job_max_items) });

export const ReturnJobListQuerySchema = BatchListQuerySchema;
