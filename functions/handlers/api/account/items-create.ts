// POST /items: adds or replaces a SKU of the tenant's catalog; lines may then name it as item_code.

import { putItem } from '../../../application/account';
import { catalogPorts } from '../../../composition-root';
import { postHandler } from '../../../http/post-handler';
import { created } from '../../../http/request';
import { ITEMS_CREATE } from '../../../manifest/routes/account';
import { ItemCreateSchema } from '../../../schemas/account';
import type { ResponseOf } from '../../../schemas/responses';

export const handler = postHandler(ITEMS_CREATE, { body: ItemCreateSchema }, async (request) => {
  const { item, category } = await putItem(catalogPorts(), request, request.body);
  return created<ResponseOf<'items-create'>>({ object: 'item', ...item, category });
});
