// Service reads: configuration, operations status, provider engagements.
import * as v from 'valibot';
import { Environment, pageOf } from './common';

const Int = v.pipe(v.number(), v.integer(), v.minValue(0));
const SourceKindValue = v.picklist(['official_file', 'official_notice', 'vendor_table', 'secondary']);
const window = { limit: Int, window_seconds: Int };

export const Config = v.strictObject({
  object: v.literal('config'),
  environment: Environment,
  rate_limits: v.strictObject({
    general: v.strictObject(window),
    batch_submissions: v.strictObject(window),
    estimates: v.strictObject({ ...window, max_concurrency: Int }),
  }),
  limits: v.strictObject({
    batch_max_items: Int,
    return_job_max_items: Int,
    batch_retention_days: Int,
    idempotency_retention_hours: Int,
    max_lines_per_document: Int,
  }),
  content: v.strictObject({
    version: v.string(),
    coverage_from: v.string(),
    in_force: v.pipe(v.string(), v.description('The content version a document dated today is computed with.')),
    versions: v.array(v.strictObject({ version: v.string(), effective_from: v.string() })),
    states: v.pipe(
      v.array(
        v.strictObject({
          state: v.string(),
          version: v.pipe(v.string(), v.description("The newest content version that states this state's rates (a version may restate only some states).")),
          effective_from: v.string(),
          current_until: v.pipe(
            v.string(),
            v.description(
              'One quarter after effective_from: an answer dated later carries the warning content_older_than_date, and accuracy_policy deterministic refuses it.',
            ),
          ),
          newest_quarter: v.pipe(
            v.string(),
            v.description('The calendar quarter of effective_from (2026-Q2): the newest quarter whose rates the content states for the state.'),
          ),
          weakest_source_kind: v.pipe(
            SourceKindValue,
            v.description(
              "The weakest kind among the sources of the state's rates, strongest first: official_file, official_notice, vendor_table, secondary (a state answered from a vendor table says vendor_table).",
            ),
          ),
          sources: v.pipe(
            v.array(v.strictObject({ publisher: v.string(), table: v.string(), date: v.string(), kind: SourceKindValue })),
            v.description(
              "Where the version's rates of the state come from (publisher, table or file, its date): the state's own publications first, the vendor ZIP table last.",
            ),
          ),
          local_changes: v.pipe(
            v.nullable(v.strictObject({ count: v.pipe(v.number(), v.integer()), newest_from: v.string(), weakest_source_kind: SourceKindValue })),
            v.description(
              'Local taxes added and local rates changed after the version’s rates, each applied from its own date and named with its source in the answers it reaches: how many, the newest first day, and the weakest kind among their sources. Null where the state has none.',
            ),
          ),
        }),
      ),
      v.description('Per state and DC, how current the rates are.'),
    ),
  }),
});

/** Signals of one kind of queued work (batches, provider return jobs run on the tenant's data). */
const QueueSignals = v.strictObject({ pending: Int, oldest_pending_age_seconds: v.nullable(Int), completed_last_24h: Int, failed_last_24h: Int });
const described = <S extends v.GenericSchema>(schema: S, text: string) => v.pipe(schema, v.description(text));

export const OperationsStatus = v.strictObject({
  object: v.literal('operations_status'),
  environment: Environment,
  requests: v.pipe(
    v.strictObject({ limit: Int, used: Int, remaining: Int, window_seconds: Int, resets_in_seconds: Int }),
    v.description('The key’s general bucket in the current UTC minute.'),
  ),
  batches: described(QueueSignals, "The tenant's batches (a provider key: its client's, as GET /batches lists them)."),
  return_jobs: described(
    QueueSignals,
    "Return jobs run on the tenant's data: for the account's own keys every practice's; for a provider key only those of its own engagement (what GET /provider/return-jobs lists), never another practice's for the same client.",
  ),
  webhooks: described(
    v.nullable(
      v.strictObject({
        endpoints: Int,
        pending_deliveries: Int,
        failed_deliveries: Int,
        dead_lettered: Int,
        oldest_pending_age_seconds: v.nullable(Int),
      }),
    ),
    "The account's webhook deliveries; null for a provider key (webhooks belong to the account: organization keys only).",
  ),
});

const EngagementStatus = v.pipe(
  v.picklist(['usable', 'paused', 'offboarded', 'unavailable']),
  v.description('Only a usable engagement may be acted for (otherwise 403 client_context_not_authorized).'),
);

export const EngagementList = pageOf(
  v.strictObject({
    object: v.literal('engagement'),
    id: v.pipe(v.number(), v.integer()),
    ref: v.string(),
    status: EngagementStatus,
    client: v.strictObject({ account_id: v.string(), name: v.nullable(v.string()) }),
  }),
);

export const ProviderClient = v.strictObject({
  object: v.literal('provider_client'),
  engagement: v.strictObject({ id: v.pipe(v.number(), v.integer()), ref: v.string(), status: EngagementStatus }),
  account: v.strictObject({ id: v.string(), name: v.nullable(v.string()) }),
  environment: Environment,
});
