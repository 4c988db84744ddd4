// A webhook endpoint: one item in its tenant's endpoints partition (at most MAX_ENDPOINTS a
// tenant), with its secret (and the previous one while it still signs) and its health.
import * as v from 'valibot';
import type { Tenant } from '../../../core/access/records';
import type { WebhookEndpoint } from '../../../core/webhooks/endpoint';
import { type ItemKey, tenantScope } from './keys';

const PREFIX = 'WH#';

const nullableString = v.nullable(v.string());

const EndpointItem = v.object({
  id: v.string(),
  url: v.string(),
  events: v.array(v.string()),
  description: nullableString,
  status: v.picklist(['enabled', 'disabled']),
  disabled_reason: nullableString,
  disabled_at: nullableString,
  failing_since: v.optional(nullableString, null),
  created_at: v.string(),
  secret: v.pipe(v.string(), v.startsWith('whsec_')),
  previous_secret: nullableString,
  previous_secret_expires_at: nullableString,
  secret_rotated_at: nullableString,
});

export const webhookEndpointEntity = {
  /** The tenant's endpoints partition and the sort-key prefix of its endpoints. */
  collection: (t: Tenant) => ({ partition: `WEBHOOKS#${tenantScope(t)}`, prefix: PREFIX }),

  key: (t: Tenant, id: string): ItemKey => ({ PK: webhookEndpointEntity.collection(t).partition, SK: `${PREFIX}${id}` }),

  item: (t: Tenant, endpoint: WebhookEndpoint): Record<string, unknown> => ({
    ...webhookEndpointEntity.key(t, endpoint.id),
    entity: 'webhook_endpoint',
    ...endpoint,
  }),

  read: (item: unknown): WebhookEndpoint => v.parse(EndpointItem, item) as WebhookEndpoint,
};
