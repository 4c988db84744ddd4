// Economic nexus requests (docs/economic-nexus.md): the day asked about, sales-history entries,
// registrations and projections.
import * as v from 'valibot';
import { toCents } from '../core/tax/money';
import { DateSchema, described, UsStateSchema } from './common';

/** Largest amount an entry carries: keeps every sum of cents exact in integers. */
const MAX_ENTRY_AMOUNT = 99_999_999_999.99;

export const NexusQuerySchema = v.strictObject({
  as_of: described(
    v.optional(DateSchema),
    'The day asked about (default today, UTC): from the first economic nexus law in the content to today, otherwise 422 `date_outside_coverage`.',
  ),
});

/** An amount in USD to cents: the use case works in integer cents. */
const Cents = v.pipe(
  v.number(),
  v.minValue(0),
  v.maxValue(MAX_ENTRY_AMOUNT),
  v.description('USD, tax excluded, at least 0 (a negative amount is 422 greater_than_equal); rounded half-up to cents.'),
  v.transform(toCents),
);

export const SalesEntrySchema = v.strictObject({
  state: UsStateSchema,
  date: described(DateSchema, 'The day of the sales (or the last day of the period they total).'),
  amount: Cents,
  transactions: described(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1_000_000_000)), 'How many separate sales the amount is.'),
  channel: described(v.optional(v.picklist(['direct', 'marketplace']), 'direct'), '`marketplace`: facilitated by a marketplace that collected the tax.'),
  kind: described(v.optional(v.picklist(['retail', 'resale', 'exempt']), 'retail'), '`resale`: sold for resale; `exempt`: a retail sale exempt from tax.'),
});

export const SalesHistoryCreateSchema = v.strictObject({
  entries: described(
    v.pipe(v.array(SalesEntrySchema), v.minLength(1), v.maxLength(1000)),
    'From 1 to 1,000 entries: stored together or, if one is refused, not at all.',
  ),
});

export const RegistrationSchema = v.strictObject({
  registered_from: described(DateSchema, 'The first day the seller collects in the state.'),
});

export const ProjectionSchema = v.strictObject({
  as_of: described(
    v.optional(DateSchema),
    'The day projected from (default today); a past day projects from what was recorded up to it, so a projection can be checked.',
  ),
  monthly_growth: described(
    v.optional(v.pipe(v.number(), v.minValue(-0.99), v.maxValue(10))),
    'Growth a month of each state’s run rate (0.05 = 5 %, compounded; default 0).',
  ),
  horizon_months: described(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(60))), 'How far ahead, in months (default 24).'),
  entries: described(
    v.optional(v.pipe(v.array(SalesEntrySchema), v.maxLength(1000))),
    'Hypothetical sales added to the record (any date, future ones included); nothing is stored.',
  ),
});
