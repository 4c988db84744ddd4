// The AvaTax REST v2 compatible API: the same use cases, stores and pipeline as /api/v1 under its
// own base path, answering in AvaTax's shapes and error dialect and reading HTTP Basic credentials,
// so a client built on AvaTax's SDKs works when given the service's URL as its environment.
import { AVATAX_BASE_PATH, type RouteDef } from '../../route';

/** What every route of the surface shares. */
export const AVATAX = {
  base: AVATAX_BASE_PATH,
  dialect: 'avatax',
  credential: 'tenant',
  bucket: 'general',
} as const satisfies Partial<RouteDef>;
