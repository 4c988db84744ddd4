// Every route of the service, composed from the route file of each domain. Order is the
// API description's order of operations.

import type { RouteDef } from '../route';
import { ACCOUNT_ROUTES } from './account';
import { AVATAX_ROUTES } from './avatax';
import { BATCHES_ROUTES } from './batches';
import { CALCULATIONS_ROUTES } from './calculations';
import { CERTIFICATES_ROUTES } from './certificates';
import { CUSTOMERS_ROUTES } from './customers';
import { NEXUS_ROUTES } from './nexus';
import { PROVIDER_ROUTES } from './provider';
import { PUBLIC_ROUTES } from './public';
import { REPORTS_ROUTES } from './reports';
import { RETURN_JOBS_ROUTES } from './return-jobs';
import { SERVICE_ROUTES } from './service';
import { TAXJAR_ROUTES } from './taxjar';
import { TRANSACTIONS_ROUTES } from './transactions';
import { WEBHOOKS_ROUTES } from './webhooks';

export * from './account';
export * from './avatax';
export * from './batches';
export * from './calculations';
export * from './certificates';
export * from './customers';
export * from './nexus';
export * from './provider';
export * from './public';
export * from './reports';
export * from './return-jobs';
export * from './service';
export * from './taxjar';
export * from './transactions';
export * from './webhooks';

export const ROUTES = [
  ...SERVICE_ROUTES,
  ...PUBLIC_ROUTES,
  ...ACCOUNT_ROUTES,
  ...CALCULATIONS_ROUTES,
  ...TRANSACTIONS_ROUTES,
  ...REPORTS_ROUTES,
  ...NEXUS_ROUTES,
  ...CUSTOMERS_ROUTES,
  ...CERTIFICATES_ROUTES,
  ...PROVIDER_ROUTES,
  ...BATCHES_ROUTES,
  ...RETURN_JOBS_ROUTES,
  ...TAXJAR_ROUTES,
  ...WEBHOOKS_ROUTES,
  ...AVATAX_ROUTES,
] as const satisfies readonly RouteDef[];

export type RouteId = (typeof ROUTES)[number]['id'];
