// The errors a route can answer, derived from its entry and the order of checks
// (docs/getting-started.md, "The order of checks"): what each pipeline step may refuse for this
// kind of route, then the endpoint's own codes (from functions/schemas/responses). The OpenAPI
// document lists them per operation and the integration tests refuse any error code a route does
// not declare.

import type { ErrorCode } from '../core/errors';
import type { RouteDef } from '../manifest/route';
import { avataxStatusOf, statusOf, TAXJAR_ID_REQUIRED, taxjarStatusOf } from './error-response';

export interface RouteShape
  extends Pick<RouteDef, 'method' | 'path' | 'public' | 'optionalKey' | 'dialect' | 'scope' | 'credential' | 'clientContext' | 'environments'> {
  readonly validates: boolean;
}

/** The pipeline's codes for a route, in the order the checks run. */
export function pipelineErrors(route: RouteShape): ErrorCode[] {
  // Public routes run no check: only a failure of the function itself.
  if (route.public) return ['internal_error'];
  // A route whose key is optional answers without one: only a failure of a dependency or its own.
  if (route.optionalKey) return ['service_unavailable', 'internal_error'];
  // Step 1: a path parameter that is not valid percent-encoding matches no route.
  const codes: ErrorCode[] = route.path.includes('{') ? ['not_found'] : [];
  codes.push('missing_api_key', 'invalid_api_key', 'rate_limit_exceeded', 'module_not_enabled', 'provider_not_active');
  if (route.credential === 'provider') codes.push('provider_key_required');
  if (route.credential === 'organization') codes.push('organization_scope_required');
  if (route.scope !== null || route.environments) codes.push('insufficient_scope');
  if (route.credential === 'tenant' || route.clientContext)
    codes.push('missing_client_context', 'invalid_client_context', 'conflicting_client_context', 'provider_client_not_found', 'client_context_not_authorized');
  if (route.validates) codes.push('validation_error');
  if (route.method === 'POST') codes.push('idempotency_conflict');
  // A transient failure of a dependency (throttling, a lost transaction race): retry after Retry-After.
  codes.push('service_unavailable', 'internal_error');
  return codes;
}

/** Every code of a route, grouped by HTTP status (statuses ascending, codes in first-seen order). */
export function routeErrors(route: RouteShape, own: readonly ErrorCode[]): Map<number, ErrorCode[]> {
  const byStatus = new Map<number, ErrorCode[]>();
  // TaxJar's dialect answers with TaxJar's statuses (no 409; a refused body is a 400), AvaTax's
  // with AvaTax's (a refused operation is a 400).
  const status_ = route.dialect === 'taxjar' ? taxjarStatusOf : route.dialect === 'avatax' ? avataxStatusOf : statusOf;
  for (const code of [...pipelineErrors(route), ...own]) {
    const status = status_(code);
    const list = byStatus.get(status) ?? [];
    if (!list.includes(code)) list.push(code);
    byStatus.set(status, list);
  }
  // An order or refund pushed without its transaction_id: 406, as TaxJar answers it.
  if (route.dialect === 'taxjar' && route.validates && route.method === 'POST' && TAXJAR_ID_REQUIRED.test(route.path)) byStatus.set(406, ['validation_error']);
  return new Map([...byStatus.entries()].sort(([a], [b]) => a - b));
}
