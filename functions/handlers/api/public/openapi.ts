// GET /api/v1/openapi.json (no key): the OpenAPI 3.1 document, its server set to where the caller
// reached the API, so "try it" on the docs page calls this same deployment.

import { apiOrigin, publicHandler } from '../../../http/public-handler';
import { staticFile } from '../../../http/static-file';
import { OPENAPI_GET } from '../../../manifest/routes/public';

export const handler = publicHandler(OPENAPI_GET, (request) => {
  const document = JSON.parse(staticFile('openapi.json')) as Record<string, unknown>;
  return { contentType: 'application/json', body: JSON.stringify({ ...document, servers: [{ url: apiOrigin(request) }] }) };
});
