// Configuration-backed limits (docs/getting-started.md, "Limits"): the stack passes these to every
// function as environment variables and the local runner sets the same variables, so handlers never
// carry limits as constants. Per-account overrides live on the account record.

export interface RuntimeSettings {
  readonly generalPerMinuteSandbox: number;
  readonly generalPerMinuteProduction: number;
  readonly batchSubmissionsPerMinute: number;
  readonly estimatesPerMinute: number;
  readonly estimatesMaxConcurrency: number;
  /** How long a process may reuse a key or account record it has read (revocation delay). */
  readonly authCacheSeconds: number;
  /** A batch still pending this long after submission fails, its unfinished items with it. */
  readonly batchDeadlineSeconds: number;
  /** Webhook retries (functions/core/webhooks/backoff.ts): first delay, cap, attempts in all, jitter. */
  readonly webhookRetryBaseSeconds: number;
  readonly webhookRetryMaxDelaySeconds: number;
  readonly webhookMaxAttempts: number;
  readonly webhookRetryJitter: number;
  /** How long a rotated-out webhook secret keeps signing. */
  readonly webhookSecretOverlapSeconds: number;
  /** An endpoint whose every attempt failed this long is disabled. */
  readonly webhookDisableAfterSeconds: number;
  /** Sandbox endpoints may be loopback URLs (the local runner; never in a deployed stack). */
  readonly webhookSandboxLoopback: boolean;
}

export const DEFAULT_RUNTIME_SETTINGS: RuntimeSettings = {
  generalPerMinuteSandbox: 60,
  generalPerMinuteProduction: 300,
  batchSubmissionsPerMinute: 10,
  estimatesPerMinute: 5,
  estimatesMaxConcurrency: 4,
  authCacheSeconds: 10,
  batchDeadlineSeconds: 3600,
  // 15 s doubling to a 6 h cap, 14 attempts: the last about a day after the first (README, Webhooks).
  webhookRetryBaseSeconds: 15,
  webhookRetryMaxDelaySeconds: 21_600,
  webhookMaxAttempts: 14,
  webhookRetryJitter: 0.5,
  webhookSecretOverlapSeconds: 86_400,
  webhookDisableAfterSeconds: 3 * 86_400,
  webhookSandboxLoopback: false,
};

/** Environment variable of each webhook setting: the local runner takes overrides from its own environment. */
export const WEBHOOK_SETTING_VARIABLES = {
  webhookRetryBaseSeconds: 'WEBHOOK_RETRY_BASE_SECONDS',
  webhookRetryMaxDelaySeconds: 'WEBHOOK_RETRY_MAX_DELAY_SECONDS',
  webhookMaxAttempts: 'WEBHOOK_MAX_ATTEMPTS',
  webhookRetryJitter: 'WEBHOOK_RETRY_JITTER',
  webhookSecretOverlapSeconds: 'WEBHOOK_SECRET_OVERLAP_SECONDS',
  webhookDisableAfterSeconds: 'WEBHOOK_DISABLE_AFTER_SECONDS',
} as const;

/** The numeric webhook settings set in `env` (e.g. short retry delays for the tests). */
export function webhookSettingOverrides(env: Readonly<Record<string, string | undefined>>): Partial<RuntimeSettings> {
  const out: Record<string, number> = {};
  for (const [name, variable] of Object.entries(WEBHOOK_SETTING_VARIABLES)) {
    const value = env[variable];
    if (value !== undefined && value !== '' && Number.isFinite(Number(value))) out[name] = Number(value);
  }
  return out as Partial<RuntimeSettings>;
}

export function runtimeSettingsEnvironment(settings: RuntimeSettings): Record<string, string> {
  return {
    RATE_LIMIT_GENERAL_SANDBOX: String(settings.generalPerMinuteSandbox),
    RATE_LIMIT_GENERAL_PRODUCTION: String(settings.generalPerMinuteProduction),
    RATE_LIMIT_BATCH_SUBMISSIONS: String(settings.batchSubmissionsPerMinute),
    RATE_LIMIT_ESTIMATES: String(settings.estimatesPerMinute),
    ESTIMATES_MAX_CONCURRENCY: String(settings.estimatesMaxConcurrency),
    AUTH_CACHE_SECONDS: String(settings.authCacheSeconds),
    BATCH_DEADLINE_SECONDS: String(settings.batchDeadlineSeconds),
    ...Object.fromEntries(
      Object.entries(WEBHOOK_SETTING_VARIABLES).map(([name, variable]) => [variable, String(settings[name as keyof typeof WEBHOOK_SETTING_VARIABLES])]),
    ),
    WEBHOOK_SANDBOX_LOOPBACK: settings.webhookSandboxLoopback ? '1' : '0',
  };
}
