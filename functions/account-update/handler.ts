// PATCH /account: rename the account; set nexus and Illinois settings for the key's environment.
import { accountView } from '../core/account/views';
import { assertKnownStates } from '../core/content/states';
import { httpHandler, ok, tenantOf } from '../shared/http/handler';
import { services } from '../shared/services';
import { forgetTenantConfig } from '../shared/tenant-config';
import { AccountUpdateSchema } from './schema';

export const handler = httpHandler('account-update', { body: AccountUpdateSchema }, async (request) => {
  const tenant = tenantOf(request);
  const { name, nexus, illinois } = request.body;
  const { access, tenants, authenticator } = services();
  if (Array.isArray(nexus)) assertKnownStates(nexus, 'nexus');
  if (name !== undefined) await access.renameAccount(tenant.accountId, name);
  const settings = await tenants.updateSettings(tenant, { nexus: Array.isArray(nexus) ? [...new Set(nexus)].sort() : nexus, illinois }, request.now.toISOString());
  forgetTenantConfig(tenant);
  authenticator.forgetAccount(tenant.accountId);
  const account = await authenticator.account(tenant.accountId);
  return ok(accountView(account!, tenant.environment, settings, request.limits));
});
