// The one route manifest. The CDK stack builds one Lambda function and one API Gateway method per
// entry; the local runner serves the same entries with the same handler modules. Handlers read
// their own entry (scope, bucket, credential) from here, so policy lives in one place.
import type { Credential } from '../functions/core/access/authorize';
import type { Environment } from '../functions/core/access/records';
import type { Scope } from '../functions/core/access/scopes';
import type { Bucket } from '../functions/core/limits/rate-limits';

export type { Bucket, Credential, Environment };
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface RouteDef {
  readonly id: string;
  readonly method: HttpMethod;
  /** API Gateway style path with `{param}` segments, below the base path. */
  readonly path: string;
  /** The handler module, when it is not `functions/<id>/handler.ts` (see routeEntry). */
  readonly entry?: string;
  readonly scope: Scope | null;
  readonly credential: Credential;
  /** Provider routes that act on one client engagement (contract §5). */
  readonly clientContext?: boolean;
  readonly bucket: Bucket;
  /** Environments the route serves; others get 403 insufficient_scope. Default: both. */
  readonly environments?: readonly Environment[];
  /** The function loads the tax content artifact. */
  readonly content?: boolean;
  /** The function registers or disables API Gateway usage-plan keys. */
  readonly usageKeys?: boolean;
  readonly timeoutSeconds?: number;
  readonly memoryMb?: number;
}

export const BASE_PATH = '/api/v1';

/** Keeps each entry's literal types (its id, path, credential), which type the route's handler. */
const r = <const D extends RouteDef>(def: D): D => def;

export const ROUTES = [
  // --- service ----------------------------------------------------------------------------------
  r({
    id: 'config-get',
    method: 'GET',
    path: '/config',

    scope: null,
    credential: 'any',
    bucket: 'general',
    content: true,
  }),
  r({
    id: 'operations-status',
    method: 'GET',
    path: '/operations/status',

    scope: null,
    credential: 'tenant',
    bucket: 'general',
  }),

  // --- account administration (contract §8) -------------------------------------------------------
  r({
    id: 'account-get',
    method: 'GET',
    path: '/account',

    scope: 'account:admin',
    credential: 'organization',
    bucket: 'general',
  }),
  r({
    id: 'account-update',
    method: 'PATCH',
    path: '/account',

    scope: 'account:admin',
    credential: 'organization',
    bucket: 'general',
  }),
  r({
    id: 'locations-create',
    method: 'POST',
    path: '/locations',

    scope: 'account:admin',
    credential: 'organization',
    bucket: 'general',
  }),
  r({
    id: 'locations-list',
    method: 'GET',
    path: '/locations',

    scope: 'account:admin',
    credential: 'organization',
    bucket: 'general',
  }),
  r({
    id: 'keys-create',
    method: 'POST',
    path: '/keys',

    scope: 'account:admin',
    credential: 'organization',
    bucket: 'general',
    usageKeys: true,
  }),
  r({
    id: 'keys-list',
    method: 'GET',
    path: '/keys',

    scope: 'account:admin',
    credential: 'organization',
    bucket: 'general',
  }),
  r({
    id: 'keys-revoke',
    method: 'DELETE',
    path: '/keys/{id}',

    scope: 'account:admin',
    credential: 'organization',
    bucket: 'general',
    usageKeys: true,
  }),
  r({
    id: 'items-create',
    method: 'POST',
    path: '/items',

    scope: 'account:admin',
    credential: 'organization',
    bucket: 'general',
    content: true,
  }),
  r({
    id: 'items-list',
    method: 'GET',
    path: '/items',

    scope: 'account:admin',
    credential: 'organization',
    bucket: 'general',
  }),
  r({
    id: 'il-declarations-create',
    method: 'POST',
    path: '/il-seller-declarations',

    scope: 'account:admin',
    credential: 'organization',
    bucket: 'general',
  }),

  // --- tax content and calculation (contract §2, §7 estimates) -------------------------------------------
  r({
    id: 'calculations-create',
    method: 'POST',
    path: '/calculations',

    scope: 'calculations:write',
    credential: 'tenant',
    bucket: 'general',
    content: true,
  }),
  r({
    id: 'estimates-create',
    method: 'POST',
    path: '/estimates',

    scope: 'calculations:write',
    credential: 'tenant',
    bucket: 'estimates',
    environments: ['sandbox'],
    content: true,
  }),
  r({
    id: 'tax-codes-list',
    method: 'GET',
    path: '/tax-codes',

    scope: null,
    credential: 'any',
    bucket: 'general',
    content: true,
  }),
  r({
    id: 'rates-get',
    method: 'GET',
    path: '/rates',

    scope: null,
    credential: 'any',
    bucket: 'general',
    content: true,
  }),

  // --- committed transactions (contract §3) -------------------------------------------------------------
  r({
    id: 'transactions-create',
    method: 'POST',
    path: '/transactions',

    scope: 'transactions:write',
    credential: 'tenant',
    bucket: 'general',
    content: true,
  }),
  r({
    id: 'transactions-list',
    method: 'GET',
    path: '/transactions',

    scope: 'transactions:read',
    credential: 'tenant',
    bucket: 'general',
  }),
  r({
    id: 'transactions-get',
    method: 'GET',
    path: '/transactions/{code}',

    scope: 'transactions:read',
    credential: 'tenant',
    bucket: 'general',
  }),
  r({
    id: 'transactions-refund',
    method: 'POST',
    path: '/transactions/{code}/refunds',

    scope: 'transactions:write',
    credential: 'tenant',
    bucket: 'general',
  }),
  r({
    id: 'transactions-credit',
    method: 'POST',
    path: '/transactions/{code}/credits',

    scope: 'transactions:write',
    credential: 'tenant',
    bucket: 'general',
  }),
  r({
    id: 'transactions-void',
    method: 'POST',
    path: '/transactions/{code}/void',

    scope: 'transactions:write',
    credential: 'tenant',
    bucket: 'general',
  }),
  r({
    id: 'transactions-adjust',
    method: 'POST',
    path: '/transactions/adjustments',

    scope: 'transactions:write',
    credential: 'tenant',
    bucket: 'general',
    content: true,
  }),

  // --- customers and exemption certificates (contract §4) ------------------------------------------------
  r({
    id: 'customers-create',
    method: 'POST',
    path: '/customers',

    scope: 'customers:write',
    credential: 'tenant',
    bucket: 'general',
  }),
  r({
    id: 'customers-list',
    method: 'GET',
    path: '/customers',

    scope: 'customers:read',
    credential: 'tenant',
    bucket: 'general',
  }),
  r({
    id: 'customers-get',
    method: 'GET',
    path: '/customers/{code}',

    scope: 'customers:read',
    credential: 'tenant',
    bucket: 'general',
  }),
  r({
    id: 'customers-assign',
    method: 'POST',
    path: '/customers/{code}/certificates',

    scope: 'certificates:write',
    credential: 'tenant',
    bucket: 'general',
  }),
  r({
    id: 'certificates-create',
    method: 'POST',
    path: '/certificates',

    scope: 'certificates:write',
    credential: 'tenant',
    bucket: 'general',
  }),
  r({
    id: 'certificates-list',
    method: 'GET',
    path: '/certificates',

    scope: 'certificates:read',
    credential: 'tenant',
    bucket: 'general',
  }),
  r({
    id: 'certificates-get',
    method: 'GET',
    path: '/certificates/{id}',

    scope: 'certificates:read',
    credential: 'tenant',
    bucket: 'general',
  }),
  r({
    id: 'certificates-activate',
    method: 'POST',
    path: '/certificates/{id}/activate',

    scope: 'certificates:review',
    credential: 'tenant',
    bucket: 'general',
  }),

  // --- service providers (contract §5) --------------------------------------------------------------
  r({
    id: 'provider-engagements',
    method: 'GET',
    path: '/provider/engagements',

    scope: 'provider:read',
    credential: 'provider',
    bucket: 'general',
  }),
  r({
    id: 'provider-client',
    method: 'GET',
    path: '/provider/client',

    scope: 'provider:read',
    credential: 'provider',
    clientContext: true,
    bucket: 'general',
  }),
] as const satisfies readonly RouteDef[];

export type RouteId = (typeof ROUTES)[number]['id'];

/** A route's handler module, relative to the project root (it exports `handler`); the function id is the route id. */
export const routeEntry = (route: Pick<RouteDef, 'id' | 'entry'>): string => route.entry ?? `functions/${route.id}/handler.ts`;
