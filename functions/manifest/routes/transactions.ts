// Committed transactions and their lifecycle: refunds, credits, voids and adjustments.
import type { RouteDef } from '../route';

const TRANSACTIONS = {
  credential: 'tenant',
  bucket: 'general',
} as const satisfies Partial<RouteDef>;

export const TRANSACTIONS_CREATE = {
  ...TRANSACTIONS,
  id: 'transactions-create',
  method: 'POST',
  path: '/transactions',
  handler: 'api/transactions/create',
  scope: 'transactions:write',
  content: true,
} as const satisfies RouteDef;

export const TRANSACTIONS_LIST = {
  ...TRANSACTIONS,
  id: 'transactions-list',
  method: 'GET',
  path: '/transactions',
  handler: 'api/transactions/list',
  scope: 'transactions:read',
} as const satisfies RouteDef;

export const TRANSACTIONS_GET = {
  ...TRANSACTIONS,
  id: 'transactions-get',
  method: 'GET',
  path: '/transactions/{code}',
  handler: 'api/transactions/get',
  scope: 'transactions:read',
} as const satisfies RouteDef;

export const TRANSACTIONS_REFUND = {
  ...TRANSACTIONS,
  id: 'transactions-refund',
  method: 'POST',
  path: '/transactions/{code}/refunds',
  handler: 'api/transactions/refund',
  scope: 'transactions:write',
} as const satisfies RouteDef;

export const TRANSACTIONS_CREDIT = {
  ...TRANSACTIONS,
  id: 'transactions-credit',
  method: 'POST',
  path: '/transactions/{code}/credits',
  handler: 'api/transactions/credit',
  scope: 'transactions:write',
} as const satisfies RouteDef;

export const TRANSACTIONS_VOID = {
  ...TRANSACTIONS,
  id: 'transactions-void',
  method: 'POST',
  path: '/transactions/{code}/void',
  handler: 'api/transactions/void',
  scope: 'transactions:write',
} as const satisfies RouteDef;

export const TRANSACTIONS_ADJUST = {
  ...TRANSACTIONS,
  id: 'transactions-adjust',
  method: 'POST',
  path: '/transactions/adjustments',
  handler: 'api/transactions/adjust',
  scope: 'transactions:write',
  content: true,
} as const satisfies RouteDef;

export const TRANSACTIONS_ROUTES = [
  TRANSACTIONS_CREATE,
  TRANSACTIONS_LIST,
  TRANSACTIONS_GET,
  TRANSACTIONS_REFUND,
  TRANSACTIONS_CREDIT,
  TRANSACTIONS_VOID,
  TRANSACTIONS_ADJUST,
] as const;
