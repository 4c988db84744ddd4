// The committed openapi.json is what `npm run openapi` generates from the schemas today, it is a
// valid OpenAPI 3.1 document, and the client's committed types are what it generates.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import openapiTS, { astToString } from 'openapi-typescript';
import { describe, expect, it } from 'vitest';
import { fullPath } from '../../functions/manifest/route';
import { ROUTES } from '../../functions/manifest/routes';
import { PROJECT_ROOT } from '../../lib/paths';
import { openApiDocument } from '../../scripts/openapi';

const COMMITTED = join(PROJECT_ROOT, 'openapi.json');

describe('OpenAPI document', () => {
  it('covers every route and matches the committed file (run npm run openapi after changing a schema)', async () => {
    const generated = await openApiDocument();
    const paths = generated.paths as Record<string, Record<string, unknown>>;
    for (const route of ROUTES) expect(paths[fullPath(route)]?.[route.method.toLowerCase()], route.id).toBeDefined();
    expect(JSON.parse(readFileSync(COMMITTED, 'utf8'))).toEqual(generated);
  }, 60_000);

  it('is valid OpenAPI 3.1: no error and no warning of Redocly’s structural rules (examples checked against their schemas)', async () => {
    const config = await createConfig({ extends: ['minimal'], rules: { 'no-unused-components': 'off' } });
    const problems = await lintFromString({ source: readFileSync(COMMITTED, 'utf8'), absoluteRef: COMMITTED, config });
    expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)).toEqual([]);
  }, 60_000);

  it('is what the client’s committed types were generated from (npm run openapi regenerates both)', async () => {
    const generated = astToString(await openapiTS(pathToFileURL(COMMITTED)));
    const committed = readFileSync(join(PROJECT_ROOT, 'client', 'src', 'api.generated.ts'), 'utf8');
    // The CLI adds a header comment; the declarations must be identical.
    expect(committed.slice(committed.indexOf('export '))).toBe(generated.slice(generated.indexOf('export ')));
  }, 60_000);
});
