// In-memory fakes of the webhook ports (functions/core/webhooks/ports.ts) for unit tests.
import type { Tenant } from '../../functions/core/access/records';
import type { Page } from '../../functions/core/lists/paging';
import { type AttemptResult, type Delivery, OPEN_STATES } from '../../functions/core/webhooks/delivery';
import type { WebhookEndpoint } from '../../functions/core/webhooks/endpoint';
import type {
  DeliveryMessage,
  DeliveryQueue,
  EventRef,
  StoredEventRecord,
  WebhookSignals,
  WebhookStore,
  WebhookTransport,
} from '../../functions/core/webhooks/ports';

const key = (t: Tenant) => `${t.accountId}#${t.environment}`;

export class FakeWebhookStore implements WebhookStore {
  readonly endpoints = new Map<string, Map<string, WebhookEndpoint>>();
  readonly events = new Map<string, StoredEventRecord>();
  transitions = 0;

  private of(t: Tenant) {
    let m = this.endpoints.get(key(t));
    if (!m) this.endpoints.set(key(t), (m = new Map()));
    return m;
  }
  addEvent(tenant: Tenant, id: string, type: string): StoredEventRecord {
    const event: StoredEventRecord = {
      ref: { pk: `EVENTS#${tenant.accountId}#${tenant.environment}#0`, sk: `2026-11-23T00:00:00.000Z#${id}` },
      id,
      type,
      created_at: '2026-11-23T00:00:00.000Z',
      environment: tenant.environment,
      data: '{"code":"A1"}',
      deliveries: {},
      rev: 0,
    };
    this.events.set(event.ref.pk + event.ref.sk, event);
    return event;
  }
  async createEndpoint(t: Tenant, e: WebhookEndpoint) {
    this.of(t).set(e.id, e);
  }
  async listEndpoints(t: Tenant) {
    return [...this.of(t).values()];
  }
  async getEndpoint(t: Tenant, id: string) {
    return this.of(t).get(id);
  }
  async deleteEndpoint(t: Tenant, id: string) {
    return this.of(t).delete(id);
  }
  private readonly rotations = new Map<string, string>();
  async rotateSecret(t: Tenant, id: string, secret: string, at: string, exp: string, submission?: string) {
    const e = this.of(t).get(id);
    if (!e) return undefined;
    if (submission && this.rotations.get(id) === submission) return { endpoint: e, rotated: false };
    if (submission) this.rotations.set(id, submission);
    const rotated = { ...e, previous_secret: e.secret, secret, secret_rotated_at: at, previous_secret_expires_at: exp };
    this.of(t).set(id, rotated);
    return { endpoint: rotated, rotated: true };
  }
  async recordHealth(t: Tenant, id: string, change: { ok: true } | { ok: false; at: string; disableBefore: string }) {
    const e = this.of(t).get(id);
    if (!e) return;
    if (change.ok) this.of(t).set(id, { ...e, failing_since: null });
    else {
      const since = e.failing_since ?? change.at;
      const disable = since < change.disableBefore;
      this.of(t).set(id, { ...e, failing_since: since, ...(disable ? { status: 'disabled', disabled_reason: 'failing', disabled_at: change.at } : {}) });
    }
  }
  async listEvents(): Promise<Page<StoredEventRecord>> {
    return { data: [...this.events.values()], next_cursor: null };
  }
  async findEvent(_t: Tenant, id: string) {
    return [...this.events.values()].find((e) => e.id === id);
  }
  async openEvents(t: Tenant) {
    return [...this.events.values()].filter(
      (e) => e.ref.pk.startsWith(`EVENTS#${t.accountId}#${t.environment}#`) && Object.values(e.deliveries).some((d) => OPEN_STATES.includes(d.state)),
    );
  }
  async readEvent(t: Tenant, ref: EventRef) {
    if (!ref.pk.startsWith(`EVENTS#${t.accountId}#${t.environment}#`)) return undefined;
    return this.events.get(ref.pk + ref.sk);
  }
  async writeDeliveries(_t: Tenant, event: StoredEventRecord, deliveries: Readonly<Record<string, Delivery>>, expectedRev: number | undefined) {
    const current = this.events.get(event.ref.pk + event.ref.sk)!;
    if (expectedRev === undefined ? Object.keys(current.deliveries).length > 0 : current.rev !== expectedRev) return false;
    this.events.set(event.ref.pk + event.ref.sk, { ...current, deliveries, rev: current.rev + 1 });
    return true;
  }
  async transition(_t: Tenant, ref: EventRef, endpointId: string, from: Delivery, to: Delivery) {
    const current = this.events.get(ref.pk + ref.sk)!;
    const d = current.deliveries[endpointId];
    if (!d || d.attempts !== from.attempts || d.generation !== from.generation || d.state !== from.state) return undefined;
    this.transitions++;
    const after = { ...current, deliveries: { ...current.deliveries, [endpointId]: to }, rev: current.rev + 1 };
    this.events.set(ref.pk + ref.sk, after);
    return after;
  }
  async signals(): Promise<WebhookSignals & { endpoints: number }> {
    return { endpoints: 0, pending: 0, failing: 0, deadLettered: 0, oldestPendingCreatedAt: null };
  }
}

export class FakeQueue implements DeliveryQueue {
  readonly sent: { message: DeliveryMessage; delaySeconds: number }[] = [];
  async send(messages: readonly DeliveryMessage[], delaySeconds: number) {
    for (const message of messages) this.sent.push({ message, delaySeconds });
  }
}

export class FakeTransport implements WebhookTransport {
  readonly posts: { url: string; headers: Readonly<Record<string, string>>; body: string }[] = [];
  constructor(public answer: () => AttemptResult = () => ({ ok: true, status: 200 })) {}
  async checkTarget() {
    return { allowed: true as const };
  }
  async post(url: string, _env: string, headers: Readonly<Record<string, string>>, body: string) {
    this.posts.push({ url, headers, body });
    return this.answer();
  }
}
