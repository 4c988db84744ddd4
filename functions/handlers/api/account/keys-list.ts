// GET /keys: the account's keys this administrator manages, newest first; never their secrets.

import { listKeys } from '../../../application/keys';
import { accessPorts } from '../../../composition-root';
import { keyView } from '../../../core/account/views';
import { mapPage } from '../../../core/lists/paging';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { KEYS_LIST } from '../../../manifest/routes/account';
import { PageQuerySchema } from '../../../schemas/common';

export const handler = httpHandler(KEYS_LIST, { query: PageQuerySchema }, async (request) => {
  return ok(mapPage(await listKeys(accessPorts(), request, request.query), keyView));
});
