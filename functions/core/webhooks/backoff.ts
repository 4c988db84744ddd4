// The retry schedule of a webhook delivery: exponential backoff with jitter. Attempt n (1-based)
// failed → the next one waits base·2^(n-1), capped, scaled by a random factor in [1 - jitter, 1]
// so endpoints recovering from an outage are not hit by every delivery at once. With the defaults
// (15 s base, 6 h cap, 14 attempts, jitter ½) the first retry comes within 15 s and the last about
// a day after the first attempt (at most 23.3 h, at least half of that).

export interface BackoffSettings {
  readonly baseSeconds: number;
  readonly maxDelaySeconds: number;
  /** Attempts in all, the first included; after the last failure the delivery is dead-lettered. */
  readonly maxAttempts: number;
  /** Fraction of each delay that is random (0 = none, 0.5 = delay in [d/2, d]). */
  readonly jitter: number;
}

/** Seconds before attempt `failedAttempt + 1`, or null when `failedAttempt` was the last. */
export function retryDelaySeconds(settings: BackoffSettings, failedAttempt: number, random: number): number | null {
  if (failedAttempt >= settings.maxAttempts) return null;
  const full = Math.min(settings.maxDelaySeconds, settings.baseSeconds * 2 ** (failedAttempt - 1));
  return full * (1 - settings.jitter * random);
}

/** The longest total wait of the whole schedule (no jitter): what "about a day" means. */
export function scheduleSpanSeconds(settings: BackoffSettings): number {
  let total = 0;
  for (let n = 1; n < settings.maxAttempts; n++) total += retryDelaySeconds(settings, n, 0)!;
  return total;
}
