// The TaxJar SmartCalcs v2 compatible API: the same use cases, stores and pipeline as /api/v1 under
// their own base path, answering in TaxJar's shapes and error dialect, so TaxJar's clients work by
// changing their apiUrl.
import { type RouteDef, TAXJAR_BASE_PATH } from '../route';

const TAXJAR = {
  base: TAXJAR_BASE_PATH,
  dialect: 'taxjar',
  credential: 'tenant',
  bucket: 'general',
} as const satisfies Partial<RouteDef>;

export const TAXJAR_TAXES = {
  ...TAXJAR,
  id: 'taxjar-taxes',
  method: 'POST',
  path: '/v2/taxes',
  handler: 'taxjar/calculations/taxes',
  scope: 'calculations:write',
  content: true,
  meter: 'calculation',
} as const satisfies RouteDef;

/** TaxJar's Magento 2 extension calculates every quote here rather than at /v2/taxes. */
export const TAXJAR_MAGENTO_TAXES = {
  ...TAXJAR,
  id: 'taxjar-magento-taxes',
  method: 'POST',
  path: '/v2/magento/taxes',
  handler: 'taxjar/calculations/magento-taxes',
  scope: 'calculations:write',
  content: true,
  meter: 'calculation',
} as const satisfies RouteDef;

/** Whether a key works (the Magento 2 extension's connection check); any key that authenticates may ask. */
export const TAXJAR_VERIFY = {
  ...TAXJAR,
  id: 'taxjar-verify',
  method: 'POST',
  path: '/v2/verify',
  handler: 'taxjar/account/verify',
  scope: null,
  credential: 'any',
} as const satisfies RouteDef;

export const TAXJAR_ADDRESSES_VALIDATE = {
  ...TAXJAR,
  id: 'taxjar-addresses-validate',
  method: 'POST',
  path: '/v2/addresses/validate',
  handler: 'taxjar/addresses/validate',
  scope: null,
  credential: 'any',
  content: true,
} as const satisfies RouteDef;

export const TAXJAR_RATES_GET = {
  ...TAXJAR,
  id: 'taxjar-rates-get',
  method: 'GET',
  path: '/v2/rates/{zip}',
  handler: 'taxjar/calculations/rates-get',
  scope: null,
  credential: 'any',
  content: true,
} as const satisfies RouteDef;

export const TAXJAR_CATEGORIES = {
  ...TAXJAR,
  id: 'taxjar-categories',
  method: 'GET',
  path: '/v2/categories',
  handler: 'taxjar/calculations/categories',
  scope: null,
  credential: 'any',
  content: true,
} as const satisfies RouteDef;

export const TAXJAR_SUMMARY_RATES = {
  ...TAXJAR,
  id: 'taxjar-summary-rates',
  method: 'GET',
  path: '/v2/summary_rates',
  handler: 'taxjar/calculations/summary-rates',
  scope: null,
  credential: 'any',
  content: true,
} as const satisfies RouteDef;

export const TAXJAR_NEXUS_REGIONS = {
  ...TAXJAR,
  id: 'taxjar-nexus-regions',
  method: 'GET',
  path: '/v2/nexus/regions',
  handler: 'taxjar/calculations/nexus-regions',
  scope: null,
  content: true,
} as const satisfies RouteDef;

export const TAXJAR_ORDERS_LIST = {
  ...TAXJAR,
  id: 'taxjar-orders-list',
  method: 'GET',
  path: '/v2/transactions/orders',
  handler: 'taxjar/orders/list',
  scope: 'transactions:read',
} as const satisfies RouteDef;

export const TAXJAR_ORDERS_GET = {
  ...TAXJAR,
  id: 'taxjar-orders-get',
  method: 'GET',
  path: '/v2/transactions/orders/{transaction_id}',
  handler: 'taxjar/orders/get',
  scope: 'transactions:read',
} as const satisfies RouteDef;

export const TAXJAR_ORDERS_CREATE = {
  ...TAXJAR,
  id: 'taxjar-orders-create',
  method: 'POST',
  path: '/v2/transactions/orders',
  handler: 'taxjar/orders/create',
  scope: 'transactions:write',
  content: true,
} as const satisfies RouteDef;

export const TAXJAR_ORDERS_UPDATE = {
  ...TAXJAR,
  id: 'taxjar-orders-update',
  method: 'PUT',
  path: '/v2/transactions/orders/{transaction_id}',
  handler: 'taxjar/orders/update',
  scope: 'transactions:write',
  content: true,
} as const satisfies RouteDef;

export const TAXJAR_ORDERS_DELETE = {
  ...TAXJAR,
  id: 'taxjar-orders-delete',
  method: 'DELETE',
  path: '/v2/transactions/orders/{transaction_id}',
  handler: 'taxjar/orders/delete',
  scope: 'transactions:write',
} as const satisfies RouteDef;

export const TAXJAR_REFUNDS_LIST = {
  ...TAXJAR,
  id: 'taxjar-refunds-list',
  method: 'GET',
  path: '/v2/transactions/refunds',
  handler: 'taxjar/refunds/list',
  scope: 'transactions:read',
} as const satisfies RouteDef;

export const TAXJAR_REFUNDS_GET = {
  ...TAXJAR,
  id: 'taxjar-refunds-get',
  method: 'GET',
  path: '/v2/transactions/refunds/{transaction_id}',
  handler: 'taxjar/refunds/get',
  scope: 'transactions:read',
} as const satisfies RouteDef;

export const TAXJAR_REFUNDS_CREATE = {
  ...TAXJAR,
  id: 'taxjar-refunds-create',
  method: 'POST',
  path: '/v2/transactions/refunds',
  handler: 'taxjar/refunds/create',
  scope: 'transactions:write',
} as const satisfies RouteDef;

/** A refund's update: its live version withdrawn and the next written, in one atomic write. */
export const TAXJAR_REFUNDS_UPDATE = {
  ...TAXJAR,
  id: 'taxjar-refunds-update',
  method: 'PUT',
  path: '/v2/transactions/refunds/{transaction_id}',
  handler: 'taxjar/refunds/update',
  scope: 'transactions:write',
} as const satisfies RouteDef;

/** A refund's delete: its live version withdrawn. */
export const TAXJAR_REFUNDS_DELETE = {
  ...TAXJAR,
  id: 'taxjar-refunds-delete',
  method: 'DELETE',
  path: '/v2/transactions/refunds/{transaction_id}',
  handler: 'taxjar/refunds/delete',
  scope: 'transactions:write',
} as const satisfies RouteDef;

export const TAXJAR_CUSTOMERS_LIST = {
  ...TAXJAR,
  id: 'taxjar-customers-list',
  method: 'GET',
  path: '/v2/customers',
  handler: 'taxjar/customers/list',
  scope: 'customers:read',
} as const satisfies RouteDef;

export const TAXJAR_CUSTOMERS_GET = {
  ...TAXJAR,
  id: 'taxjar-customers-get',
  method: 'GET',
  path: '/v2/customers/{customer_id}',
  handler: 'taxjar/customers/get',
  scope: 'customers:read',
} as const satisfies RouteDef;

export const TAXJAR_CUSTOMERS_CREATE = {
  ...TAXJAR,
  id: 'taxjar-customers-create',
  method: 'POST',
  path: '/v2/customers',
  handler: 'taxjar/customers/create',
  scope: 'customers:write',
} as const satisfies RouteDef;

export const TAXJAR_CUSTOMERS_UPDATE = {
  ...TAXJAR,
  id: 'taxjar-customers-update',
  method: 'PUT',
  path: '/v2/customers/{customer_id}',
  handler: 'taxjar/customers/update',
  scope: 'customers:write',
} as const satisfies RouteDef;

export const TAXJAR_CUSTOMERS_DELETE = {
  ...TAXJAR,
  id: 'taxjar-customers-delete',
  method: 'DELETE',
  path: '/v2/customers/{customer_id}',
  handler: 'taxjar/customers/delete',
  scope: 'customers:write',
} as const satisfies RouteDef;

export const TAXJAR_ROUTES = [
  TAXJAR_TAXES,
  TAXJAR_MAGENTO_TAXES,
  TAXJAR_VERIFY,
  TAXJAR_ADDRESSES_VALIDATE,
  TAXJAR_RATES_GET,
  TAXJAR_CATEGORIES,
  TAXJAR_SUMMARY_RATES,
  TAXJAR_NEXUS_REGIONS,
  TAXJAR_ORDERS_LIST,
  TAXJAR_ORDERS_GET,
  TAXJAR_ORDERS_CREATE,
  TAXJAR_ORDERS_UPDATE,
  TAXJAR_ORDERS_DELETE,
  TAXJAR_REFUNDS_LIST,
  TAXJAR_REFUNDS_GET,
  TAXJAR_REFUNDS_CREATE,
  TAXJAR_REFUNDS_UPDATE,
  TAXJAR_REFUNDS_DELETE,
  TAXJAR_CUSTOMERS_LIST,
  TAXJAR_CUSTOMERS_GET,
  TAXJAR_CUSTOMERS_CREATE,
  TAXJAR_CUSTOMERS_UPDATE,
  TAXJAR_CUSTOMERS_DELETE,
] as const;
