// Economic nexus: exposure per state, the sales history it adds, registrations and projections.
// Every function of the surface ships the rules file (functions/adapters/content/nexus-rules-file.ts):
// their use cases judge a state, a date or a change by the rules in force.
import type { RouteDef } from '../route';

const NEXUS = {
  credential: 'tenant',
  bucket: 'general',
} as const satisfies Partial<RouteDef>;

const RULES = ['content/nexus-rules.json'] as const;

export const NEXUS_GET = {
  ...NEXUS,
  id: 'nexus-get',
  method: 'GET',
  path: '/nexus',
  handler: 'api/nexus/get',
  scope: 'transactions:read',
  files: RULES,
} as const satisfies RouteDef;

export const NEXUS_HISTORY_CREATE = {
  ...NEXUS,
  id: 'nexus-sales-history-create',
  method: 'POST',
  path: '/nexus/sales-history',
  handler: 'api/nexus/history-create',
  scope: 'transactions:write',
  files: RULES,
} as const satisfies RouteDef;

export const NEXUS_HISTORY_LIST = {
  ...NEXUS,
  id: 'nexus-sales-history-list',
  method: 'GET',
  path: '/nexus/sales-history',
  handler: 'api/nexus/history-list',
  scope: 'transactions:read',
  files: RULES,
} as const satisfies RouteDef;

export const NEXUS_HISTORY_GET = {
  ...NEXUS,
  id: 'nexus-sales-history-get',
  method: 'GET',
  path: '/nexus/sales-history/{id}',
  handler: 'api/nexus/history-get',
  scope: 'transactions:read',
  files: RULES,
} as const satisfies RouteDef;

export const NEXUS_HISTORY_DELETE = {
  ...NEXUS,
  id: 'nexus-sales-history-delete',
  method: 'DELETE',
  path: '/nexus/sales-history/{id}',
  handler: 'api/nexus/history-delete',
  scope: 'transactions:write',
  files: RULES,
} as const satisfies RouteDef;

export const NEXUS_REGISTRATIONS_LIST = {
  ...NEXUS,
  id: 'nexus-registrations-list',
  method: 'GET',
  path: '/nexus/registrations',
  handler: 'api/nexus/registrations-list',
  scope: 'transactions:read',
  files: RULES,
} as const satisfies RouteDef;

/** Registrations decide what is taxed under `nexus: registrations`: account administration, as PATCH /account. */
export const NEXUS_REGISTRATIONS_PUT = {
  ...NEXUS,
  credential: 'organization',
  id: 'nexus-registrations-put',
  method: 'PUT',
  path: '/nexus/registrations/{state}',
  handler: 'api/nexus/registrations-put',
  scope: 'account:admin',
  files: RULES,
} as const satisfies RouteDef;

export const NEXUS_REGISTRATIONS_DELETE = {
  ...NEXUS,
  credential: 'organization',
  id: 'nexus-registrations-delete',
  method: 'DELETE',
  path: '/nexus/registrations/{state}',
  handler: 'api/nexus/registrations-delete',
  scope: 'account:admin',
  files: RULES,
} as const satisfies RouteDef;

export const NEXUS_PROJECTIONS = {
  ...NEXUS,
  id: 'nexus-projections',
  method: 'POST',
  path: '/nexus/projections',
  handler: 'api/nexus/projections',
  scope: 'transactions:read',
  files: RULES,
} as const satisfies RouteDef;

export const NEXUS_ROUTES = [
  NEXUS_GET,
  NEXUS_HISTORY_CREATE,
  NEXUS_HISTORY_LIST,
  NEXUS_HISTORY_GET,
  NEXUS_HISTORY_DELETE,
  NEXUS_REGISTRATIONS_LIST,
  NEXUS_REGISTRATIONS_PUT,
  NEXUS_REGISTRATIONS_DELETE,
  NEXUS_PROJECTIONS,
] as const;
