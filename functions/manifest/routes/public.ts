// Pages and documents served without a key: the API description, its rendering, the operations
// console. No authentication, no rate-limit bucket, no scope.
import type { RouteDef } from '../route';

const PUBLIC = {
  public: true,
  scope: null,
  credential: 'any',
  bucket: 'general',
} as const satisfies Partial<RouteDef>;

export const OPENAPI_GET = {
  ...PUBLIC,
  id: 'openapi-get',
  method: 'GET',
  path: '/openapi.json',
  handler: 'api/public/openapi',
  files: ['openapi.json'],
} as const satisfies RouteDef;

export const DOCS_GET = {
  ...PUBLIC,
  id: 'docs-get',
  method: 'GET',
  path: '/docs',
  handler: 'api/public/docs',
  base: '',
  files: ['node_modules/swagger-ui-dist/swagger-ui-bundle.js', 'node_modules/swagger-ui-dist/swagger-ui.css'],
} as const satisfies RouteDef;

/**
 * The operations console (docs/console.md): a public page like /docs — the page holds no data and
 * needs no key; in the browser it signs in with an API key and calls the public API. Its files are
 * built from console/ by lib/web-assets.ts (script first, then style).
 */
export const CONSOLE_GET = {
  ...PUBLIC,
  id: 'console-get',
  method: 'GET',
  path: '/console',
  handler: 'api/public/console',
  base: '',
  files: ['.build/web/console.js', '.build/web/console.css'],
} as const satisfies RouteDef;

export const PUBLIC_ROUTES = [OPENAPI_GET, DOCS_GET, CONSOLE_GET] as const;
