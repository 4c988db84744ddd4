// GET /config: the effective limits for the calling key's environment and the content in use.

import { content } from '../../../composition-root';
import { WINDOW_SECONDS } from '../../../core/limits/rate-limits';
import { SERVICE_LIMITS } from '../../../core/limits/service-limits';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { CONFIG_GET } from '../../../manifest/routes/service';
import type { ResponseOf } from '../../../schemas/responses';

export const handler = httpHandler(CONFIG_GET, {}, async ({ principal, now, admission: { limits } }) => {
  const info = content().info();
  const today = now.toISOString().slice(0, 10);
  return ok<ResponseOf<'config-get'>>({
    object: 'config',
    environment: principal.environment,
    rate_limits: {
      general: { limit: limits.general, window_seconds: WINDOW_SECONDS },
      batch_submissions: { limit: limits.batch_submissions, window_seconds: WINDOW_SECONDS },
      estimates: { limit: limits.estimates, window_seconds: WINDOW_SECONDS, max_concurrency: limits.estimatesMaxConcurrency },
    },
    limits: { ...SERVICE_LIMITS },
    content: {
      version: info.version,
      coverage_from: info.coverageFrom,
      // The version a document dated today is computed with, and every version held (each in force until the next).
      in_force: content().versionOn(today),
      versions: info.versions.map((v) => ({ version: v.version, effective_from: v.from })),
      // How current each state's rates are: an answer dated after current_until carries content_older_than_date.
      states: content()
        .ratesAges()
        .map((a) => ({
          state: a.state,
          version: a.version,
          effective_from: a.from,
          current_until: a.currentUntil,
          newest_quarter: a.quarter,
          weakest_source_kind: a.weakestKind,
          sources: a.sources.map((s) => ({ publisher: s.publisher, table: s.table, date: s.date, kind: s.kind })),
          local_changes:
            a.localChanges === null
              ? null
              : { count: a.localChanges.count, newest_from: a.localChanges.newestFrom, weakest_source_kind: a.localChanges.weakestKind },
        })),
    },
  });
});
