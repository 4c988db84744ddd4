// PATCH /account: rename the account; set nexus and Illinois settings for the key's environment.

import { updateAccount } from '../../../application/account';
import { accountPorts } from '../../../composition-root';
import { accountView } from '../../../core/account/views';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { ACCOUNT_UPDATE } from '../../../manifest/routes/account';
import { AccountUpdateSchema } from '../../../schemas/account';

export const handler = httpHandler(ACCOUNT_UPDATE, { body: AccountUpdateSchema }, async (request) => {
  const updated = await updateAccount(accountPorts(), request, request.body);
  return ok(accountView(updated.account, request.principal.environment, updated.settings, request.admission.limits));
});
