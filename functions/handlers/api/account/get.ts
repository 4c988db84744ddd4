// GET /account: the calling organization's account and its settings in the key's environment.

import { getAccount } from '../../../application/account';
import { accountPorts } from '../../../composition-root';
import { accountView } from '../../../core/account/views';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { ACCOUNT_GET } from '../../../manifest/routes/account';

export const handler = httpHandler(ACCOUNT_GET, {}, async (request) => {
  const found = await getAccount(accountPorts(), request);
  return ok(accountView(found.account, request.principal.environment, found.settings, request.admission.limits));
});
