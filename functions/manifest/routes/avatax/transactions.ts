// AvaTax's transactions (docs/avatax-compatibility.md, "Transactions"): create (an estimate, a
// draft or a committed document), create-or-adjust, read, list and the lifecycle actions of a
// company's document. `cc` below is `/companies/{companyCode}`; a company is one of the account's
// locations or the account level (DEFAULT).
import type { RouteDef } from '../../route';
import { AVATAX } from './surface';

const DOCUMENT = '/companies/{companyCode}/transactions/{transactionCode}';

export const AVATAX_TRANSACTIONS_CREATE = {
  ...AVATAX,
  id: 'avatax-transactions-create',
  method: 'POST',
  path: '/transactions/create',
  handler: 'avatax/transactions/create',
  // An order is a calculation; recording an invoice also needs transactions:write (checked by the use case).
  scope: 'calculations:write',
  content: true,
} as const satisfies RouteDef;

export const AVATAX_TRANSACTIONS_CREATE_OR_ADJUST = {
  ...AVATAX,
  id: 'avatax-transactions-create-or-adjust',
  method: 'POST',
  path: '/transactions/createoradjust',
  handler: 'avatax/transactions/create-or-adjust',
  scope: 'calculations:write',
  content: true,
} as const satisfies RouteDef;

export const AVATAX_TRANSACTIONS_LIST = {
  ...AVATAX,
  id: 'avatax-transactions-list',
  method: 'GET',
  path: '/companies/{companyCode}/transactions',
  handler: 'avatax/transactions/list',
  scope: 'transactions:read',
  content: true,
} as const satisfies RouteDef;

export const AVATAX_TRANSACTIONS_GET = {
  ...AVATAX,
  id: 'avatax-transactions-get',
  method: 'GET',
  path: DOCUMENT,
  handler: 'avatax/transactions/get',
  scope: 'transactions:read',
  content: true,
} as const satisfies RouteDef;

export const AVATAX_TRANSACTIONS_COMMIT = {
  ...AVATAX,
  id: 'avatax-transactions-commit',
  method: 'POST',
  path: `${DOCUMENT}/commit`,
  handler: 'avatax/transactions/commit',
  scope: 'transactions:write',
  // A draft's commit taxes its document through the commit use case.
  content: true,
} as const satisfies RouteDef;

export const AVATAX_TRANSACTIONS_SETTLE = {
  ...AVATAX,
  id: 'avatax-transactions-settle',
  method: 'POST',
  path: `${DOCUMENT}/settle`,
  handler: 'avatax/transactions/settle',
  scope: 'transactions:write',
  content: true,
} as const satisfies RouteDef;

export const AVATAX_TRANSACTIONS_ADJUST = {
  ...AVATAX,
  id: 'avatax-transactions-adjust',
  method: 'POST',
  path: `${DOCUMENT}/adjust`,
  handler: 'avatax/transactions/adjust',
  scope: 'transactions:write',
  content: true,
} as const satisfies RouteDef;

export const AVATAX_TRANSACTIONS_REFUND = {
  ...AVATAX,
  id: 'avatax-transactions-refund',
  method: 'POST',
  path: `${DOCUMENT}/refund`,
  handler: 'avatax/transactions/refund',
  scope: 'transactions:write',
  content: true,
} as const satisfies RouteDef;

export const AVATAX_TRANSACTIONS_VOID = {
  ...AVATAX,
  id: 'avatax-transactions-void',
  method: 'POST',
  path: `${DOCUMENT}/void`,
  handler: 'avatax/transactions/void',
  scope: 'transactions:write',
  content: true,
} as const satisfies RouteDef;

export const AVATAX_TRANSACTIONS_UNCOMMIT = {
  ...AVATAX,
  id: 'avatax-transactions-uncommit',
  method: 'POST',
  path: `${DOCUMENT}/uncommit`,
  handler: 'avatax/transactions/uncommit',
  scope: 'transactions:write',
  content: true,
} as const satisfies RouteDef;

export const AVATAX_TRANSACTIONS_UNVOID = {
  ...AVATAX,
  id: 'avatax-transactions-unvoid',
  method: 'POST',
  path: `${DOCUMENT}/unvoid`,
  handler: 'avatax/transactions/unvoid',
  scope: 'transactions:write',
  content: true,
} as const satisfies RouteDef;

/** In the order of a document's life, as the API description lists them. */
export const AVATAX_TRANSACTION_ROUTES = [
  AVATAX_TRANSACTIONS_CREATE,
  AVATAX_TRANSACTIONS_CREATE_OR_ADJUST,
  AVATAX_TRANSACTIONS_GET,
  AVATAX_TRANSACTIONS_LIST,
  AVATAX_TRANSACTIONS_COMMIT,
  AVATAX_TRANSACTIONS_ADJUST,
  AVATAX_TRANSACTIONS_SETTLE,
  AVATAX_TRANSACTIONS_REFUND,
  AVATAX_TRANSACTIONS_UNCOMMIT,
  AVATAX_TRANSACTIONS_VOID,
  AVATAX_TRANSACTIONS_UNVOID,
] as const;
