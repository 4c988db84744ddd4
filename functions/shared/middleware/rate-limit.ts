// Step 3: per-key rate limits (contract §1.5): a conditional counter update in DynamoDB per request
// (per lease of tokens for limits of 1,000/min and more), plus an in-process cap on concurrent
// estimate calls.
import { DomainError } from '../../core/errors';
import { effectiveLimits, windowAt, type Bucket } from '../../core/limits/rate-limits';
import { LeaseBook, leaseSize } from '../../core/limits/token-lease';
import type { Consumption } from '../../adapters/dynamodb/rate-counter';
import { config } from '../config';
import type { HttpMiddleware } from '../http/request-state';
import { services } from '../services';

let estimatesInFlight = 0;
const leases = new LeaseBook();

/** One token of the key's window: from this process's lease, or from DynamoDB. */
async function consume(keyId: string, bucket: Bucket, limit: number, nowMs: number): Promise<Consumption> {
  const window = windowAt(nowMs);
  const leaseKey = `${keyId}#${bucket}`;
  const leased = leases.take(leaseKey, window.startMs);
  if (leased) return { allowed: true, used: leased.counted, window };
  const taken = await services().rateCounter.take(keyId, bucket, limit, leaseSize(limit), nowMs);
  if (taken.granted === 0) return { allowed: false, used: taken.used, window: taken.window };
  leases.grant(leaseKey, taken.window.startMs, taken.granted, taken.used);
  return { allowed: true, used: taken.used, window: taken.window };
}

export function rateLimit(bucket: Bucket): HttpMiddleware {
  return {
    before: async (request) => {
      const state = request.context.stx;
      const { key, account, practice } = state.credentials!;
      const limits = effectiveLimits(config().limits, key.environment, account?.rateLimits ?? practice?.rateLimits ?? {});
      state.limits = limits;
      if (bucket === 'estimates') {
        if (estimatesInFlight >= limits.estimatesMaxConcurrency)
          throw new DomainError('rate_limit_exceeded', 'Too many estimate calls are in flight; retry shortly.', undefined, 1);
        estimatesInFlight++;
        state.cleanups.push(() => estimatesInFlight--);
      }
      const usage = await consume(key.id, bucket, limits[bucket], state.now.getTime());
      state.usage = usage;
      if (!usage.allowed)
        throw new DomainError('rate_limit_exceeded', `Rate limit of ${limits[bucket]} requests per minute exceeded for this key.`, undefined, usage.window.resetsInSeconds);
    },
  };
}
