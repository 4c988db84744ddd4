// AvaTax customers of a company (its number in the path), over the service's customers. Writes
// store a customer and bill nothing, as /api/v1's and TaxJar's customer routes.
import type { RouteDef } from '../../route';
import { AVATAX } from './surface';

export const AVATAX_CUSTOMERS_CREATE = {
  ...AVATAX,
  id: 'avatax-customers-create',
  method: 'POST',
  path: '/companies/{companyCode}/customers',
  handler: 'avatax/customers/create',
  scope: 'customers:write',
} as const satisfies RouteDef;

export const AVATAX_CUSTOMERS_LIST = {
  ...AVATAX,
  id: 'avatax-customers-list',
  method: 'GET',
  path: '/companies/{companyCode}/customers',
  handler: 'avatax/customers/list',
  scope: 'customers:read',
} as const satisfies RouteDef;

export const AVATAX_CUSTOMERS_GET = {
  ...AVATAX,
  id: 'avatax-customers-get',
  method: 'GET',
  path: '/companies/{companyCode}/customers/{customerCode}',
  handler: 'avatax/customers/get',
  scope: 'customers:read',
} as const satisfies RouteDef;

export const AVATAX_CUSTOMERS_UPDATE = {
  ...AVATAX,
  id: 'avatax-customers-update',
  method: 'PUT',
  path: '/companies/{companyCode}/customers/{customerCode}',
  handler: 'avatax/customers/update',
  scope: 'customers:write',
} as const satisfies RouteDef;

export const AVATAX_CUSTOMERS_ROUTES = [AVATAX_CUSTOMERS_CREATE, AVATAX_CUSTOMERS_LIST, AVATAX_CUSTOMERS_GET, AVATAX_CUSTOMERS_UPDATE] as const;
