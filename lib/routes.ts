// The one route manifest. The CDK stack builds one Lambda function and one API Gateway method per
// entry; the local runner serves the same entries with the same handler modules. Each handler
// imports its own entry (scope, bucket, credential, path) from here, so policy lives in one place;
// entries are plain constants, so a function's bundle holds its own entry, not the manifest.
import type { Credential } from '../functions/core/access/authorize';
import type { Environment } from '../functions/core/access/records';
import type { Scope } from '../functions/core/access/scopes';
import type { Bucket } from '../functions/core/limits/rate-limits';
import type { UsageKind } from '../functions/core/usage/usage';

export type { Bucket, Credential, Environment };
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** How a route renders its errors: the contract's envelope, or TaxJar's `{error, detail, status}`. */
export type ErrorDialect = 'contract' | 'taxjar';

export interface RouteDef {
  readonly id: string;
  readonly method: HttpMethod;
  /** API Gateway style path with `{param}` segments, below the base path. */
  readonly path: string;
  /** The base path the route lives under (default BASE_PATH; `''`: the API's root, e.g. /docs; the TaxJar-compatible API has its own). */
  readonly base?: string;
  /**
   * Served without a key (contract §10: the API description): no authentication, no rate-limit
   * bucket, no scope; scope, credential and bucket are then unused. Built with publicHandler.
   */
  readonly public?: boolean;
  /** Project files the function reads, copied next to its bundle (functions/http/static-file.ts). */
  readonly files?: readonly string[];
  /** Error rendering (default `contract`); also whether `Authorization: Token token="<key>"` is read. */
  readonly dialect?: ErrorDialect;
  /** The handler module, when it is not `functions/<id>/handler.ts` (see routeEntry). */
  readonly entry?: string;
  readonly scope: Scope | null;
  readonly credential: Credential;
  /** Provider routes that act on one client engagement (contract §5). */
  readonly clientContext?: boolean;
  readonly bucket: Bucket;
  /** Environments the route serves; others get 403 insufficient_scope. Default: both. */
  readonly environments?: readonly Environment[];
  /** The function loads the tax content artifact. */
  readonly content?: boolean;
  /** The function registers or disables API Gateway usage-plan keys. */
  readonly usageKeys?: boolean;
  /** Queues (lib/resources.ts ids) the function sends to; its role may send to those only. */
  readonly sendsTo?: readonly string[];
  /** Data access when it is not the method's (GET reads, others write): a read that records a state change. */
  readonly data?: 'read' | 'write';
  readonly timeoutSeconds?: number;
  readonly memoryMb?: number;
  /**
   * A call that stores nothing but is billed (a calculation, an estimate): each successful answer
   * is one unit of this kind (functions/application/usage.ts). Routes that write bill in their write.
   */
  readonly meter?: UsageKind;
}

export const BASE_PATH = '/api/v1';
/** The TaxJar SmartCalcs-compatible API: a TaxJar client's `apiUrl` (it appends `/v2/...`). */
export const TAXJAR_BASE_PATH = '/taxjar';

/** Every base path, for the local runner's and the stack's routing. */
export const BASE_PATHS = [BASE_PATH, TAXJAR_BASE_PATH] as const;

// --- service ----------------------------------------------------------------------------------

export const CONFIG_GET = {
  id: 'config-get',
  method: 'GET',
  path: '/config',
  scope: null,
  credential: 'any',
  bucket: 'general',
  content: true,
} as const satisfies RouteDef;

export const OPERATIONS_STATUS = {
  id: 'operations-status',
  method: 'GET',
  path: '/operations/status',
  scope: null,
  credential: 'tenant',
  bucket: 'general',
} as const satisfies RouteDef;

/** The caller's metered usage (issue 30): the account's for an organization-scoped key, else the key's own. */
export const USAGE_GET = {
  id: 'usage-get',
  method: 'GET',
  path: '/usage',
  scope: null,
  credential: 'tenant',
  bucket: 'general',
} as const satisfies RouteDef;

// --- the API description (contract §10): no key, no bucket ---------------------------------------

export const OPENAPI_GET = {
  id: 'openapi-get',
  method: 'GET',
  path: '/openapi.json',
  public: true,
  scope: null,
  credential: 'any',
  bucket: 'general',
  files: ['openapi.json'],
} as const satisfies RouteDef;

export const DOCS_GET = {
  id: 'docs-get',
  method: 'GET',
  path: '/docs',
  base: '',
  public: true,
  scope: null,
  credential: 'any',
  bucket: 'general',
  files: ['node_modules/swagger-ui-dist/swagger-ui-bundle.js', 'node_modules/swagger-ui-dist/swagger-ui.css'],
} as const satisfies RouteDef;

/**
 * The operations console (issue 22): a public page like /docs — the page holds no data and needs
 * no key; in the browser it signs in with an API key and calls the public API. Its files are built
 * from console/ by lib/web-assets.ts (script first, then style).
 */
export const CONSOLE_GET = {
  id: 'console-get',
  method: 'GET',
  path: '/console',
  base: '',
  public: true,
  scope: null,
  credential: 'any',
  bucket: 'general',
  files: ['.build/web/console.js', '.build/web/console.css'],
} as const satisfies RouteDef;

// --- account administration (contract §8) -------------------------------------------------------

export const ACCOUNT_GET = {
  id: 'account-get',
  method: 'GET',
  path: '/account',
  scope: 'account:admin',
  credential: 'organization',
  bucket: 'general',
} as const satisfies RouteDef;

export const ACCOUNT_UPDATE = {
  id: 'account-update',
  method: 'PATCH',
  path: '/account',
  scope: 'account:admin',
  credential: 'organization',
  bucket: 'general',
} as const satisfies RouteDef;

export const LOCATIONS_CREATE = {
  id: 'locations-create',
  method: 'POST',
  path: '/locations',
  scope: 'account:admin',
  credential: 'organization',
  bucket: 'general',
} as const satisfies RouteDef;

export const LOCATIONS_LIST = {
  id: 'locations-list',
  method: 'GET',
  path: '/locations',
  scope: 'account:admin',
  credential: 'organization',
  bucket: 'general',
} as const satisfies RouteDef;

export const KEYS_CREATE = {
  id: 'keys-create',
  method: 'POST',
  path: '/keys',
  scope: 'account:admin',
  credential: 'organization',
  bucket: 'general',
  usageKeys: true,
} as const satisfies RouteDef;

export const KEYS_LIST = {
  id: 'keys-list',
  method: 'GET',
  path: '/keys',
  scope: 'account:admin',
  credential: 'organization',
  bucket: 'general',
} as const satisfies RouteDef;

export const KEYS_REVOKE = {
  id: 'keys-revoke',
  method: 'DELETE',
  path: '/keys/{id}',
  scope: 'account:admin',
  credential: 'organization',
  bucket: 'general',
  usageKeys: true,
} as const satisfies RouteDef;

export const ITEMS_CREATE = {
  id: 'items-create',
  method: 'POST',
  path: '/items',
  scope: 'account:admin',
  credential: 'organization',
  bucket: 'general',
  content: true,
} as const satisfies RouteDef;

export const ITEMS_LIST = {
  id: 'items-list',
  method: 'GET',
  path: '/items',
  scope: 'account:admin',
  credential: 'organization',
  bucket: 'general',
} as const satisfies RouteDef;

export const IL_DECLARATIONS_CREATE = {
  id: 'il-declarations-create',
  method: 'POST',
  path: '/il-seller-declarations',
  scope: 'account:admin',
  credential: 'organization',
  bucket: 'general',
} as const satisfies RouteDef;

// --- tax content and calculation (contract §2, §7 estimates) -------------------------------------------

export const CALCULATIONS_CREATE = {
  id: 'calculations-create',
  method: 'POST',
  path: '/calculations',
  scope: 'calculations:write',
  credential: 'tenant',
  bucket: 'general',
  content: true,
  meter: 'calculation',
} as const satisfies RouteDef;

export const ESTIMATES_CREATE = {
  id: 'estimates-create',
  method: 'POST',
  path: '/estimates',
  scope: 'calculations:write',
  credential: 'tenant',
  bucket: 'estimates',
  environments: ['sandbox'],
  content: true,
  meter: 'estimate',
} as const satisfies RouteDef;

export const TAX_CODES_LIST = {
  id: 'tax-codes-list',
  method: 'GET',
  path: '/tax-codes',
  scope: null,
  credential: 'any',
  bucket: 'general',
  content: true,
} as const satisfies RouteDef;

export const RATES_GET = {
  id: 'rates-get',
  method: 'GET',
  path: '/rates',
  scope: null,
  credential: 'any',
  bucket: 'general',
  content: true,
} as const satisfies RouteDef;

// --- committed transactions (contract §3) -------------------------------------------------------------

export const TRANSACTIONS_CREATE = {
  id: 'transactions-create',
  method: 'POST',
  path: '/transactions',
  scope: 'transactions:write',
  credential: 'tenant',
  bucket: 'general',
  content: true,
} as const satisfies RouteDef;

export const TRANSACTIONS_LIST = {
  id: 'transactions-list',
  method: 'GET',
  path: '/transactions',
  scope: 'transactions:read',
  credential: 'tenant',
  bucket: 'general',
} as const satisfies RouteDef;

export const TRANSACTIONS_GET = {
  id: 'transactions-get',
  method: 'GET',
  path: '/transactions/{code}',
  scope: 'transactions:read',
  credential: 'tenant',
  bucket: 'general',
} as const satisfies RouteDef;

export const TRANSACTIONS_REFUND = {
  id: 'transactions-refund',
  method: 'POST',
  path: '/transactions/{code}/refunds',
  scope: 'transactions:write',
  credential: 'tenant',
  bucket: 'general',
} as const satisfies RouteDef;

export const TRANSACTIONS_CREDIT = {
  id: 'transactions-credit',
  method: 'POST',
  path: '/transactions/{code}/credits',
  scope: 'transactions:write',
  credential: 'tenant',
  bucket: 'general',
} as const satisfies RouteDef;

export const TRANSACTIONS_VOID = {
  id: 'transactions-void',
  method: 'POST',
  path: '/transactions/{code}/void',
  scope: 'transactions:write',
  credential: 'tenant',
  bucket: 'general',
} as const satisfies RouteDef;

export const TRANSACTIONS_ADJUST = {
  id: 'transactions-adjust',
  method: 'POST',
  path: '/transactions/adjustments',
  scope: 'transactions:write',
  credential: 'tenant',
  bucket: 'general',
  content: true,
} as const satisfies RouteDef;

// --- customers and exemption certificates (contract §4) ------------------------------------------------

export const CUSTOMERS_CREATE = {
  id: 'customers-create',
  method: 'POST',
  path: '/customers',
  scope: 'customers:write',
  credential: 'tenant',
  bucket: 'general',
} as const satisfies RouteDef;

export const CUSTOMERS_LIST = {
  id: 'customers-list',
  method: 'GET',
  path: '/customers',
  scope: 'customers:read',
  credential: 'tenant',
  bucket: 'general',
} as const satisfies RouteDef;

export const CUSTOMERS_GET = {
  id: 'customers-get',
  method: 'GET',
  path: '/customers/{code}',
  scope: 'customers:read',
  credential: 'tenant',
  bucket: 'general',
} as const satisfies RouteDef;

export const CUSTOMERS_ASSIGN = {
  id: 'customers-assign',
  method: 'POST',
  path: '/customers/{code}/certificates',
  scope: 'certificates:write',
  credential: 'tenant',
  bucket: 'general',
} as const satisfies RouteDef;

export const CERTIFICATES_CREATE = {
  id: 'certificates-create',
  method: 'POST',
  path: '/certificates',
  scope: 'certificates:write',
  credential: 'tenant',
  bucket: 'general',
} as const satisfies RouteDef;

export const CERTIFICATES_LIST = {
  id: 'certificates-list',
  method: 'GET',
  path: '/certificates',
  scope: 'certificates:read',
  credential: 'tenant',
  bucket: 'general',
} as const satisfies RouteDef;

export const CERTIFICATES_GET = {
  id: 'certificates-get',
  method: 'GET',
  path: '/certificates/{id}',
  scope: 'certificates:read',
  credential: 'tenant',
  bucket: 'general',
} as const satisfies RouteDef;

export const CERTIFICATES_ACTIVATE = {
  id: 'certificates-activate',
  method: 'POST',
  path: '/certificates/{id}/activate',
  scope: 'certificates:review',
  credential: 'tenant',
  bucket: 'general',
} as const satisfies RouteDef;

// --- service providers (contract §5) --------------------------------------------------------------

export const PROVIDER_ENGAGEMENTS = {
  id: 'provider-engagements',
  method: 'GET',
  path: '/provider/engagements',
  scope: 'provider:read',
  credential: 'provider',
  bucket: 'general',
} as const satisfies RouteDef;

export const PROVIDER_CLIENT = {
  id: 'provider-client',
  method: 'GET',
  path: '/provider/client',
  scope: 'provider:read',
  credential: 'provider',
  clientContext: true,
  bucket: 'general',
} as const satisfies RouteDef;

// --- TaxJar SmartCalcs v2 compatibility (contract §10; README "TaxJar compatibility") ------------
// The same use cases, stores and pipeline as /api/v1 under their own base path, answering in
// TaxJar's shapes and error dialect, so TaxJar's clients work by changing their apiUrl.

export const TAXJAR_TAXES = {
  id: 'taxjar-taxes',
  method: 'POST',
  base: TAXJAR_BASE_PATH,
  path: '/v2/taxes',
  dialect: 'taxjar',
  scope: 'calculations:write',
  credential: 'tenant',
  bucket: 'general',
  content: true,
  meter: 'calculation',
} as const satisfies RouteDef;

export const TAXJAR_RATES_GET = {
  id: 'taxjar-rates-get',
  method: 'GET',
  base: TAXJAR_BASE_PATH,
  path: '/v2/rates/{zip}',
  dialect: 'taxjar',
  scope: null,
  credential: 'any',
  bucket: 'general',
  content: true,
} as const satisfies RouteDef;

export const TAXJAR_CATEGORIES = {
  id: 'taxjar-categories',
  method: 'GET',
  base: TAXJAR_BASE_PATH,
  path: '/v2/categories',
  dialect: 'taxjar',
  scope: null,
  credential: 'any',
  bucket: 'general',
  content: true,
} as const satisfies RouteDef;

export const TAXJAR_SUMMARY_RATES = {
  id: 'taxjar-summary-rates',
  method: 'GET',
  base: TAXJAR_BASE_PATH,
  path: '/v2/summary_rates',
  dialect: 'taxjar',
  scope: null,
  credential: 'any',
  bucket: 'general',
  content: true,
} as const satisfies RouteDef;

export const TAXJAR_NEXUS_REGIONS = {
  id: 'taxjar-nexus-regions',
  method: 'GET',
  base: TAXJAR_BASE_PATH,
  path: '/v2/nexus/regions',
  dialect: 'taxjar',
  scope: null,
  credential: 'tenant',
  bucket: 'general',
} as const satisfies RouteDef;

export const TAXJAR_ORDERS_LIST = {
  id: 'taxjar-orders-list',
  method: 'GET',
  base: TAXJAR_BASE_PATH,
  path: '/v2/transactions/orders',
  dialect: 'taxjar',
  scope: 'transactions:read',
  credential: 'tenant',
  bucket: 'general',
} as const satisfies RouteDef;

export const TAXJAR_ORDERS_GET = {
  id: 'taxjar-orders-get',
  method: 'GET',
  base: TAXJAR_BASE_PATH,
  path: '/v2/transactions/orders/{transaction_id}',
  dialect: 'taxjar',
  scope: 'transactions:read',
  credential: 'tenant',
  bucket: 'general',
} as const satisfies RouteDef;

export const TAXJAR_ORDERS_CREATE = {
  id: 'taxjar-orders-create',
  method: 'POST',
  base: TAXJAR_BASE_PATH,
  path: '/v2/transactions/orders',
  dialect: 'taxjar',
  scope: 'transactions:write',
  credential: 'tenant',
  bucket: 'general',
  content: true,
} as const satisfies RouteDef;

export const TAXJAR_ORDERS_UPDATE = {
  id: 'taxjar-orders-update',
  method: 'PUT',
  base: TAXJAR_BASE_PATH,
  path: '/v2/transactions/orders/{transaction_id}',
  dialect: 'taxjar',
  scope: 'transactions:write',
  credential: 'tenant',
  bucket: 'general',
  content: true,
} as const satisfies RouteDef;

export const TAXJAR_ORDERS_DELETE = {
  id: 'taxjar-orders-delete',
  method: 'DELETE',
  base: TAXJAR_BASE_PATH,
  path: '/v2/transactions/orders/{transaction_id}',
  dialect: 'taxjar',
  scope: 'transactions:write',
  credential: 'tenant',
  bucket: 'general',
} as const satisfies RouteDef;

export const TAXJAR_REFUNDS_LIST = {
  id: 'taxjar-refunds-list',
  method: 'GET',
  base: TAXJAR_BASE_PATH,
  path: '/v2/transactions/refunds',
  dialect: 'taxjar',
  scope: 'transactions:read',
  credential: 'tenant',
  bucket: 'general',
} as const satisfies RouteDef;

export const TAXJAR_REFUNDS_GET = {
  id: 'taxjar-refunds-get',
  method: 'GET',
  base: TAXJAR_BASE_PATH,
  path: '/v2/transactions/refunds/{transaction_id}',
  dialect: 'taxjar',
  scope: 'transactions:read',
  credential: 'tenant',
  bucket: 'general',
} as const satisfies RouteDef;

export const TAXJAR_REFUNDS_CREATE = {
  id: 'taxjar-refunds-create',
  method: 'POST',
  base: TAXJAR_BASE_PATH,
  path: '/v2/transactions/refunds',
  dialect: 'taxjar',
  scope: 'transactions:write',
  credential: 'tenant',
  bucket: 'general',
} as const satisfies RouteDef;

export const TAXJAR_CUSTOMERS_LIST = {
  id: 'taxjar-customers-list',
  method: 'GET',
  base: TAXJAR_BASE_PATH,
  path: '/v2/customers',
  dialect: 'taxjar',
  scope: 'customers:read',
  credential: 'tenant',
  bucket: 'general',
} as const satisfies RouteDef;

export const TAXJAR_CUSTOMERS_GET = {
  id: 'taxjar-customers-get',
  method: 'GET',
  base: TAXJAR_BASE_PATH,
  path: '/v2/customers/{customer_id}',
  dialect: 'taxjar',
  scope: 'customers:read',
  credential: 'tenant',
  bucket: 'general',
} as const satisfies RouteDef;

export const TAXJAR_CUSTOMERS_CREATE = {
  id: 'taxjar-customers-create',
  method: 'POST',
  base: TAXJAR_BASE_PATH,
  path: '/v2/customers',
  dialect: 'taxjar',
  scope: 'customers:write',
  credential: 'tenant',
  bucket: 'general',
} as const satisfies RouteDef;

export const TAXJAR_CUSTOMERS_UPDATE = {
  id: 'taxjar-customers-update',
  method: 'PUT',
  base: TAXJAR_BASE_PATH,
  path: '/v2/customers/{customer_id}',
  dialect: 'taxjar',
  scope: 'customers:write',
  credential: 'tenant',
  bucket: 'general',
} as const satisfies RouteDef;

export const TAXJAR_CUSTOMERS_DELETE = {
  id: 'taxjar-customers-delete',
  method: 'DELETE',
  base: TAXJAR_BASE_PATH,
  path: '/v2/customers/{customer_id}',
  dialect: 'taxjar',
  scope: 'customers:write',
  credential: 'tenant',
  bucket: 'general',
} as const satisfies RouteDef;

export const RETURN_JOBS_CREATE = {
  id: 'return-jobs-create',
  method: 'POST',
  path: '/provider/return-jobs',
  scope: 'provider:write',
  credential: 'provider',
  clientContext: true,
  bucket: 'general',
  sendsTo: ['ReturnJobItems'],
  memoryMb: 1024,
} as const satisfies RouteDef;

export const RETURN_JOBS_LIST = {
  id: 'return-jobs-list',
  method: 'GET',
  path: '/provider/return-jobs',
  scope: 'provider:read',
  credential: 'provider',
  clientContext: true,
  bucket: 'general',
} as const satisfies RouteDef;

export const RETURN_JOBS_GET = {
  id: 'return-jobs-get',
  method: 'GET',
  path: '/provider/return-jobs/{id}',
  scope: 'provider:read',
  credential: 'provider',
  clientContext: true,
  bucket: 'general',
  // Reading a job past its deadline records its failure (and return_job.failed).
  data: 'write',
  memoryMb: 1024,
} as const satisfies RouteDef;

export const RETURN_JOBS_ITEMS = {
  id: 'return-jobs-items',
  method: 'GET',
  path: '/provider/return-jobs/{id}/items',
  scope: 'provider:read',
  credential: 'provider',
  clientContext: true,
  bucket: 'general',
  data: 'write',
} as const satisfies RouteDef;

// --- batches (contract §6) ------------------------------------------------------------------------

export const BATCHES_CREATE = {
  id: 'batches-create',
  method: 'POST',
  path: '/batches',
  scope: 'batches:write',
  credential: 'tenant',
  bucket: 'batch_submissions',
  sendsTo: ['BatchItems'],
  // Up to 500 items of up to 1,000 lines are stored before the answer.
  memoryMb: 1024,
} as const satisfies RouteDef;

export const BATCHES_LIST = {
  id: 'batches-list',
  method: 'GET',
  path: '/batches',
  scope: 'batches:read',
  credential: 'tenant',
  bucket: 'general',
} as const satisfies RouteDef;

export const BATCHES_GET = {
  id: 'batches-get',
  method: 'GET',
  path: '/batches/{id}',
  scope: 'batches:read',
  credential: 'tenant',
  bucket: 'general',
  // Reading a batch past its deadline records its failure (and batch.failed).
  data: 'write',
  memoryMb: 1024,
} as const satisfies RouteDef;

export const BATCHES_ITEMS = {
  id: 'batches-items',
  method: 'GET',
  path: '/batches/{id}/items',
  scope: 'batches:read',
  credential: 'tenant',
  bucket: 'general',
  data: 'write',
  memoryMb: 1024,
} as const satisfies RouteDef;

// --- webhooks (contract §7) --------------------------------------------------------------------------
// Organization keys only: an endpoint receives every event of the account environment, which a
// location-scoped key may not see.

export const WEBHOOKS_CREATE = {
  id: 'webhooks-create',
  method: 'POST',
  path: '/webhooks',
  scope: 'webhooks:write',
  credential: 'organization',
  bucket: 'general',
} as const satisfies RouteDef;

export const WEBHOOKS_LIST = {
  id: 'webhooks-list',
  method: 'GET',
  path: '/webhooks',
  scope: 'webhooks:read',
  credential: 'organization',
  bucket: 'general',
} as const satisfies RouteDef;

export const WEBHOOKS_GET = {
  id: 'webhooks-get',
  method: 'GET',
  path: '/webhooks/{id}',
  scope: 'webhooks:read',
  credential: 'organization',
  bucket: 'general',
} as const satisfies RouteDef;

export const WEBHOOKS_DELETE = {
  id: 'webhooks-delete',
  method: 'DELETE',
  path: '/webhooks/{id}',
  scope: 'webhooks:write',
  credential: 'organization',
  bucket: 'general',
} as const satisfies RouteDef;

export const WEBHOOKS_ROTATE_SECRET = {
  id: 'webhooks-rotate-secret',
  method: 'POST',
  path: '/webhooks/{id}/rotate-secret',
  scope: 'webhooks:write',
  credential: 'organization',
  bucket: 'general',
} as const satisfies RouteDef;

export const EVENTS_LIST = {
  id: 'events-list',
  method: 'GET',
  path: '/events',
  scope: 'webhooks:read',
  credential: 'organization',
  bucket: 'general',
} as const satisfies RouteDef;

export const EVENTS_REDELIVER = {
  id: 'events-redeliver',
  method: 'POST',
  path: '/events/{id}/redeliver',
  scope: 'webhooks:write',
  credential: 'organization',
  bucket: 'general',
  sendsTo: ['WebhookDeliveries'],
} as const satisfies RouteDef;

export const ROUTES = [
  CONFIG_GET,
  OPERATIONS_STATUS,
  USAGE_GET,
  OPENAPI_GET,
  DOCS_GET,
  CONSOLE_GET,
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
  CALCULATIONS_CREATE,
  ESTIMATES_CREATE,
  TAX_CODES_LIST,
  RATES_GET,
  TRANSACTIONS_CREATE,
  TRANSACTIONS_LIST,
  TRANSACTIONS_GET,
  TRANSACTIONS_REFUND,
  TRANSACTIONS_CREDIT,
  TRANSACTIONS_VOID,
  TRANSACTIONS_ADJUST,
  CUSTOMERS_CREATE,
  CUSTOMERS_LIST,
  CUSTOMERS_GET,
  CUSTOMERS_ASSIGN,
  CERTIFICATES_CREATE,
  CERTIFICATES_LIST,
  CERTIFICATES_GET,
  CERTIFICATES_ACTIVATE,
  PROVIDER_ENGAGEMENTS,
  PROVIDER_CLIENT,
  BATCHES_CREATE,
  BATCHES_LIST,
  BATCHES_GET,
  BATCHES_ITEMS,
  RETURN_JOBS_CREATE,
  RETURN_JOBS_LIST,
  RETURN_JOBS_GET,
  RETURN_JOBS_ITEMS,
  TAXJAR_TAXES,
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
  TAXJAR_CUSTOMERS_LIST,
  TAXJAR_CUSTOMERS_GET,
  TAXJAR_CUSTOMERS_CREATE,
  TAXJAR_CUSTOMERS_UPDATE,
  TAXJAR_CUSTOMERS_DELETE,
  WEBHOOKS_CREATE,
  WEBHOOKS_LIST,
  WEBHOOKS_GET,
  WEBHOOKS_DELETE,
  WEBHOOKS_ROTATE_SECRET,
  EVENTS_LIST,
  EVENTS_REDELIVER,
] as const satisfies readonly RouteDef[];

export type RouteId = (typeof ROUTES)[number]['id'];

/** The route's full path as clients call it (below the stage), e.g. `/api/v1/transactions/{code}`, `/docs`. */
export const fullPath = (route: Pick<RouteDef, 'base' | 'path'>): string => `${route.base ?? BASE_PATH}${route.path}`;

/** A route's handler module, relative to the project root (it exports `handler`); the function id is the route id. */
export const routeEntry = (route: Pick<RouteDef, 'id' | 'entry'>): string => route.entry ?? `functions/${route.id}/handler.ts`;
