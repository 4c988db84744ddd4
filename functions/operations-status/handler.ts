// GET /operations/status: the caller's request budget in the current window and the tenant's
// batch and webhook queue signals. Batches and webhooks are not part of this release yet, so their
// signals are zero: the tenant has none.
import { OPERATIONS_STATUS } from '../../lib/routes';
import { WINDOW_SECONDS } from '../core/limits/rate-limits';
import { httpHandler } from '../http/handler';
import { ok } from '../http/request';
import type { ResponseOf } from '../schemas/responses';

export const handler = httpHandler(OPERATIONS_STATUS, {}, async ({ principal, admission: { usage, limits } }) => {
  return ok<ResponseOf<'operations-status'>>({
    object: 'operations_status',
    environment: principal.environment,
    requests: {
      limit: limits.general,
      used: usage.used,
      remaining: Math.max(0, limits.general - usage.used),
      window_seconds: WINDOW_SECONDS,
      resets_in_seconds: usage.window.resetsInSeconds,
    },
    batches: { pending: 0, oldest_pending_age_seconds: null, completed_last_24h: 0, failed_last_24h: 0 },
    webhooks: { endpoints: 0, pending_deliveries: 0, failed_deliveries: 0, dead_lettered: 0, oldest_pending_age_seconds: null },
  });
});
