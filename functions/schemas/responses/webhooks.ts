// Webhook endpoints and events (docs/webhooks.md): an endpoint never shows its secret except in the
// answers that create or rotate it; an event carries its delivery state per endpoint
// (functions/core/webhooks/endpoint.ts, functions/application/webhooks.ts).
import * as v from 'valibot';
import { EVENT_TYPES } from '../../core/events/catalogue';
import { Environment, Instant, pageOf } from './common';

const Int = v.pipe(v.number(), v.integer(), v.minValue(0));
const EventTypeOrAll = v.picklist([...EVENT_TYPES, '*']);

const endpointEntries = {
  object: v.literal('webhook_endpoint'),
  id: v.string(),
  url: v.string(),
  events: v.array(EventTypeOrAll),
  description: v.nullable(v.string()),
  status: v.pipe(v.picklist(['enabled', 'disabled']), v.description('disabled: every attempt failed for 3 days; its pending deliveries were cancelled.')),
  disabled_reason: v.nullable(v.string()),
  disabled_at: v.nullable(Instant),
  failing_since: v.pipe(v.nullable(Instant), v.description('Since when every attempt to it has failed; null while it is healthy.')),
  created_at: Instant,
  secret_rotated_at: v.nullable(Instant),
  previous_secret_expires_at: v.pipe(v.nullable(Instant), v.description('Until when the previous secret also signs, after a rotation.')),
};

export const WebhookEndpoint = v.strictObject(endpointEntries);
/** On creation and rotation only: the signing secret, shown this once (an idempotent replay carries `secret: null`). */
export const WebhookEndpointWithSecret = v.strictObject({
  ...endpointEntries,
  secret: v.nullable(
    v.pipe(
      v.string(),
      v.regex(/^whsec_[A-Za-z0-9+/=]+$/),
      v.description('The signing secret, shown in this answer only: an idempotent replay of the call answers `null` (the replay record never holds it).'),
    ),
  ),
});
export const WebhookEndpointList = pageOf(WebhookEndpoint);
export const WebhookEndpointDeleted = v.strictObject({ object: v.literal('webhook_endpoint'), id: v.string(), deleted: v.literal(true) });

const Delivery = v.strictObject({
  endpoint_id: v.string(),
  state: v.pipe(
    v.picklist(['pending', 'failing', 'delivered', 'dead_lettered', 'cancelled']),
    v.description('failing: an attempt failed and a retry is scheduled; dead_lettered: the last attempt failed (POST /events/{id}/redeliver starts again).'),
  ),
  attempts: Int,
  last_attempt_at: v.nullable(Instant),
  last_status: v.nullable(v.number()),
  last_error: v.nullable(v.string()),
  next_attempt_at: v.nullable(Instant),
  delivered_at: v.nullable(Instant),
});

export const WebhookEvent = v.strictObject({
  object: v.literal('event'),
  id: v.string(),
  type: v.picklist(EVENT_TYPES),
  created_at: Instant,
  environment: Environment,
  data: v.pipe(v.unknown(), v.description('The payload, as delivered: the document, certificate, batch or return job the event is about.')),
  deliveries: v.array(Delivery),
});
export const WebhookEventList = pageOf(WebhookEvent);
