// Tax calculation and the content behind it; every function here loads the tax content artifact.
import type { RouteDef } from '../route';

const CALCULATIONS = {
  credential: 'tenant',
  bucket: 'general',
  content: true,
} as const satisfies Partial<RouteDef>;

export const CALCULATIONS_CREATE = {
  ...CALCULATIONS,
  id: 'calculations-create',
  method: 'POST',
  path: '/calculations',
  handler: 'api/calculations/create',
  scope: 'calculations:write',
  meter: 'calculation',
} as const satisfies RouteDef;

export const ESTIMATES_CREATE = {
  ...CALCULATIONS,
  id: 'estimates-create',
  method: 'POST',
  path: '/estimates',
  handler: 'api/calculations/estimates-create',
  scope: 'calculations:write',
  bucket: 'estimates',
  environments: ['sandbox'],
  meter: 'estimate',
} as const satisfies RouteDef;

export const TAX_CODES_LIST = {
  ...CALCULATIONS,
  id: 'tax-codes-list',
  method: 'GET',
  path: '/tax-codes',
  handler: 'api/calculations/tax-codes-list',
  scope: null,
  credential: 'any',
} as const satisfies RouteDef;

export const RATES_GET = {
  ...CALCULATIONS,
  id: 'rates-get',
  method: 'GET',
  path: '/rates',
  handler: 'api/calculations/rates-get',
  scope: null,
  credential: 'any',
} as const satisfies RouteDef;

export const CALCULATIONS_ROUTES = [CALCULATIONS_CREATE, ESTIMATES_CREATE, TAX_CODES_LIST, RATES_GET] as const;
