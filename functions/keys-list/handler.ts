// GET /keys: the account's keys this administrator manages, newest first; never their secrets.
import { keys as tableKeys } from '../adapters/dynamodb/keys';
import { manages } from '../core/account/key-issuance';
import { keyView } from '../core/account/views';
import { httpHandler, ok, tenantOf } from '../shared/http/handler';
import { pageInMemory } from '../shared/http/pagination';
import { services } from '../shared/services';
import { PageQuerySchema } from '../schemas/common';

export const handler = httpHandler('keys-list', { query: PageQuerySchema }, async (request) => {
  const tenant = tenantOf(request);
  const all = await services().access.listKeys(tableKeys.accountOwner(tenant.accountId));
  const visible = all
    .filter((k) => manages(tenant.environment, k.environment))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
  return ok(pageInMemory(visible.map(keyView), (k) => k.id, request.query));
});
