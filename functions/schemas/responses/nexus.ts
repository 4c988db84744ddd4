// Economic nexus answers (functions/core/nexus/report.ts, projection.ts, history.ts).
import * as v from 'valibot';
import { COMBINES, COMPARISONS, DUTIES, MARKETPLACE, PERIOD_KINDS, SOURCE_KINDS, WHAT_COUNTS } from '../../core/nexus/thresholds';
import { Amount, Day, Instant, pageOf } from './common';

const Int = v.pipe(v.number(), v.integer());
const NullableDay = v.nullable(Day);
const Measure = v.strictObject({ sales: Amount, transactions: Int });

const Threshold = v.pipe(
  v.strictObject({
    effective_from: v.pipe(Day, v.description('The first day of the rule in force on the day asked about.')),
    sales_usd: v.nullable(v.number()),
    sales_min_transactions: v.pipe(
      v.nullable(Int),
      v.description('The least transactions the sales test also needs besides `sales_usd` (Minnesota until 2019-09-30); null where the amount alone meets it.'),
    ),
    counts_sales_from: v.pipe(
      NullableDay,
      v.description('The first day whose sales count (Kansas counts none of 2020); null where every day of the period counts.'),
    ),
    transactions: v.pipe(v.nullable(Int), v.description('The transaction test; null where the state has none (or repealed it).')),
    combine: v.pipe(v.picklist(COMBINES), v.description('`or`: either test suffices; `and`: both must be met; `none`: the amount alone.')),
    period: v.picklist(PERIOD_KINDS),
    counts: v.pipe(v.nullable(v.picklist(WHAT_COUNTS)), v.description('Which sales count toward the amount.')),
    marketplace_included: v.pipe(
      v.picklist(MARKETPLACE),
      v.description('Whether marketplace-facilitated sales count; `unclear` ones are counted (see `assumptions`).'),
    ),
    comparison: v.strictObject({
      sales: v.pipe(v.nullable(v.picklist(COMPARISONS)), v.description('`exceeds`: met one cent above the amount; `at_least`: on the amount.')),
      transactions: v.nullable(v.picklist(COMPARISONS)),
    }),
    duty: v.picklist(DUTIES),
    source: v.strictObject({
      kind: v.pipe(v.picklist(SOURCE_KINDS), v.description('`official`: read in the state’s own publication; `secondary`: only in a summary.')),
      urls: v.array(v.string()),
      inferred: v.pipe(v.array(v.string()), v.description('Columns the sources did not state, inferred (data/README.md).')),
    }),
  }),
  v.description('The state’s economic nexus rule in force on the day asked about.'),
);

const Period = v.nullable(v.strictObject({ from: Day, to: Day }));

export const NexusState = v.strictObject({
  state: v.string(),
  status: v.pipe(
    v.picklist(['below', 'approaching', 'crossed', 'registered', 'not_measured']),
    v.description(
      '`approaching` from a share of 0.8; `registered` where the account registered on or before the day (PUT /nexus/registrations/{state}), whatever it measures.',
    ),
  ),
  threshold: Threshold,
  period: v.pipe(Period, v.description('The days measured: the crossing test’s where crossed, else the period in progress.')),
  next_test: v.pipe(NullableDay, v.description('The day of the next test, for states that test at period ends.')),
  measured: v.strictObject({
    ...Measure.entries,
    excluded: v.pipe(v.strictObject({ marketplace: Measure, resale: Measure, exempt: Measure }), v.description('What the state does not count, by reason.')),
  }),
  share: v.pipe(v.number(), v.description('The measure over the nearer test’s threshold, 4 decimals (above 1 once met).')),
  measured_status: v.pipe(
    v.picklist(['below', 'approaching', 'crossed', 'not_measured', 'no_rule']),
    v.description('What the sales alone give, registration aside.'),
  ),
  crossed_on: NullableDay,
  obligation_from: v.pipe(NullableDay, v.description('When collection must start after the crossing, by the state’s rule.')),
  registered_from: NullableDay,
  assumptions: v.array(v.string()),
  earlier_rules: v.pipe(v.array(Day), v.description('Earlier rules in force during the look-back (their first days).')),
});

export const NexusOverview = v.strictObject({
  object: v.literal('nexus'),
  as_of: Day,
  rules_sha256: v.pipe(v.string(), v.description('Of the thresholds data file the rules were built from.')),
  states: v.array(NexusState),
});

const SalesEntry = v.strictObject({
  state: v.string(),
  date: Day,
  amount: Amount,
  transactions: Int,
  channel: v.picklist(['direct', 'marketplace']),
  kind: v.picklist(['retail', 'resale', 'exempt']),
});

export const NexusSalesHistory = v.strictObject({
  object: v.literal('nexus_sales_history'),
  id: v.string(),
  created_at: Instant,
  location_code: v.pipe(v.nullable(v.string()), v.description('The location of the key that recorded it; a location-scoped key sees its own records only.')),
  entry_count: Int,
  entries: v.array(SalesEntry),
});

export const NexusSalesHistoryList = pageOf(NexusSalesHistory);

export const NexusSalesHistoryDeleted = v.strictObject({ object: v.literal('nexus_sales_history'), id: v.string(), deleted: v.literal(true) });

const NexusSetting = v.union([v.literal('all'), v.literal('registrations'), v.array(v.string())]);

export const NexusRegistration = v.strictObject({
  object: v.literal('nexus_registration'),
  state: v.string(),
  registered_from: Day,
  nexus: v.pipe(NexusSetting, v.description('The account’s nexus setting: registrations tax documents only under `registrations` (PATCH /account).')),
});

export const NexusRegistrationList = v.strictObject({
  object: v.literal('nexus_registrations'),
  nexus: NexusSetting,
  data: v.array(v.strictObject({ state: v.string(), registered_from: Day })),
});

export const NexusRegistrationDeleted = v.strictObject({ object: v.literal('nexus_registration'), state: v.string(), deleted: v.literal(true) });

export const NexusProjection = v.strictObject({
  object: v.literal('nexus_projection'),
  as_of: Day,
  monthly_growth: v.number(),
  horizon_months: Int,
  states: v.array(
    v.strictObject({
      state: v.string(),
      threshold: Threshold,
      registered_from: NullableDay,
      status_on_as_of: v.picklist(['below', 'approaching', 'crossed', 'not_measured', 'no_rule']),
      monthly_run_rate: v.pipe(Measure, v.description('A month of the twelve months before `as_of` (entries included), before growth.')),
      projected: v.pipe(v.boolean(), v.description('false: already crossed on `as_of`, or nothing measured.')),
      crossed_on: v.pipe(NullableDay, v.description('The day the test is (or would be) met; null: not within the horizon.')),
      obligation_from: NullableDay,
    }),
  ),
});
