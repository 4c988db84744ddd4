// GET /operations/status: the caller's request budget in the current window and the tenant's batch
// signals, with the same signals for provider return jobs run on the tenant's data (an accounting
// firm's client sees the jobs run for it), and its webhook delivery signals. A provider key acting
// for a client sees what its practice can see and no more: the client's batches (as GET /batches
// lists them), its own engagement's return jobs (not another practice's for the same client), and
// no webhook signals (webhooks are the account's own: organization keys).

import { batchSignals } from '../../../application/batches';
import { webhookSignals } from '../../../application/webhooks';
import { batchPorts, webhookStorePorts } from '../../../composition-root';
import { WINDOW_SECONDS } from '../../../core/limits/rate-limits';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { OPERATIONS_STATUS } from '../../../manifest/routes/service';
import type { ResponseOf } from '../../../schemas/responses';

export const handler = httpHandler(OPERATIONS_STATUS, {}, async (request) => {
  const {
    principal,
    admission: { usage, limits },
    now,
  } = request;
  const provider = principal.practice !== null;
  const [batches, returnJobs, webhooks] = await Promise.all([
    batchSignals(batchPorts(), request),
    batchSignals(batchPorts(), request, 'return_job'),
    provider ? null : webhookSignals(webhookStorePorts(), request),
  ]);
  const signals = (s: typeof batches) => ({
    pending: s.pending,
    oldest_pending_age_seconds:
      s.oldest_pending_created_at === null ? null : Math.max(0, Math.floor((now.getTime() - Date.parse(s.oldest_pending_created_at)) / 1000)),
    completed_last_24h: s.completed_since,
    failed_last_24h: s.failed_since,
  });
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
    batches: signals(batches),
    return_jobs: signals(returnJobs),
    webhooks,
  });
});
