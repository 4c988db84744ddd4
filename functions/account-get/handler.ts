// GET /account: the calling organization's account and its settings in the key's environment.
import { accountView } from '../core/account/views';
import { httpHandler, ok, tenantOf } from '../shared/http/handler';
import { services } from '../shared/services';
import { tenantConfig } from '../shared/tenant-config';

export const handler = httpHandler('account-get', {}, async (request) => {
  const tenant = tenantOf(request);
  const account = await services().authenticator.account(tenant.accountId);
  const { settings } = await tenantConfig(tenant);
  return ok(accountView(account!, tenant.environment, settings, request.limits));
});
