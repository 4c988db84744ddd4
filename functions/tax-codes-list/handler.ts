// GET /tax-codes: the service's product tax code catalog (TaxJar-compatible codes plus SHIPPING),
// filterable by category and by text.
import { taxContent } from '../adapters/content/content-file';
import { httpHandler, ok } from '../shared/http/handler';
import { pageInMemory } from '../shared/http/pagination';
import { TaxCodeQuerySchema } from './schema';

export const handler = httpHandler('tax-codes-list', { query: TaxCodeQuerySchema }, async (request) => {
  const { category, q } = request.query;
  const needle = q?.toLowerCase();
  const codes = [...taxContent().taxCodes()]
    .filter((c) => (category === undefined || c.category === category) && (needle === undefined || `${c.code} ${c.name} ${c.description}`.toLowerCase().includes(needle)))
    .sort((a, b) => a.code.localeCompare(b.code))
    .map((c) => ({ object: 'tax_code', code: c.code, name: c.name, description: c.description, category: c.category }));
  return ok({ content_version: taxContent().version, ...pageInMemory(codes, (c) => c.code, request.query) });
});
