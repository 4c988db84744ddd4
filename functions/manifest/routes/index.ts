// Every route of the service, composed from the route file of each domain. Order is the
// API description's order of operations.
import { SERVICE_ROUTES } from './service';
import { PUBLIC_ROUTES } from './public';
import { ACCOUNT_ROUTES } from './account';
import { CALCULATIONS_ROUTES } from './calculations';
import { TRANSACTIONS_ROUTES } from './transactions';
import { CUSTOMERS_ROUTES } from './customers';
import { CERTIFICATES_ROUTES } from './certificates';
import { PROVIDER_ROUTES } from './provider';
import { BATCHES_ROUTES } from './batches';
import { RETURN_JOBS_ROUTES } from './return-jobs';
import { TAXJAR_ROUTES } from './taxjar';
import { WEBHOOKS_ROUTES } from './webhooks';
import type { RouteDef } from '../route';

export * from './service';
export * from './public';
export * from './account';
export * from './calculations';
export * from './transactions';
export * from './customers';
export * from './certificates';
export * from './provider';
export * from './batches';
export * from './return-jobs';
export * from './taxjar';
export * from './webhooks';

export const ROUTES = [
  ...SERVICE_ROUTES,
  ...PUBLIC_ROUTES,
  ...ACCOUNT_ROUTES,
  ...CALCULATIONS_ROUTES,
  ...TRANSACTIONS_ROUTES,
  ...CUSTOMERS_ROUTES,
  ...CERTIFICATES_ROUTES,
  ...PROVIDER_ROUTES,
  ...BATCHES_ROUTES,
  ...RETURN_JOBS_ROUTES,
  ...TAXJAR_ROUTES,
  ...WEBHOOKS_ROUTES,
] as const satisfies readonly RouteDef[];

export type RouteId = (typeof ROUTES)[number]['id'];
