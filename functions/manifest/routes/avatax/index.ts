// Every route of the AvaTax-compatible surface, one file per domain.
import { AVATAX_ADDRESSES_ROUTES } from './addresses';
import { AVATAX_CERTIFICATES_ROUTES } from './certificates';
import { AVATAX_COMPANIES_ROUTES } from './companies';
import { AVATAX_CUSTOMERS_ROUTES } from './customers';
import { AVATAX_DEFINITIONS_ROUTES } from './definitions';
import { AVATAX_TAX_RATES_ROUTES } from './tax-rates';
import { AVATAX_TRANSACTION_ROUTES } from './transactions';
import { AVATAX_UTILITIES_ROUTES } from './utilities';

export * from './addresses';
export * from './certificates';
export * from './companies';
export * from './customers';
export * from './definitions';
export * from './tax-rates';
export * from './transactions';
export * from './utilities';

export const AVATAX_ROUTES = [
  ...AVATAX_UTILITIES_ROUTES,
  ...AVATAX_ADDRESSES_ROUTES,
  ...AVATAX_TAX_RATES_ROUTES,
  ...AVATAX_DEFINITIONS_ROUTES,
  ...AVATAX_COMPANIES_ROUTES,
  ...AVATAX_CUSTOMERS_ROUTES,
  ...AVATAX_CERTIFICATES_ROUTES,
  ...AVATAX_TRANSACTION_ROUTES,
] as const;
