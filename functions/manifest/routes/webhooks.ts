// Webhooks and the events they deliver. Organization keys only: an endpoint receives every event of
// the account environment, which a location-scoped key may not see.
import type { RouteDef } from '../route';

const WEBHOOKS = {
  credential: 'organization',
  bucket: 'general',
} as const satisfies Partial<RouteDef>;

// Organization keys only: an endpoint receives every event of the account environment, which a
// location-scoped key may not see.
export const WEBHOOKS_CREATE = {
  ...WEBHOOKS,
  id: 'webhooks-create',
  method: 'POST',
  path: '/webhooks',
  handler: 'api/webhooks/create',
  scope: 'webhooks:write',
} as const satisfies RouteDef;

export const WEBHOOKS_LIST = {
  ...WEBHOOKS,
  id: 'webhooks-list',
  method: 'GET',
  path: '/webhooks',
  handler: 'api/webhooks/list',
  scope: 'webhooks:read',
} as const satisfies RouteDef;

export const WEBHOOKS_GET = {
  ...WEBHOOKS,
  id: 'webhooks-get',
  method: 'GET',
  path: '/webhooks/{id}',
  handler: 'api/webhooks/get',
  scope: 'webhooks:read',
} as const satisfies RouteDef;

export const WEBHOOKS_DELETE = {
  ...WEBHOOKS,
  id: 'webhooks-delete',
  method: 'DELETE',
  path: '/webhooks/{id}',
  handler: 'api/webhooks/delete',
  scope: 'webhooks:write',
} as const satisfies RouteDef;

export const WEBHOOKS_ROTATE_SECRET = {
  ...WEBHOOKS,
  id: 'webhooks-rotate-secret',
  method: 'POST',
  path: '/webhooks/{id}/rotate-secret',
  handler: 'api/webhooks/rotate-secret',
  scope: 'webhooks:write',
} as const satisfies RouteDef;

export const EVENTS_LIST = {
  ...WEBHOOKS,
  id: 'events-list',
  method: 'GET',
  path: '/events',
  handler: 'api/webhooks/events-list',
  scope: 'webhooks:read',
} as const satisfies RouteDef;

export const EVENTS_REDELIVER = {
  ...WEBHOOKS,
  id: 'events-redeliver',
  method: 'POST',
  path: '/events/{id}/redeliver',
  handler: 'api/webhooks/events-redeliver',
  scope: 'webhooks:write',
  sendsTo: ['WebhookDeliveries'],
} as const satisfies RouteDef;

export const WEBHOOKS_ROUTES = [WEBHOOKS_CREATE, WEBHOOKS_LIST, WEBHOOKS_GET, WEBHOOKS_DELETE, WEBHOOKS_ROTATE_SECRET, EVENTS_LIST, EVENTS_REDELIVER] as const;
