// Steps 4-7 of the order of checks (docs/getting-started.md, "The order of checks"): module,
// credential kind, scope and, for provider keys on taxpayer data, the client engagement the caller
// acts for. The rules are pure core functions; this adds the one lookup they need (the client
// account of an engagement).
import {
  type AccessPolicy,
  assertCredential,
  assertModuleEnabled,
  assertScope,
  type ClientHeaders,
  type PrincipalFor,
  principalFor,
  resolveClientContext,
} from '../core/access/authorize';
import type { Engagement, Tenant } from '../core/access/records';
import { DomainError } from '../core/errors';
import type { Authenticator, Credentials } from './authentication';

export class Authorizer {
  constructor(private readonly accounts: Pick<Authenticator, 'account'>) {}

  async authorize<P extends AccessPolicy>(policy: P, credentials: Credentials, clientHeaders: ClientHeaders): Promise<PrincipalFor<P>> {
    const { key, account, practice } = credentials;
    if (key.kind === 'account' && account) assertModuleEnabled(account);
    assertCredential(policy, key, practice);
    assertScope(policy, key);
    let tenant: Tenant | null = key.kind === 'account' && key.accountId ? { accountId: key.accountId, environment: key.environment } : null;
    let engagement: Engagement | null = null;
    if (key.kind === 'provider' && practice && (policy.credential === 'tenant' || policy.clientContext)) {
      engagement = resolveClientContext(clientHeaders, key, practice);
      const client = await this.accounts.account(engagement.clientAccountId);
      if (!client) throw new DomainError('client_context_not_authorized', 'This key is not authorized for the selected client engagement.');
      assertModuleEnabled(client);
      tenant = { accountId: client.id, environment: key.environment };
    }
    return principalFor(policy, { key, environment: key.environment, tenant, locationCode: key.locationCode, practice, engagement });
  }
}
