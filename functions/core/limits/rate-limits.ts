// Per-key rate limits (docs/getting-started.md, "Limits"): three buckets, fixed 60-second windows
// aligned to the UTC clock minute. Effective values come from configuration and per-account
// overrides.
import type { Environment, RateLimitOverrides } from '../access/records';

export type Bucket = 'general' | 'batch_submissions' | 'estimates';
export const WINDOW_SECONDS = 60;

export interface LimitSettings {
  readonly generalPerMinuteSandbox: number;
  readonly generalPerMinuteProduction: number;
  readonly batchSubmissionsPerMinute: number;
  readonly estimatesPerMinute: number;
  readonly estimatesMaxConcurrency: number;
}

export interface EffectiveLimits {
  readonly general: number;
  readonly batch_submissions: number;
  readonly estimates: number;
  readonly estimatesMaxConcurrency: number;
}

export function effectiveLimits(settings: LimitSettings, environment: Environment, overrides: RateLimitOverrides): EffectiveLimits {
  return {
    general: overrides.general ?? (environment === 'production' ? settings.generalPerMinuteProduction : settings.generalPerMinuteSandbox),
    batch_submissions: overrides.batch_submissions ?? settings.batchSubmissionsPerMinute,
    estimates: overrides.estimates ?? settings.estimatesPerMinute,
    estimatesMaxConcurrency: settings.estimatesMaxConcurrency,
  };
}

export interface RateWindow {
  /** Epoch milliseconds of the window's first instant. */
  readonly startMs: number;
  /** Whole seconds until the next window, at least 1 (the Retry-After value). */
  readonly resetsInSeconds: number;
}

export function windowAt(nowMs: number): RateWindow {
  const size = WINDOW_SECONDS * 1000;
  const startMs = Math.floor(nowMs / size) * size;
  return { startMs, resetsInSeconds: Math.max(1, Math.ceil((startMs + size - nowMs) / 1000)) };
}

/** What one request took from its key's window. */
export interface Consumption {
  readonly allowed: boolean;
  /** Requests counted in this window (tokens granted to all processes), this one included. */
  readonly used: number;
  readonly window: RateWindow;
}
