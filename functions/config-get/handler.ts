// GET /config: the effective limits for the calling key's environment and the content in use.
import { taxContent } from '../adapters/content/content-file';
import { SERVICE_LIMITS } from '../core/limits/service-limits';
import { WINDOW_SECONDS } from '../core/limits/rate-limits';
import { httpHandler, ok } from '../shared/http/handler';

export const handler = httpHandler('config-get', {}, async ({ principal, limits }) => {
  const content = taxContent();
  return ok({
    object: 'config',
    environment: principal.environment,
    rate_limits: {
      general: { limit: limits.general, window_seconds: WINDOW_SECONDS },
      batch_submissions: { limit: limits.batch_submissions, window_seconds: WINDOW_SECONDS },
      estimates: { limit: limits.estimates, window_seconds: WINDOW_SECONDS, max_concurrency: limits.estimatesMaxConcurrency },
    },
    limits: { ...SERVICE_LIMITS },
    content: { version: content.version, coverage_from: content.coverageFrom },
  });
});
