// The service itself: its limits and content, the state of its work, what a key has used.
import type { RouteDef } from '../route';

const SERVICE = {
  credential: 'tenant',
  bucket: 'general',
  scope: null,
} as const satisfies Partial<RouteDef>;

export const CONFIG_GET = {
  ...SERVICE,
  id: 'config-get',
  method: 'GET',
  path: '/config',
  handler: 'api/service/config',
  credential: 'any',
  content: true,
} as const satisfies RouteDef;

export const OPERATIONS_STATUS = {
  ...SERVICE,
  id: 'operations-status',
  method: 'GET',
  path: '/operations/status',
  handler: 'api/service/operations-status',
} as const satisfies RouteDef;

/** The caller's metered usage: the account's for an organization-scoped key, else the key's own. */
export const USAGE_GET = {
  ...SERVICE,
  id: 'usage-get',
  method: 'GET',
  path: '/usage',
  handler: 'api/service/usage',
} as const satisfies RouteDef;

export const SERVICE_ROUTES = [CONFIG_GET, OPERATIONS_STATUS, USAGE_GET] as const;
