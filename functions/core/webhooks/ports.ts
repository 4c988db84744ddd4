// What webhook use cases need from storage, the delivery queue and the network.
import type { Tenant } from '../access/records';
import type { Page, PageRequest } from '../lists/paging';
import type { AttemptResult, Delivery } from './delivery';
import type { WebhookEndpoint } from './endpoint';

/** Where an event record lives (its table keys): a delivery names its event by them. */
export interface EventRef {
  readonly pk: string;
  readonly sk: string;
}

export interface StoredEventRecord {
  readonly ref: EventRef;
  readonly id: string;
  readonly type: string;
  readonly created_at: string;
  readonly environment: string;
  /** The payload exactly as stored (a JSON string): the body is built around it, never re-encoded. */
  readonly data: string;
  readonly deliveries: Readonly<Record<string, Delivery>>;
  /** Raised by every change of `deliveries`. */
  readonly rev: number;
}

export interface WebhookSignals {
  readonly pending: number;
  readonly failing: number;
  readonly deadLettered: number;
  readonly oldestPendingCreatedAt: string | null;
}

export interface WebhookStore {
  createEndpoint(tenant: Tenant, endpoint: WebhookEndpoint): Promise<void>;
  listEndpoints(tenant: Tenant): Promise<WebhookEndpoint[]>;
  getEndpoint(tenant: Tenant, id: string): Promise<WebhookEndpoint | undefined>;
  deleteEndpoint(tenant: Tenant, id: string): Promise<boolean>;
  /**
   * Replaces the secret; the old one signs until `previousExpiresAt`. Undefined when absent. With
   * `submission` (the rotation's Idempotency-Key, hashed), a rotation that submission already made
   * is not made again: the endpoint is answered as it is, `rotated: false`.
   */
  rotateSecret(
    tenant: Tenant,
    id: string,
    secret: string,
    at: string,
    previousExpiresAt: string,
    submission?: string,
  ): Promise<{ readonly endpoint: WebhookEndpoint; readonly rotated: boolean } | undefined>;
  /** Records an endpoint's health after an attempt: failing since when, or disabled. */
  recordHealth(
    tenant: Tenant,
    id: string,
    change: { readonly ok: true } | { readonly ok: false; readonly at: string; readonly disableBefore: string },
  ): Promise<void>;
  /** The tenant's events of the last `since`, newest first. */
  listEvents(tenant: Tenant, filter: { readonly type?: string | undefined; readonly since: string }, page: PageRequest): Promise<Page<StoredEventRecord>>;
  findEvent(tenant: Tenant, id: string): Promise<StoredEventRecord | undefined>;
  readEvent(tenant: Tenant, ref: EventRef): Promise<StoredEventRecord | undefined>;
  /** The tenant's events with a delivery not finished or dead-lettered (its attention index). */
  openEvents(tenant: Tenant): Promise<StoredEventRecord[]>;
  /**
   * Writes an event's deliveries when `rev` is still the event's (undefined: none written yet).
   * False when another change came first.
   */
  writeDeliveries(tenant: Tenant, event: StoredEventRecord, deliveries: Readonly<Record<string, Delivery>>, expectedRev: number | undefined): Promise<boolean>;
  /**
   * One delivery's transition, conditioned on the entry still having `from`'s attempts, generation
   * and state; the event afterwards, or undefined when the condition failed.
   */
  transition(tenant: Tenant, ref: EventRef, endpointId: string, from: Delivery, to: Delivery): Promise<StoredEventRecord | undefined>;
  signals(tenant: Tenant): Promise<WebhookSignals & { readonly endpoints: number }>;
}

export interface DeliveryMessage {
  readonly account: string;
  readonly environment: string;
  readonly event: EventRef;
  readonly endpoint_id: string;
  readonly generation: number;
  readonly attempt: number;
  /** Epoch ms before which the attempt must not run (schedules longer than SQS's 15-minute delay). */
  readonly not_before: number;
}

export interface DeliveryQueue {
  send(messages: readonly DeliveryMessage[], delaySeconds: number): Promise<void>;
}

/** Whether a target URL may receive webhooks of an environment. */
export type TargetVerdict = { readonly allowed: true } | { readonly allowed: false; readonly reason: string };

export interface WebhookTransport {
  /** Checks a URL for registration: scheme, and every address its host resolves to. */
  checkTarget(url: string, environment: string): Promise<TargetVerdict>;
  /** POSTs, refusing at connection time any address the target check would refuse. */
  post(url: string, environment: string, headers: Readonly<Record<string, string>>, body: string): Promise<AttemptResult>;
}
