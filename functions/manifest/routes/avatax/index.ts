// Every route of the AvaTax-compatible surface, one file per domain.
import { AVATAX_UTILITIES_ROUTES } from './utilities';

export * from './utilities';

export const AVATAX_ROUTES = [...AVATAX_UTILITIES_ROUTES] as const;
