// Per-key rate limits (docs/getting-started.md, "Limits"): a conditional counter update in DynamoDB
// per request (per lease of tokens for limits of 1,000/min and more), plus an in-process cap on
// concurrent estimate calls.
import { DomainError } from '../core/errors';
import type { RateCounter } from '../core/limits/ports';
import { type Bucket, type Consumption, type EffectiveLimits, effectiveLimits, type LimitSettings, windowAt } from '../core/limits/rate-limits';
import { LeaseBook, leaseSize } from '../core/limits/token-lease';
import type { Credentials } from './authentication';

export interface Admission {
  readonly limits: EffectiveLimits;
  readonly usage: Consumption;
  /** Gives back what the request holds for its duration (an estimate concurrency slot). */
  readonly release: () => void;
}

const nothingToRelease = () => undefined;

export class RateLimiter {
  private readonly leases = new LeaseBook();
  private estimatesInFlight = 0;

  constructor(
    private readonly counter: RateCounter,
    private readonly settings: LimitSettings,
  ) {}

  /** Counts the request in its bucket, or refuses it with 429 `rate_limit_exceeded`. */
  async admit(credentials: Credentials, bucket: Bucket, now: Date): Promise<Admission> {
    const { key, account, practice } = credentials;
    const limits = effectiveLimits(this.settings, key.environment, account?.rateLimits ?? practice?.rateLimits ?? {});
    let release = nothingToRelease;
    if (bucket === 'estimates') {
      if (this.estimatesInFlight >= limits.estimatesMaxConcurrency)
        throw new DomainError('rate_limit_exceeded', 'Too many estimate calls are in flight; retry shortly.', undefined, 1);
      this.estimatesInFlight++;
      let held = true;
      release = () => {
        if (held) this.estimatesInFlight--;
        held = false;
      };
    }
    try {
      const usage = await this.consume(key.id, bucket, limits[bucket], now.getTime());
      if (!usage.allowed)
        throw new DomainError(
          'rate_limit_exceeded',
          `Rate limit of ${limits[bucket]} requests per minute exceeded for this key.`,
          undefined,
          usage.window.resetsInSeconds,
        );
      return { limits, usage, release };
    } catch (error) {
      release();
      throw error;
    }
  }

  /** One token of the key's window: from this process's lease, or from the shared counter. */
  private async consume(keyId: string, bucket: Bucket, limit: number, nowMs: number): Promise<Consumption> {
    const window = windowAt(nowMs);
    const leaseKey = `${keyId}#${bucket}`;
    const leased = this.leases.take(leaseKey, window.startMs);
    if (leased) return { allowed: true, used: leased.counted, window };
    const taken = await this.counter.take(keyId, bucket, limit, leaseSize(limit), nowMs);
    if (taken.granted === 0) return { allowed: false, used: taken.used, window: taken.window };
    this.leases.grant(leaseKey, taken.window.startMs, taken.granted, taken.used);
    return { allowed: true, used: taken.used, window: taken.window };
  }
}
