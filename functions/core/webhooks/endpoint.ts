// A webhook endpoint of a tenant: where its events go, which ones, and the secrets that sign them.
// The secret is shown once, when created or rotated; views never carry it.
import type { EventType } from '../events/catalogue';

export type EndpointStatus = 'enabled' | 'disabled';

export interface WebhookEndpoint {
  readonly id: string;
  readonly url: string;
  /** The event types delivered, or `['*']` for all. */
  readonly events: readonly (EventType | '*')[];
  readonly description: string | null;
  readonly status: EndpointStatus;
  readonly disabled_reason: string | null;
  readonly disabled_at: string | null;
  /** Since when every attempt to this endpoint failed (null after a success). */
  readonly failing_since: string | null;
  readonly created_at: string;
  readonly secret: string;
  /** The secret before the last rotation, still signing until `previous_secret_expires_at`. */
  readonly previous_secret: string | null;
  readonly previous_secret_expires_at: string | null;
  readonly secret_rotated_at: string | null;
}

/** At most this many endpoints per tenant: every event is relayed to each. */
export const MAX_ENDPOINTS = 20;

export const subscribes = (endpoint: Pick<WebhookEndpoint, 'events' | 'status'>, type: string): boolean =>
  endpoint.status === 'enabled' && (endpoint.events.includes('*') || endpoint.events.includes(type as EventType));

/** The secrets that sign at `now`: the current one, and the previous one during its overlap. */
export function signingSecrets(endpoint: Pick<WebhookEndpoint, 'secret' | 'previous_secret' | 'previous_secret_expires_at'>, now: Date): string[] {
  const previous =
    endpoint.previous_secret && endpoint.previous_secret_expires_at && Date.parse(endpoint.previous_secret_expires_at) > now.getTime()
      ? [endpoint.previous_secret]
      : [];
  return [endpoint.secret, ...previous];
}

export function endpointView(endpoint: WebhookEndpoint, now: Date) {
  return {
    object: 'webhook_endpoint' as const,
    id: endpoint.id,
    url: endpoint.url,
    events: endpoint.events,
    description: endpoint.description,
    status: endpoint.status,
    disabled_reason: endpoint.disabled_reason,
    disabled_at: endpoint.disabled_at,
    failing_since: endpoint.failing_since,
    created_at: endpoint.created_at,
    secret_rotated_at: endpoint.secret_rotated_at,
    previous_secret_expires_at: signingSecrets(endpoint, now).length > 1 ? endpoint.previous_secret_expires_at : null,
  };
}
