// GET /tax-codes: the service's product tax code catalog (TaxJar-compatible codes plus SHIPPING),
// filterable by category and by text.

import { content } from '../../../composition-root';
import { mapPage } from '../../../core/lists/paging';
import { httpHandler } from '../../../http/handler';
import { ok } from '../../../http/request';
import { TAX_CODES_LIST } from '../../../manifest/routes/calculations';
import { TaxCodeQuerySchema } from '../../../schemas/calculations';
import type { ResponseOf } from '../../../schemas/responses';

export const handler = httpHandler(TAX_CODES_LIST, { query: TaxCodeQuerySchema }, async (request) => {
  const { category, q, limit, cursor } = request.query;
  const page = mapPage(content().taxCodes({ category, q }, { limit, cursor }), (c) => ({
    object: 'tax_code',
    code: c.code,
    name: c.name,
    description: c.description,
    category: c.category,
  }));
  return ok<ResponseOf<'tax-codes-list'>>({ content_version: content().info().version, ...page });
});
