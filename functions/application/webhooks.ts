// Webhooks: endpoints and their secrets, the relay from event records to deliveries, one delivery
// attempt, redelivery, and the tenant's signals. Delivery is at least once: a receiver may get an
// event twice (same `webhook-id`, same body) and must deduplicate by `webhook-id`.
import type { Tenant } from '../core/access/records';
import { DomainError } from '../core/errors';
import type { EventType } from '../core/events/catalogue';
import type { Page, PageRequest } from '../core/lists/paging';
import { type BackoffSettings, retryDelaySeconds } from '../core/webhooks/backoff';
import { afterAttempt, type Delivery, newDelivery, OPEN_STATES } from '../core/webhooks/delivery';
import { endpointView, MAX_ENDPOINTS, signingSecrets, subscribes, type WebhookEndpoint } from '../core/webhooks/endpoint';
import type { DeliveryMessage, DeliveryQueue, StoredEventRecord, WebhookStore, WebhookTransport } from '../core/webhooks/ports';
import { newSecret, signatureHeader } from '../core/webhooks/signing';
import type { TenantCall } from './call';
import { reusedKey, type SubmissionOptions, sha256, submissionId } from './submissions';

export interface WebhookSettings extends BackoffSettings {
  /** How long the secret before a rotation keeps signing. */
  readonly secretOverlapSeconds: number;
  /** An endpoint whose every attempt failed for this long is disabled. */
  readonly disableAfterSeconds: number;
}

export interface WebhookPorts {
  readonly webhooks: WebhookStore;
  readonly queue: DeliveryQueue;
  readonly transport: WebhookTransport;
  readonly settings: WebhookSettings;
  /** In [0, 1): the jitter of retry delays. */
  readonly random: () => number;
}

/** SQS delays a message at most 15 minutes; longer waits are chained (see `deliverOnce`). */
export const MAX_QUEUE_DELAY_SECONDS = 900;
export const EVENT_LIST_DAYS = 30;

const notFound = (what: string) => new DomainError('not_found', `No ${what} with this id exists.`);
const isoAfter = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000).toISOString();

// --- endpoints ---------------------------------------------------------------------------------------

export interface EndpointInput {
  readonly url: string;
  readonly events: readonly (EventType | '*')[];
  readonly description?: string | null | undefined;
}

/** What a request registers: a repeat of its submission must register the same. */
const registered = (e: Pick<WebhookEndpoint, 'url' | 'events' | 'description'>) => JSON.stringify([e.url, [...e.events].sort(), e.description]);

/**
 * Registers an endpoint and answers its secret. Under an Idempotency-Key the endpoint's id derives
 * from the submission: a repeat after an attempt that was written but not answered finds that
 * endpoint and answers it without its secret (as a replay does; a rotation issues a new one)
 * rather than registering a second that would receive every event again.
 */
export async function createEndpoint(
  ports: Pick<WebhookPorts, 'webhooks' | 'transport'>,
  call: TenantCall,
  input: EndpointInput,
  options: SubmissionOptions = {},
): Promise<ReturnType<typeof endpointView> & { secret: string | null }> {
  const tenant = call.principal.tenant;
  const id = `we_${submissionId('webhook_endpoint', options, 24)}`;
  const events = input.events.includes('*') ? ['*' as const] : [...new Set(input.events)];
  const earlier = options.submission === undefined ? null : await ports.webhooks.getEndpoint(tenant, id);
  if (earlier) {
    if (registered(earlier) !== registered({ url: input.url, events, description: input.description ?? null })) throw reusedKey();
    return { ...endpointView(earlier, call.now), secret: null };
  }
  // The URL is well formed by the schema; whether it can receive is the service's rule (an SSRF
  // guard that resolves the name), not the request's shape: invalid_request, with the field.
  const verdict = URL.canParse(input.url) ? await ports.transport.checkTarget(input.url, tenant.environment) : { allowed: false, reason: 'not a URL' };
  if (!verdict.allowed) {
    const message = `Cannot receive webhooks in this environment: ${verdict.reason}.`;
    throw new DomainError('invalid_request', message, [{ code: 'string_pattern_mismatch', target: 'url', message }]);
  }
  if ((await ports.webhooks.listEndpoints(tenant)).length >= MAX_ENDPOINTS)
    throw new DomainError('invalid_request', `An account environment has at most ${MAX_ENDPOINTS} webhook endpoints.`);
  const secret = newSecret();
  const endpoint: WebhookEndpoint = {
    id,
    url: input.url,
    events,
    description: input.description ?? null,
    status: 'enabled',
    disabled_reason: null,
    disabled_at: null,
    failing_since: null,
    created_at: call.now.toISOString(),
    secret,
    previous_secret: null,
    previous_secret_expires_at: null,
    secret_rotated_at: null,
  };
  await ports.webhooks.createEndpoint(tenant, endpoint);
  return { ...endpointView(endpoint, call.now), secret };
}

export async function listEndpoints(ports: Pick<WebhookPorts, 'webhooks'>, call: TenantCall) {
  const endpoints = await ports.webhooks.listEndpoints(call.principal.tenant);
  return endpoints.sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id)).map((e) => endpointView(e, call.now));
}

export async function getEndpoint(ports: Pick<WebhookPorts, 'webhooks'>, call: TenantCall, id: string) {
  const endpoint = await ports.webhooks.getEndpoint(call.principal.tenant, id);
  if (!endpoint) throw notFound('webhook endpoint');
  return endpointView(endpoint, call.now);
}

export async function deleteEndpoint(ports: Pick<WebhookPorts, 'webhooks'>, call: TenantCall, id: string) {
  const endpoint = await ports.webhooks.getEndpoint(call.principal.tenant, id);
  if (!endpoint || !(await ports.webhooks.deleteEndpoint(call.principal.tenant, id))) throw notFound('webhook endpoint');
  return { object: 'webhook_endpoint' as const, id, deleted: true };
}

/**
 * A new secret; the old one keeps signing (both signatures sent) for the overlap window. Under an
 * Idempotency-Key a repeat of a rotation that was applied (its answer lost) rotates nothing: it
 * answers the endpoint without a secret, as a replay does, and the secret before keeps signing.
 */
export async function rotateSecret(ports: Pick<WebhookPorts, 'webhooks' | 'settings'>, call: TenantCall, id: string, options: SubmissionOptions = {}) {
  const secret = newSecret();
  const outcome = await ports.webhooks.rotateSecret(
    call.principal.tenant,
    id,
    secret,
    call.now.toISOString(),
    isoAfter(call.now, ports.settings.secretOverlapSeconds),
    options.submission === undefined ? undefined : sha256(`rotation\n${options.submission}`),
  );
  if (!outcome) throw notFound('webhook endpoint');
  return { ...endpointView(outcome.endpoint, call.now), secret: outcome.rotated ? secret : null };
}

// --- events --------------------------------------------------------------------------------------------

export function eventView(event: StoredEventRecord) {
  return {
    object: 'event' as const,
    id: event.id,
    type: event.type,
    created_at: event.created_at,
    environment: event.environment,
    data: JSON.parse(event.data) as unknown,
    deliveries: Object.entries(event.deliveries)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([endpoint_id, d]) => ({
        endpoint_id,
        state: d.state,
        attempts: d.attempts,
        last_attempt_at: d.last_attempt_at,
        last_status: d.last_status,
        last_error: d.last_error,
        next_attempt_at: d.next_attempt_at,
        delivered_at: d.delivered_at,
      })),
  };
}

export async function listEvents(
  ports: Pick<WebhookPorts, 'webhooks'>,
  call: TenantCall,
  filter: { readonly type?: string | undefined },
  page: PageRequest,
): Promise<Page<ReturnType<typeof eventView>>> {
  const since = isoAfter(call.now, -EVENT_LIST_DAYS * 86_400);
  const found = await ports.webhooks.listEvents(call.principal.tenant, { type: filter.type, since }, page);
  return { data: found.data.map(eventView), next_cursor: found.next_cursor };
}

const message = (tenant: Tenant, event: StoredEventRecord, endpointId: string, delivery: Delivery, notBefore: number): DeliveryMessage => ({
  account: tenant.accountId,
  environment: tenant.environment,
  event: event.ref,
  endpoint_id: endpointId,
  generation: delivery.generation,
  attempt: delivery.attempts + 1,
  not_before: notBefore,
});

/** Delivers an event again to every endpoint subscribed to it now, as a new generation of attempts. */
export async function redeliverEvent(ports: Pick<WebhookPorts, 'webhooks' | 'queue'>, call: TenantCall, id: string) {
  const tenant = call.principal.tenant;
  for (let round = 0; round < 5; round++) {
    const event = await ports.webhooks.findEvent(tenant, id);
    if (!event || event.created_at < isoAfter(call.now, -EVENT_LIST_DAYS * 86_400)) throw notFound('event');
    const endpoints = (await ports.webhooks.listEndpoints(tenant)).filter((e) => subscribes(e, event.type));
    const fresh = Object.fromEntries(endpoints.map((e) => [e.id, newDelivery((event.deliveries[e.id]?.generation ?? 0) + 1)]));
    const deliveries = { ...event.deliveries, ...fresh };
    if (!(await ports.webhooks.writeDeliveries(tenant, event, deliveries, Object.keys(event.deliveries).length ? event.rev : undefined))) continue;
    await ports.queue.send(
      Object.entries(fresh).map(([endpointId, d]) => message(tenant, event, endpointId, d, call.now.getTime())),
      0,
    );
    return eventView({ ...event, deliveries });
  }
  throw new DomainError('conflict', 'The event changed while it was being redelivered; try again.');
}

// --- the relay ---------------------------------------------------------------------------------------

/**
 * Turns new event records of one tenant into one delivery per subscribed endpoint of that tenant
 * (the endpoints are read once for all of them). Safe to repeat (the stream delivers at least
 * once): deliveries are written once; a repeat re-sends the messages of deliveries not yet
 * attempted. Returns the number of deliveries queued.
 */
export async function relayEvents(
  ports: Pick<WebhookPorts, 'webhooks' | 'queue'>,
  tenant: Tenant,
  events: readonly StoredEventRecord[],
  now: Date,
): Promise<number> {
  let endpoints: Promise<WebhookEndpoint[]> | undefined;
  const messages = await Promise.all(
    events.map(async (event) => {
      let current = event;
      if (Object.keys(current.deliveries).length === 0) {
        endpoints ??= ports.webhooks.listEndpoints(tenant);
        const subscribed = (await endpoints).filter((e) => subscribes(e, event.type));
        if (subscribed.length === 0) return [];
        const deliveries = Object.fromEntries(subscribed.map((e) => [e.id, newDelivery(1)]));
        if (await ports.webhooks.writeDeliveries(tenant, event, deliveries, undefined)) current = { ...event, deliveries };
        else current = (await ports.webhooks.readEvent(tenant, event.ref)) ?? event;
      }
      return Object.entries(current.deliveries)
        .filter(([, d]) => d.state === 'pending' && d.attempts === 0)
        .map(([endpointId, d]) => message(tenant, current, endpointId, d, now.getTime()));
    }),
  );
  await ports.queue.send(messages.flat(), 0);
  return messages.flat().length;
}

// --- one attempt --------------------------------------------------------------------------------------

/** The body every attempt of an event sends, byte for byte: the stored payload is embedded as stored. */
export const deliveryBody = (event: StoredEventRecord): string =>
  `{"id":${JSON.stringify(event.id)},"type":${JSON.stringify(event.type)},"created_at":${JSON.stringify(event.created_at)},"environment":${JSON.stringify(event.environment)},"data":${event.data}}`;

export type AttemptOutcome = 'waiting' | 'stale' | 'cancelled' | 'delivered' | 'retrying' | 'dead_lettered';

/**
 * Runs attempt `message.attempt` of one delivery: POST, then the state transition. On failure the
 * next attempt is queued first (with its delay), then the transition recorded; a worker crashing
 * in between leaves its message to SQS, which runs the attempt again, and the extra message of the
 * next attempt finds the attempt number moved on (or not yet) and is dropped.
 */
export async function deliverOnce(ports: WebhookPorts, message: DeliveryMessage, now: Date): Promise<AttemptOutcome> {
  if (message.not_before > now.getTime()) {
    const wait = Math.ceil((message.not_before - now.getTime()) / 1000);
    await ports.queue.send([message], Math.min(MAX_QUEUE_DELAY_SECONDS, wait));
    return 'waiting';
  }
  const tenant: Tenant = { accountId: message.account, environment: message.environment as Tenant['environment'] };
  const event = await ports.webhooks.readEvent(tenant, message.event);
  const before = event?.deliveries[message.endpoint_id];
  if (!event || !before || before.generation !== message.generation || before.attempts !== message.attempt - 1 || !OPEN_STATES.includes(before.state))
    return 'stale';
  const endpoint = await ports.webhooks.getEndpoint(tenant, message.endpoint_id);
  if (endpoint?.status !== 'enabled') {
    await ports.webhooks.transition(tenant, event.ref, message.endpoint_id, before, { ...before, state: 'cancelled', next_attempt_at: null });
    return 'cancelled';
  }
  const body = deliveryBody(event);
  const timestamp = Math.floor(now.getTime() / 1000);
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'salestax-webhooks/1',
    'webhook-id': event.id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatureHeader(signingSecrets(endpoint, now), event.id, timestamp, body),
  };
  const result = await ports.transport.post(endpoint.url, tenant.environment, headers, body);
  const at = now.toISOString();
  let nextAt: string | null = null;
  if (!result.ok) {
    const delay = retryDelaySeconds(ports.settings, message.attempt, ports.random());
    if (delay !== null) {
      const notBefore = now.getTime() + Math.round(delay * 1000);
      nextAt = new Date(notBefore).toISOString();
      await ports.queue.send([{ ...message, attempt: message.attempt + 1, not_before: notBefore }], Math.min(MAX_QUEUE_DELAY_SECONDS, Math.ceil(delay)));
    }
  }
  const after = afterAttempt(before, message.attempt, result, at, nextAt);
  if (!(await ports.webhooks.transition(tenant, event.ref, message.endpoint_id, before, after))) return 'stale';
  if (result.ok) {
    if (endpoint.failing_since !== null) await ports.webhooks.recordHealth(tenant, endpoint.id, { ok: true });
  } else {
    await ports.webhooks.recordHealth(tenant, endpoint.id, { ok: false, at, disableBefore: isoAfter(now, -ports.settings.disableAfterSeconds) });
  }
  return after.state === 'delivered' ? 'delivered' : after.state === 'dead_lettered' ? 'dead_lettered' : 'retrying';
}

// --- the sweeper ----------------------------------------------------------------------------------------

/**
 * The sweeper's pass over one tenant's open deliveries: each attempt due at least `minAgeMs` ago
 * (or never attempted and relayed that long ago) whose message is gone — the local queue emulator
 * lost it in a restart, or a message was lost on its way — is queued again. A second message for
 * an attempt still on its way is harmless: the attempt runs once (its transition is conditioned on
 * the attempt number), or, if both start together, the receiver gets the event twice (at least once).
 * `endpoints` 0: the tenant has none left, and the sweeper can forget it.
 */
export async function sweepDeliveries(
  ports: Pick<WebhookPorts, 'webhooks' | 'queue'>,
  tenant: Tenant,
  now: Date,
  minAgeMs: number,
): Promise<{ readonly endpoints: number; readonly requeued: number }> {
  const endpoints = await ports.webhooks.listEndpoints(tenant);
  if (endpoints.length === 0) return { endpoints: 0, requeued: 0 };
  const dueBefore = now.getTime() - minAgeMs;
  const messages = (await ports.webhooks.openEvents(tenant)).flatMap((event) =>
    Object.entries(event.deliveries)
      .filter(
        ([, d]) => OPEN_STATES.includes(d.state) && Date.parse(d.attempts === 0 ? event.created_at : (d.next_attempt_at ?? event.created_at)) <= dueBefore,
      )
      .map(([endpointId, d]) => message(tenant, event, endpointId, d, now.getTime())),
  );
  await ports.queue.send(messages, 0);
  return { endpoints: endpoints.length, requeued: messages.length };
}

// --- signals -------------------------------------------------------------------------------------------

export async function webhookSignals(ports: Pick<WebhookPorts, 'webhooks'>, call: TenantCall) {
  const s = await ports.webhooks.signals(call.principal.tenant);
  return {
    endpoints: s.endpoints,
    pending_deliveries: s.pending + s.failing,
    failed_deliveries: s.failing,
    dead_lettered: s.deadLettered,
    oldest_pending_age_seconds:
      s.oldestPendingCreatedAt === null ? null : Math.max(0, Math.floor((call.now.getTime() - Date.parse(s.oldestPendingCreatedAt)) / 1000)),
  };
}
