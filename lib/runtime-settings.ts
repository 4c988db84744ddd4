// Configuration-backed limits (contract §1.5): the stack passes these to every function as
// environment variables and the local runner sets the same variables, so handlers never carry
// limits as constants. Per-account overrides live on the account record.

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
}

export const DEFAULT_RUNTIME_SETTINGS: RuntimeSettings = {
  generalPerMinuteSandbox: 60,
  generalPerMinuteProduction: 300,
  batchSubmissionsPerMinute: 10,
  estimatesPerMinute: 5,
  estimatesMaxConcurrency: 4,
  authCacheSeconds: 10,
  batchDeadlineSeconds: 3600,
};

export function runtimeSettingsEnvironment(settings: RuntimeSettings): Record<string, string> {
  return {
    RATE_LIMIT_GENERAL_SANDBOX: String(settings.generalPerMinuteSandbox),
    RATE_LIMIT_GENERAL_PRODUCTION: String(settings.generalPerMinuteProduction),
    RATE_LIMIT_BATCH_SUBMISSIONS: String(settings.batchSubmissionsPerMinute),
    RATE_LIMIT_ESTIMATES: String(settings.estimatesPerMinute),
    ESTIMATES_MAX_CONCURRENCY: String(settings.estimatesMaxConcurrency),
    AUTH_CACHE_SECONDS: String(settings.authCacheSeconds),
    BATCH_DEADLINE_SECONDS: String(settings.batchDeadlineSeconds),
  };
}
