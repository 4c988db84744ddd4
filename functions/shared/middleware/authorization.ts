// Steps 4-7: module, credential kind, scope, and (for provider keys on taxpayer data) the client
// engagement the request acts for. The rules themselves are pure core functions.
import {
  assertCredential,
  assertModuleEnabled,
  assertScope,
  resolveClientContext,
  type AccessPolicy,
} from '../../core/access/authorize';
import type { Engagement, Tenant } from '../../core/access/records';
import { DomainError } from '../../core/errors';
import { headersOf, type HttpMiddleware } from '../http/request-state';
import { services } from '../services';

export function authorization(policy: AccessPolicy): HttpMiddleware {
  return {
    before: async (request) => {
      const state = request.context.stx;
      const { key, account, practice } = state.credentials!;
      if (key.kind === 'account') assertModuleEnabled(account!);
      assertCredential(policy, key, practice);
      assertScope(policy, key);
      let tenant: Tenant | null = key.kind === 'account' ? { accountId: key.accountId!, environment: key.environment } : null;
      let engagement: Engagement | null = null;
      if (key.kind === 'provider' && (policy.credential === 'tenant' || policy.clientContext)) {
        const headers = headersOf(request.event);
        engagement = resolveClientContext({ ref: headers['x-service-client-ref'], id: headers['x-service-client-id'] }, key, practice!);
        const client = await services().authenticator.account(engagement.clientAccountId);
        if (!client) throw new DomainError('client_context_not_authorized', 'This key is not authorized for the selected client engagement.');
        assertModuleEnabled(client);
        tenant = { accountId: client.id, environment: key.environment };
      }
      state.principal = { key, environment: key.environment, tenant, locationCode: key.locationCode, practice, engagement };
    },
  };
}
