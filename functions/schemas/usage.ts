// GET /usage (metered usage, docs/usage-and-monitoring.md): the day range and the grouping.
import * as v from 'valibot';
import { DateSchema } from './common';

export const UsageGroupingSchema = v.pipe(
  v.picklist(['day', 'key', 'kind']),
  v.description('Sum the units per UTC day (default), per API key or per billable kind.'),
);

export const UsageQuerySchema = v.strictObject({
  from: v.optional(v.pipe(DateSchema, v.description('First UTC day, inclusive (default: the first day of `to`’s month).'))),
  to: v.optional(v.pipe(DateSchema, v.description('Last UTC day, inclusive (default: today). At most 93 days from `from`.'))),
  group_by: v.optional(UsageGroupingSchema),
});
