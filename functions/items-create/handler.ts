// POST /items: adds or replaces a SKU of the tenant's catalog; lines may then name it as item_code.
import { taxContent } from '../adapters/content/content-file';
import { DomainError } from '../core/errors';
import { httpHandler, ok, tenantOf } from '../shared/http/handler';
import { services } from '../shared/services';
import { ItemCreateSchema } from './schema';

export const handler = httpHandler('items-create', { body: ItemCreateSchema }, async (request) => {
  const tenant = tenantOf(request);
  const { sku, tax_code, description } = request.body;
  const code = taxContent().taxCode(tax_code);
  if (!code)
    throw new DomainError('invalid_tax_code', 'The tax code is not in the service catalog (GET /tax-codes).', [
      { code: 'invalid_tax_code', target: 'tax_code', message: 'The tax code is not in the service catalog (GET /tax-codes).' },
    ]);
  const item = { sku, tax_code: code.code, description: description ?? null, created_at: request.now.toISOString() };
  await services().tenants.putItem(tenant, item);
  return ok({ object: 'item', ...item, category: code.category }, 201);
});
