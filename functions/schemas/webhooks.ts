// Bodies and queries of the webhook endpoints (docs/webhooks.md), and the delivery queue's message.
import * as v from 'valibot';
import { EVENT_TYPES } from '../core/events/catalogue';
import { described, formatted, opt, PageQueryEntries } from './common';

export const EventTypeSchema = v.pipe(v.picklist(EVENT_TYPES), v.description('An event type (docs/webhooks.md, "Event types").'));

export const WebhookCreateSchema = v.strictObject({
  url: v.pipe(
    v.string(),
    v.minLength(1),
    v.maxLength(2048),
    formatted(/^https?:\/\/\S+$/, 'an http or https URL'),
    v.description(
      'https URL (production: a public host; sandbox on the local runner: http://127.0.0.1 too). A URL the service cannot deliver to (not a URL, a private, loopback, link-local or metadata address, a name that does not resolve) is 400 invalid_request with a detail at url.',
    ),
  ),
  events: v.pipe(
    v.array(v.picklist([...EVENT_TYPES, '*'])),
    v.minLength(1),
    v.maxLength(EVENT_TYPES.length + 1),
    v.description('Event types to deliver, or ["*"] for all.'),
  ),
  description: described(opt(v.pipe(v.string(), v.maxLength(500))), 'What the endpoint is for.'),
});

export const WebhookListQuerySchema = v.strictObject(PageQueryEntries);

export const EventListQuerySchema = v.strictObject({ type: described(v.optional(EventTypeSchema), 'Only events of this type.'), ...PageQueryEntries });

/** A delivery attempt on the WebhookDeliveries queue (functions/core/webhooks/ports.ts DeliveryMessage). */
export const DeliveryMessageSchema = v.strictObject({
  account: v.pipe(v.string(), v.minLength(1)),
  environment: v.picklist(['sandbox', 'production']),
  event: v.strictObject({ pk: v.pipe(v.string(), v.startsWith('EVENTS#')), sk: v.pipe(v.string(), v.minLength(1)) }),
  endpoint_id: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  generation: v.pipe(v.number(), v.integer(), v.minValue(1)),
  attempt: v.pipe(v.number(), v.integer(), v.minValue(1)),
  not_before: v.number(),
});
