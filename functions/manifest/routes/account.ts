// Account administration by organization keys with `account:admin`: settings, locations, keys, the
// item catalog and Illinois seller declarations.
import type { RouteDef } from '../route';

const ACCOUNT = {
  scope: 'account:admin',
  credential: 'organization',
  bucket: 'general',
} as const satisfies Partial<RouteDef>;

export const ACCOUNT_GET = {
  ...ACCOUNT,
  id: 'account-get',
  method: 'GET',
  path: '/account',
  handler: 'api/account/get',
} as const satisfies RouteDef;

export const ACCOUNT_UPDATE = {
  ...ACCOUNT,
  id: 'account-update',
  method: 'PATCH',
  path: '/account',
  handler: 'api/account/update',
} as const satisfies RouteDef;

export const LOCATIONS_CREATE = {
  ...ACCOUNT,
  id: 'locations-create',
  method: 'POST',
  path: '/locations',
  handler: 'api/account/locations-create',
} as const satisfies RouteDef;

export const LOCATIONS_LIST = {
  ...ACCOUNT,
  id: 'locations-list',
  method: 'GET',
  path: '/locations',
  handler: 'api/account/locations-list',
} as const satisfies RouteDef;

export const KEYS_CREATE = {
  ...ACCOUNT,
  id: 'keys-create',
  method: 'POST',
  path: '/keys',
  handler: 'api/account/keys-create',
  usageKeys: true,
} as const satisfies RouteDef;

export const KEYS_LIST = {
  ...ACCOUNT,
  id: 'keys-list',
  method: 'GET',
  path: '/keys',
  handler: 'api/account/keys-list',
} as const satisfies RouteDef;

export const KEYS_REVOKE = {
  ...ACCOUNT,
  id: 'keys-revoke',
  method: 'DELETE',
  path: '/keys/{id}',
  handler: 'api/account/keys-revoke',
  usageKeys: true,
} as const satisfies RouteDef;

export const ITEMS_CREATE = {
  ...ACCOUNT,
  id: 'items-create',
  method: 'POST',
  path: '/items',
  handler: 'api/account/items-create',
  content: true,
} as const satisfies RouteDef;

export const ITEMS_LIST = {
  ...ACCOUNT,
  id: 'items-list',
  method: 'GET',
  path: '/items',
  handler: 'api/account/items-list',
} as const satisfies RouteDef;

export const IL_DECLARATIONS_CREATE = {
  ...ACCOUNT,
  id: 'il-declarations-create',
  method: 'POST',
  path: '/il-seller-declarations',
  handler: 'api/account/il-declarations-create',
} as const satisfies RouteDef;

export const ACCOUNT_ROUTES = [
  ACCOUNT_GET,
  ACCOUNT_UPDATE,
  LOCATIONS_CREATE,
  LOCATIONS_LIST,
  KEYS_CREATE,
  KEYS_LIST,
  KEYS_REVOKE,
  ITEMS_CREATE,
  ITEMS_LIST,
  IL_DECLARATIONS_CREATE,
] as const;
