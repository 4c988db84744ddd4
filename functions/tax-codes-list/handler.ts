// GET /tax-codes: the service's product tax code catalog (TaxJar-compatible codes plus SHIPPING),
// filterable by category and by text.
import { taxContent } from '../adapters/content/content-file';
import { httpHandler, ok } from '../shared/http/handler';
import { pageInMemory } from '../shared/http/pagination';
import { TaxCodeQuerySchema } from './schema';

type TaxCodeView = { object: 'tax_code'; code: string; name: string; description: string; category: string; search: string };

let catalog: TaxCodeView[] | undefined;

/** The catalog sorted by code, built once per process. */
function sortedCatalog(): TaxCodeView[] {
  catalog ??= [...taxContent().taxCodes()]
    .sort((a, b) => a.code.localeCompare(b.code))
    .map((c) => ({ object: 'tax_code', code: c.code, name: c.name, description: c.description, category: c.category, search: `${c.code} ${c.name} ${c.description}`.toLowerCase() }));
  return catalog;
}

export const handler = httpHandler('tax-codes-list', { query: TaxCodeQuerySchema }, async (request) => {
  const { category, q } = request.query;
  const needle = q?.toLowerCase();
  const codes = sortedCatalog().filter((c) => (category === undefined || c.category === category) && (needle === undefined || c.search.includes(needle)));
  const page = pageInMemory(codes, (c) => c.code, request.query);
  return ok({ content_version: taxContent().version, ...page, data: page.data.map(({ search: _search, ...view }) => view) });
});
