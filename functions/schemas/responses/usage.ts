// GET /usage: an account's metered usage (functions/application/usage.ts).
import * as v from 'valibot';
import { USAGE_KINDS } from '../../core/usage/usage';
import { Environment } from './common';

const Int = v.pipe(v.number(), v.integer(), v.minValue(0));

const ByKind = v.pipe(
  v.strictObject(
    Object.fromEntries(USAGE_KINDS.map((k) => [k, v.optional(Int)])) as Record<(typeof USAGE_KINDS)[number], v.OptionalSchema<typeof Int, undefined>>,
  ),
  v.description('Units per billable kind; kinds with none are left out.'),
);

export const Usage = v.strictObject({
  object: v.literal('usage'),
  environment: Environment,
  from: v.string(),
  to: v.string(),
  group_by: v.picklist(['day', 'key', 'kind']),
  key_id: v.pipe(v.nullable(v.string()), v.description('The key the report is limited to; null: every key of the account (an organization-scoped key).')),
  total: Int,
  data: v.array(
    v.strictObject({
      group: v.pipe(v.string(), v.description('The UTC day (YYYY-MM-DD), the key id or the kind, per group_by.')),
      total: Int,
      by_kind: ByKind,
    }),
  ),
});
