// Runtime configuration, validated once at init so a misconfigured function fails on its first
// cold start instead of on some later request.
import * as v from 'valibot';
import type { WebhookSettings } from '../application/webhooks';
import type { LimitSettings } from '../core/limits/rate-limits';
import { QUEUES } from '../manifest/resources';

const positiveInt = v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number), v.minValue(1));

const positiveNumber = v.pipe(v.string(), v.transform(Number), v.number(), v.minValue(0.001));

const EnvSchema = v.object({
  TABLE_NAME: v.pipe(v.string(), v.minLength(3)),
  IDEMPOTENCY_TABLE_NAME: v.pipe(v.string(), v.minLength(3)),
  SUMMARY_TABLE_NAME: v.pipe(v.string(), v.minLength(3)),
  USAGE_TABLE_NAME: v.pipe(v.string(), v.minLength(3)),
  RATE_LIMIT_GENERAL_SANDBOX: positiveInt,
  RATE_LIMIT_GENERAL_PRODUCTION: positiveInt,
  RATE_LIMIT_BATCH_SUBMISSIONS: positiveInt,
  RATE_LIMIT_ESTIMATES: positiveInt,
  ESTIMATES_MAX_CONCURRENCY: positiveInt,
  AUTH_CACHE_SECONDS: v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number)),
  BATCH_DEADLINE_SECONDS: positiveInt,
  WEBHOOK_RETRY_BASE_SECONDS: positiveNumber,
  WEBHOOK_RETRY_MAX_DELAY_SECONDS: positiveNumber,
  WEBHOOK_MAX_ATTEMPTS: positiveInt,
  WEBHOOK_RETRY_JITTER: v.pipe(v.string(), v.transform(Number), v.number(), v.minValue(0), v.maxValue(1)),
  WEBHOOK_SECRET_OVERLAP_SECONDS: positiveInt,
  WEBHOOK_DISABLE_AFTER_SECONDS: positiveInt,
  WEBHOOK_SANDBOX_LOOPBACK: v.picklist(['0', '1']),
  /** Usage plans are named `<prefix>-sandbox` and `<prefix>-production` (absent on the local runner). */
  USAGE_PLAN_NAME_PREFIX: v.optional(v.string()),
});

export interface AppConfig {
  readonly tableName: string;
  readonly idempotencyTableName: string;
  readonly summaryTableName: string;
  /** Metered usage (functions/manifest/resources.ts USAGE_TABLE). */
  readonly usageTableName: string;
  readonly limits: LimitSettings;
  readonly authCacheMs: number;
  readonly usagePlanNamePrefix: string | undefined;
  readonly batchDeadlineSeconds: number;
  readonly webhooks: WebhookSettings & { readonly sandboxLoopback: boolean };
  /** The URL of a queue of functions/manifest/resources.ts, by id; throws when the function was not given it. */
  readonly queueUrl: (queueId: string) => string;
}

let cached: AppConfig | undefined;

export function config(): AppConfig {
  if (cached) return cached;
  const parsed = v.safeParse(EnvSchema, process.env);
  if (!parsed.success) {
    const names = parsed.issues.map((i) => i.path?.map((p) => String(p.key)).join('.') ?? '?');
    throw new Error(`Invalid function configuration; check environment variables: ${[...new Set(names)].join(', ')}`);
  }
  const env = parsed.output;
  cached = {
    tableName: env.TABLE_NAME,
    idempotencyTableName: env.IDEMPOTENCY_TABLE_NAME,
    summaryTableName: env.SUMMARY_TABLE_NAME,
    usageTableName: env.USAGE_TABLE_NAME,
    limits: {
      generalPerMinuteSandbox: env.RATE_LIMIT_GENERAL_SANDBOX,
      generalPerMinuteProduction: env.RATE_LIMIT_GENERAL_PRODUCTION,
      batchSubmissionsPerMinute: env.RATE_LIMIT_BATCH_SUBMISSIONS,
      estimatesPerMinute: env.RATE_LIMIT_ESTIMATES,
      estimatesMaxConcurrency: env.ESTIMATES_MAX_CONCURRENCY,
    },
    authCacheMs: env.AUTH_CACHE_SECONDS * 1000,
    usagePlanNamePrefix: env.USAGE_PLAN_NAME_PREFIX,
    batchDeadlineSeconds: env.BATCH_DEADLINE_SECONDS,
    webhooks: {
      baseSeconds: env.WEBHOOK_RETRY_BASE_SECONDS,
      maxDelaySeconds: env.WEBHOOK_RETRY_MAX_DELAY_SECONDS,
      maxAttempts: env.WEBHOOK_MAX_ATTEMPTS,
      jitter: env.WEBHOOK_RETRY_JITTER,
      secretOverlapSeconds: env.WEBHOOK_SECRET_OVERLAP_SECONDS,
      disableAfterSeconds: env.WEBHOOK_DISABLE_AFTER_SECONDS,
      sandboxLoopback: env.WEBHOOK_SANDBOX_LOOPBACK === '1',
    },
    queueUrl: (queueId) => {
      const def = QUEUES.find((q) => q.id === queueId);
      const url = def ? process.env[def.envVar] : undefined;
      if (!url) throw new Error(`Invalid function configuration; no URL for queue ${queueId}`);
      return url;
    },
  };
  return cached;
}
