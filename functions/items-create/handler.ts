// POST /items: adds or replaces a SKU of the tenant's catalog; lines may then name it as item_code.
import { account } from '../composition-root';
import { httpHandler } from '../http/handler';
import { created } from '../http/request';
import { ItemCreateSchema } from './schema';

export const handler = httpHandler('items-create', { body: ItemCreateSchema }, async (request) => {
  const { item, category } = await account().putItem(request, request.body);
  return created({ object: 'item', ...item, category });
});
