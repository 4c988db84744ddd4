// AvaTax's tax rates of an address or a ZIP code: GET /api/v1/rates' breakdown for today, any
// valid key, not billed (as /api/v1/rates and TaxJar's rates).
import type { RouteDef } from '../../route';
import { AVATAX } from './surface';

const RATES = { ...AVATAX, scope: null, credential: 'any', content: true } as const satisfies Partial<RouteDef>;

export const AVATAX_TAXRATES_BYADDRESS = {
  ...RATES,
  id: 'avatax-taxrates-byaddress',
  method: 'GET',
  path: '/taxrates/byaddress',
  handler: 'avatax/tax-rates/by-address',
} as const satisfies RouteDef;

export const AVATAX_TAXRATES_BYPOSTALCODE = {
  ...RATES,
  id: 'avatax-taxrates-bypostalcode',
  method: 'GET',
  path: '/taxrates/bypostalcode',
  handler: 'avatax/tax-rates/by-postal-code',
} as const satisfies RouteDef;

export const AVATAX_TAX_RATES_ROUTES = [AVATAX_TAXRATES_BYADDRESS, AVATAX_TAXRATES_BYPOSTALCODE] as const;
