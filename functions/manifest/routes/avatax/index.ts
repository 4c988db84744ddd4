// Every route of the AvaTax-compatible surface, one file per domain.
import { AVATAX_TRANSACTION_ROUTES } from './transactions';
import { AVATAX_UTILITIES_ROUTES } from './utilities';

export * from './transactions';
export * from './utilities';

export const AVATAX_ROUTES = [...AVATAX_UTILITIES_ROUTES, ...AVATAX_TRANSACTION_ROUTES] as const;
