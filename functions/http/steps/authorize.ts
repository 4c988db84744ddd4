// Steps 4-7 of the order of checks (docs/getting-started.md, "The order of checks"): module,
// credential kind, scope and the provider client context.
import type { Authorizer } from '../../application/authorization';
import type { AccessPolicy, PrincipalFor } from '../../core/access/authorize';
import type { Authorized, Limited } from '../request';

const CLIENT_HEADERS = ['X-Service-Client-Ref', 'X-Service-Client-Id'] as const;

export function authorize<P extends AccessPolicy>(authorizer: Pick<Authorizer, 'authorize'>, policy: P) {
  return async (request: Limited): Promise<Authorized<PrincipalFor<P>>> => ({
    ...request,
    principal: await authorizer.authorize(policy, request.credentials, {
      ref: request.headers['x-service-client-ref'],
      id: request.headers['x-service-client-id'],
      repeated: CLIENT_HEADERS.filter((name) => request.repeatedHeaders.has(name.toLowerCase())),
    }),
  });
}
