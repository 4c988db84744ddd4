// Step 3: per-key rate limits (contract §1.5). One conditional counter update in DynamoDB per
// request, plus an in-process cap on concurrent estimate calls.
import { DomainError } from '../../core/errors';
import { effectiveLimits, type Bucket } from '../../core/limits/rate-limits';
import { config } from '../config';
import type { HttpMiddleware } from '../http/request-state';
import { services } from '../services';

let estimatesInFlight = 0;

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
      const usage = await services().rateCounter.consume(key.id, bucket, limits[bucket], state.now.getTime());
      state.usage = usage;
      if (!usage.allowed)
        throw new DomainError('rate_limit_exceeded', `Rate limit of ${limits[bucket]} requests per minute exceeded for this key.`, undefined, usage.window.resetsInSeconds);
    },
  };
}
