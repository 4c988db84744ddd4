// AvaTax companies: the account's locations and the account itself. Any key of the account (a
// connector checks its company with the key it taxes with); a location-scoped key sees its own.
import type { RouteDef } from '../../route';
import { AVATAX } from './surface';

export const AVATAX_COMPANIES_LIST = {
  ...AVATAX,
  id: 'avatax-companies-list',
  method: 'GET',
  path: '/companies',
  handler: 'avatax/companies/list',
  scope: null,
} as const satisfies RouteDef;

export const AVATAX_COMPANIES_ROUTES = [AVATAX_COMPANIES_LIST] as const;
