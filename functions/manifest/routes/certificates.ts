// Exemption certificates: filed, listed, reviewed and activated.
import type { RouteDef } from '../route';

const CERTIFICATES = {
  credential: 'tenant',
  bucket: 'general',
} as const satisfies Partial<RouteDef>;

export const CERTIFICATES_CREATE = {
  ...CERTIFICATES,
  id: 'certificates-create',
  method: 'POST',
  path: '/certificates',
  handler: 'api/certificates/create',
  scope: 'certificates:write',
} as const satisfies RouteDef;

export const CERTIFICATES_LIST = {
  ...CERTIFICATES,
  id: 'certificates-list',
  method: 'GET',
  path: '/certificates',
  handler: 'api/certificates/list',
  scope: 'certificates:read',
} as const satisfies RouteDef;

export const CERTIFICATES_GET = {
  ...CERTIFICATES,
  id: 'certificates-get',
  method: 'GET',
  path: '/certificates/{id}',
  handler: 'api/certificates/get',
  scope: 'certificates:read',
} as const satisfies RouteDef;

export const CERTIFICATES_ACTIVATE = {
  ...CERTIFICATES,
  id: 'certificates-activate',
  method: 'POST',
  path: '/certificates/{id}/activate',
  handler: 'api/certificates/activate',
  scope: 'certificates:review',
} as const satisfies RouteDef;

/** The evidence gap: declared exemptions documents rely on, per customer and state, and whether a certificate covers each. */
export const DECLARED_EXEMPTIONS_LIST = {
  ...CERTIFICATES,
  id: 'declared-exemptions-list',
  method: 'GET',
  path: '/exemptions/declared',
  handler: 'api/certificates/declared',
  scope: 'certificates:read',
} as const satisfies RouteDef;

export const CERTIFICATES_ROUTES = [CERTIFICATES_CREATE, CERTIFICATES_LIST, CERTIFICATES_GET, CERTIFICATES_ACTIVATE, DECLARED_EXEMPTIONS_LIST] as const;
