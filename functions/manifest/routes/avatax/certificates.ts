// AvaTax's certificate lists of a company and of one of its customers, over the service's
// exemption certificates (recorded and reviewed through /api/v1).
import type { RouteDef } from '../../route';
import { AVATAX } from './surface';

export const AVATAX_CUSTOMER_CERTIFICATES_LIST = {
  ...AVATAX,
  id: 'avatax-customer-certificates-list',
  method: 'GET',
  path: '/companies/{companyCode}/customers/{customerCode}/certificates',
  handler: 'avatax/certificates/customer-list',
  scope: 'certificates:read',
  content: true,
} as const satisfies RouteDef;

export const AVATAX_CERTIFICATES_LIST = {
  ...AVATAX,
  id: 'avatax-certificates-list',
  method: 'GET',
  path: '/companies/{companyCode}/certificates',
  handler: 'avatax/certificates/list',
  scope: 'certificates:read',
  content: true,
} as const satisfies RouteDef;

export const AVATAX_CERTIFICATES_ROUTES = [AVATAX_CUSTOMER_CERTIFICATES_LIST, AVATAX_CERTIFICATES_LIST] as const;
