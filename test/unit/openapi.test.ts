// The committed openapi.json is what `npm run openapi` generates from the schemas today.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../lib/paths';
import { ROUTES, fullPath } from '../../lib/routes';
import { openApiDocument } from '../../scripts/openapi';

describe('OpenAPI document', () => {
  it('covers every route and matches the committed file (run npm run openapi after changing a schema)', async () => {
    const generated = await openApiDocument();
    const paths = generated.paths as Record<string, Record<string, unknown>>;
    for (const route of ROUTES) expect(paths[fullPath(route)]?.[route.method.toLowerCase()], route.id).toBeDefined();
    expect(JSON.parse(readFileSync(join(PROJECT_ROOT, 'openapi.json'), 'utf8'))).toEqual(generated);
  }, 60_000);
});
