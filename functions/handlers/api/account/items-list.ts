// GET /items: the tenant's SKU catalog, newest first.

import { listItems } from '../../../application/account';
import { accountPorts } from '../../../composition-root';
import { mapPage } from '../../../core/lists/paging';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { ITEMS_LIST } from '../../../manifest/routes/account';
import { PageQuerySchema } from '../../../schemas/common';
import type { ResponseOf } from '../../../schemas/responses';

export const handler = httpHandler(ITEMS_LIST, { query: PageQuerySchema }, async (request) => {
  return ok<ResponseOf<'items-list'>>(mapPage(await listItems(accountPorts(), request, request.query), (item) => ({ object: 'item', ...item })));
});
