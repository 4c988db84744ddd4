// Customers and the certificates assigned to them.
import type { RouteDef } from '../route';

const CUSTOMERS = {
  credential: 'tenant',
  bucket: 'general',
} as const satisfies Partial<RouteDef>;

export const CUSTOMERS_CREATE = {
  ...CUSTOMERS,
  id: 'customers-create',
  method: 'POST',
  path: '/customers',
  handler: 'api/customers/create',
  scope: 'customers:write',
} as const satisfies RouteDef;

export const CUSTOMERS_LIST = {
  ...CUSTOMERS,
  id: 'customers-list',
  method: 'GET',
  path: '/customers',
  handler: 'api/customers/list',
  scope: 'customers:read',
} as const satisfies RouteDef;

export const CUSTOMERS_GET = {
  ...CUSTOMERS,
  id: 'customers-get',
  method: 'GET',
  path: '/customers/{code}',
  handler: 'api/customers/get',
  scope: 'customers:read',
} as const satisfies RouteDef;

export const CUSTOMERS_ASSIGN = {
  ...CUSTOMERS,
  id: 'customers-assign',
  method: 'POST',
  path: '/customers/{code}/certificates',
  handler: 'api/customers/assign',
  scope: 'certificates:write',
} as const satisfies RouteDef;

export const CUSTOMERS_ROUTES = [CUSTOMERS_CREATE, CUSTOMERS_LIST, CUSTOMERS_GET, CUSTOMERS_ASSIGN] as const;
