// AvaTax's utilities: the ping every connector calls to check its settings.
import type { RouteDef } from '../../route';
import { AVATAX } from './surface';

export const AVATAX_PING = {
  ...AVATAX,
  id: 'avatax-ping',
  method: 'GET',
  path: '/utilities/ping',
  handler: 'avatax/utilities/ping',
  optionalKey: true,
  scope: null,
  credential: 'any',
} as const satisfies RouteDef;

export const AVATAX_UTILITIES_ROUTES = [AVATAX_PING] as const;
