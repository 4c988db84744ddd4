// AvaTax's definitions this service can answer: the system tax codes of its crosswalk and the
// standard entity-use codes. Any valid key; reference data, not billed.
import type { RouteDef } from '../../route';
import { AVATAX } from './surface';

const DEFINITIONS = { ...AVATAX, scope: null, credential: 'any' } as const satisfies Partial<RouteDef>;

export const AVATAX_TAXCODES_LIST = {
  ...DEFINITIONS,
  id: 'avatax-taxcodes-list',
  method: 'GET',
  path: '/definitions/taxcodes',
  handler: 'avatax/definitions/tax-codes',
  // The descriptions name the service's own codes as the catalog calls them.
  content: true,
} as const satisfies RouteDef;

export const AVATAX_ENTITYUSECODES_LIST = {
  ...DEFINITIONS,
  id: 'avatax-entityusecodes-list',
  method: 'GET',
  path: '/definitions/entityusecodes',
  handler: 'avatax/definitions/entity-use-codes',
} as const satisfies RouteDef;

export const AVATAX_DEFINITIONS_ROUTES = [AVATAX_TAXCODES_LIST, AVATAX_ENTITYUSECODES_LIST] as const;
