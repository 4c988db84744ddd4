// Service providers (accounting firms): their engagements and the client a key acts for.
import type { RouteDef } from '../route';

const PROVIDER = {
  scope: 'provider:read',
  credential: 'provider',
  bucket: 'general',
} as const satisfies Partial<RouteDef>;

export const PROVIDER_ENGAGEMENTS = {
  ...PROVIDER,
  id: 'provider-engagements',
  method: 'GET',
  path: '/provider/engagements',
  handler: 'api/provider/engagements',
} as const satisfies RouteDef;

export const PROVIDER_CLIENT = {
  ...PROVIDER,
  id: 'provider-client',
  method: 'GET',
  path: '/provider/client',
  handler: 'api/provider/client',
  clientContext: true,
} as const satisfies RouteDef;

export const PROVIDER_ROUTES = [PROVIDER_ENGAGEMENTS, PROVIDER_CLIENT] as const;
