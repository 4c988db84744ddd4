// Step 3: the request counts in its route's bucket of the key, or is refused with 429.
import type { RateLimiter } from '../../application/rate-limiting';
import type { Bucket } from '../../core/limits/rate-limits';
import type { Authenticated, Limited } from '../request';

export function rateLimit(limiter: Pick<RateLimiter, 'admit'>, bucket: Bucket) {
  return async (request: Authenticated): Promise<Limited> => ({
    ...request,
    admission: await limiter.admit(request.credentials, bucket, request.now),
  });
}
