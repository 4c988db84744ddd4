// Webhook use cases over in-memory ports: the relay, one attempt and its exactly-once transition,
// retries and dead-lettering, cancellation, tenant isolation and redelivery.
import { beforeEach, describe, expect, it } from 'vitest';
import {
  createEndpoint,
  deleteEndpoint,
  deliverOnce,
  redeliverEvent,
  relayEvents,
  sweepDeliveries,
  type WebhookPorts,
} from '../../../functions/application/webhooks';
import type { TenantPrincipal } from '../../../functions/core/access/authorize';
import type { Tenant } from '../../../functions/core/access/records';
import { FakeQueue, FakeTransport, FakeWebhookStore } from '../../support/webhook-fakes';

const tenant: Tenant = { accountId: 'acct_a', environment: 'sandbox' };
const other: Tenant = { accountId: 'acct_b', environment: 'sandbox' };
const now = new Date('2026-11-23T00:00:01.000Z');
const call = (t: Tenant) => ({ principal: { tenant: t, environment: t.environment, locationCode: null } as unknown as TenantPrincipal, now });

let store: FakeWebhookStore;
let queue: FakeQueue;
let transport: FakeTransport;
let ports: WebhookPorts;
beforeEach(() => {
  store = new FakeWebhookStore();
  queue = new FakeQueue();
  transport = new FakeTransport();
  ports = {
    webhooks: store,
    queue,
    transport,
    settings: { baseSeconds: 15, maxDelaySeconds: 21_600, maxAttempts: 3, jitter: 0, secretOverlapSeconds: 86_400, disableAfterSeconds: 3 * 86_400 },
    random: () => 0.5,
  };
});

async function relayed(type = 'transaction.committed') {
  const endpoint = await createEndpoint(ports, call(tenant), { url: 'https://a.example/hook', events: ['*'] });
  const event = store.addEvent(tenant, 'evt_1', type);
  expect(await relayEvents(ports, tenant, [event], now)).toBe(1);
  return { endpoint, event, message: queue.sent[0]!.message };
}

describe('relay', () => {
  it('queues one delivery per subscribed endpoint of the same tenant, once', async () => {
    await createEndpoint(ports, call(tenant), { url: 'https://a.example/all', events: ['*'] });
    await createEndpoint(ports, call(tenant), { url: 'https://a.example/voids', events: ['transaction.voided'] });
    await createEndpoint(ports, call(other), { url: 'https://b.example/all', events: ['*'] });
    const event = store.addEvent(tenant, 'evt_1', 'transaction.committed');
    expect(await relayEvents(ports, tenant, [event], now)).toBe(1);
    // The stream repeats the record: nothing new is written; the unattempted delivery is sent again.
    expect(await relayEvents(ports, tenant, [event], now)).toBe(1);
    expect(new Set(queue.sent.map((s) => s.message.endpoint_id)).size).toBe(1);
  });
});

describe('one attempt', () => {
  it('delivers once although the same message runs twice at once', async () => {
    const { message } = await relayed();
    const outcomes = await Promise.all([deliverOnce(ports, message, now), deliverOnce(ports, message, now)]);
    expect(outcomes.sort()).toEqual(['delivered', 'stale']);
    expect(store.transitions).toBe(1);
    expect(transport.posts[0]!.headers['webhook-id']).toBe('evt_1');
    expect(JSON.parse(transport.posts[0]!.body)).toEqual({
      id: 'evt_1',
      type: 'transaction.committed',
      created_at: '2026-11-23T00:00:00.000Z',
      environment: 'sandbox',
      data: { code: 'A1' },
    });
  });

  it('schedules retries with the same body, then dead-letters after the last attempt', async () => {
    transport.answer = () => ({ ok: false, status: 500, error: 'http_status' });
    const { message } = await relayed();
    expect(await deliverOnce(ports, message, now)).toBe('retrying');
    const second = queue.sent.at(-1)!;
    expect(second).toMatchObject({ delaySeconds: 15, message: { attempt: 2, not_before: now.getTime() + 15_000 } });
    // Early: sent again with the rest of its delay.
    expect(await deliverOnce(ports, second.message, now)).toBe('waiting');
    expect(queue.sent.at(-1)).toMatchObject({ delaySeconds: 15, message: { attempt: 2 } });
    const later = new Date(now.getTime() + 15_000);
    expect(await deliverOnce(ports, second.message, later)).toBe('retrying');
    expect(queue.sent.at(-1)).toMatchObject({ delaySeconds: 30, message: { attempt: 3 } });
    expect(await deliverOnce(ports, queue.sent.at(-1)!.message, new Date(later.getTime() + 30_000))).toBe('dead_lettered');
    expect(new Set(transport.posts.map((p) => p.body)).size).toBe(1);
    expect(Object.values(store.events.values().next().value!.deliveries)[0]).toMatchObject({ state: 'dead_lettered', attempts: 3 });
  });

  it('cancels deliveries of a deleted endpoint without sending', async () => {
    const { endpoint, message } = await relayed();
    await deleteEndpoint(ports, call(tenant), endpoint.id);
    expect(await deliverOnce(ports, message, now)).toBe('cancelled');
    expect(transport.posts).toHaveLength(0);
  });

  it('refuses a message naming another tenant’s event', async () => {
    const { message } = await relayed();
    expect(await deliverOnce(ports, { ...message, account: other.accountId }, now)).toBe('stale');
    expect(transport.posts).toHaveLength(0);
  });

  it('redelivers as a new generation: messages of the old one are dropped', async () => {
    const { message } = await relayed();
    expect(await deliverOnce(ports, message, now)).toBe('delivered');
    await redeliverEvent(ports, call(tenant), 'evt_1');
    const again = queue.sent.at(-1)!.message;
    expect(again).toMatchObject({ generation: 2, attempt: 1 });
    expect(await deliverOnce(ports, message, now)).toBe('stale');
    expect(await deliverOnce(ports, again, now)).toBe('delivered');
    expect(transport.posts.map((p) => p.headers['webhook-id'])).toEqual(['evt_1', 'evt_1']);
  });
});

describe('the sweeper', () => {
  const at = (minutes: number) => new Date(Date.parse('2026-11-23T00:00:00.000Z') + minutes * 60_000);
  const FIVE_MINUTES = 5 * 60_000;

  it('queues again every open delivery whose message was lost, once it is overdue, until it is delivered', async () => {
    const { message } = await relayed();
    queue.sent.length = 0; // the queue lost it (the local emulator restarted)
    expect(await sweepDeliveries(ports, tenant, at(4), FIVE_MINUTES)).toEqual({ endpoints: 1, requeued: 0 });
    expect(await sweepDeliveries(ports, tenant, at(6), FIVE_MINUTES)).toEqual({ endpoints: 1, requeued: 1 });
    expect(queue.sent[0]!.message).toEqual({ ...message, not_before: at(6).getTime() });

    // The first attempt fails: its retry (15 s later) is lost too, and found once overdue.
    transport.answer = () => ({ ok: false, status: 500, error: 'http_status' });
    expect(await deliverOnce(ports, queue.sent[0]!.message, at(6))).toBe('retrying');
    queue.sent.length = 0;
    expect((await sweepDeliveries(ports, tenant, at(8), FIVE_MINUTES)).requeued).toBe(0);
    expect((await sweepDeliveries(ports, tenant, at(12), FIVE_MINUTES)).requeued).toBe(1);
    expect(queue.sent[0]!.message).toMatchObject({ attempt: 2, generation: 1 });

    // Two messages of one attempt (the sweeper's and a late original): it runs once.
    transport.answer = () => ({ ok: true, status: 200 });
    const twice = [queue.sent[0]!.message, queue.sent[0]!.message];
    expect((await Promise.all(twice.map((m) => deliverOnce(ports, m, at(12))))).sort()).toEqual(['delivered', 'stale']);
    queue.sent.length = 0;
    expect(await sweepDeliveries(ports, tenant, at(60), FIVE_MINUTES)).toEqual({ endpoints: 1, requeued: 0 });
    expect(queue.sent).toHaveLength(0);
  });

  it('lets the registry forget a tenant without endpoints, and never sends another tenant deliveries', async () => {
    await relayed();
    queue.sent.length = 0;
    expect(await sweepDeliveries(ports, other, at(60), 0)).toEqual({ endpoints: 0, requeued: 0 });
    await createEndpoint(ports, call(other), { url: 'https://b.example/all', events: ['*'] });
    expect(await sweepDeliveries(ports, other, at(60), 0)).toEqual({ endpoints: 1, requeued: 0 });
    expect(queue.sent).toHaveLength(0);
  });
});
