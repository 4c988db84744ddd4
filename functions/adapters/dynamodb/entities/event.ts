// An event record: the outbox webhook delivery reads, written inside the same transaction as the
// change it describes and kept EVENT_RETENTION_DAYS. A tenant's events are spread over EVENT_SHARDS
// partitions by a hash of the event id: one partition takes about 1,000 writes a second, and a
// tenant committing thousands of documents a second would otherwise write them all to one
// (docs/deploy-to-aws.md, "What binds first for one busy account").
//
// Its deliveries are an attribute of the record: a map of delivery states keyed by endpoint id,
// every change of which raises `rev`. While any delivery is pending, failing or dead-lettered, the
// record is listed in the tenant's attention list (docs/webhooks.md, "How delivery works").
import { createHash, randomUUID } from 'node:crypto';
import * as v from 'valibot';
import type { Tenant } from '../../../core/access/records';
import type { EventDraft } from '../../../core/events/catalogue';
import type { StoredEventRecord } from '../../../core/webhooks/ports';
import { tenantScope } from './keys';

export const EVENT_RETENTION_DAYS = 30;
/**
 * 32: at 2,000 changes a second a shard takes about 60 event writes a second, each some 1–2 KB
 * written transactionally (2 WCU per KB), about 250 WCU/s of a partition's 1,000.
 */
export const EVENT_SHARDS = 32;

const nullableString = v.nullable(v.string());

const DeliveryItem = v.object({
  state: v.picklist(['pending', 'failing', 'delivered', 'dead_lettered', 'cancelled']),
  attempts: v.number(),
  generation: v.number(),
  last_attempt_at: nullableString,
  last_status: v.nullable(v.number()),
  last_error: v.nullable(v.picklist(['http_status', 'timeout', 'connection_failed', 'target_refused'])),
  next_attempt_at: nullableString,
  delivered_at: nullableString,
});

const EventItem = v.object({
  PK: v.string(),
  SK: v.string(),
  id: v.string(),
  type: v.string(),
  created_at: v.string(),
  environment: v.string(),
  data: v.string(),
  deliveries: v.optional(v.record(v.string(), DeliveryItem), {}),
  rev: v.optional(v.number(), 0),
});

const PARTITION = /^EVENTS#(.+)#(sandbox|production)#(\d+)$/;

export const eventEntity = {
  /** The value of the `entity` attribute of event records (what the stream consumers filter on). */
  type: 'event',

  shard: (id: string): number => createHash('sha256').update(id).digest()[0]! % EVENT_SHARDS,

  partition: (t: Tenant, shard: number): string => `EVENTS#${tenantScope(t)}#${shard}`,

  /** Whether `pk` is one of the tenant's event partitions. */
  isPartitionOf: (t: Tenant, pk: string): boolean => pk.startsWith(`${eventEntity.partition(t, 0).slice(0, -1)}`) && /#\d+$/.test(pk),

  /** The tenant whose event partition `pk` is, or null for a key of another kind. */
  tenantOf(pk: string): Tenant | null {
    const match = PARTITION.exec(pk);
    return match ? { accountId: match[1]!, environment: match[2] as Tenant['environment'] } : null;
  },

  /**
   * `evt_` + the event's instant (epoch ms, base 36, 9 characters) + 23 random hex digits: an id
   * alone locates its record (shard from the hash, sort key from the instant), so redelivery finds an
   * event with one Query of a one-second key range.
   */
  newId: (at: string): string => `evt_${Date.parse(at).toString(36).padStart(9, '0')}${randomUUID().replaceAll('-', '').slice(0, 23)}`,

  /** The instant an event id carries (epoch ms), or null for an id of another form. */
  instantOf(id: string): number | null {
    const match = /^evt_([0-9a-z]{9})[0-9a-f]{23}$/.exec(id);
    return match ? Number.parseInt(match[1]!, 36) : null;
  },

  /** The tenant's attention list: records with a delivery pending, failing or dead-lettered. */
  attentionList: (t: Tenant): string => `WEBHOOKS_ATTENTION#${tenantScope(t)}`,

  /** The Put of one event inside the TransactWriteItems of the change it describes. */
  put(table: string, tenant: Tenant, event: EventDraft) {
    const id = eventEntity.newId(event.at);
    return {
      Put: {
        TableName: table,
        Item: {
          PK: eventEntity.partition(tenant, eventEntity.shard(id)),
          SK: `${event.at}#${id}`,
          entity: eventEntity.type,
          id,
          type: event.type,
          version: event.version,
          created_at: event.at,
          environment: tenant.environment,
          data: JSON.stringify(event.data),
          delivery: 'pending',
          ttl: Math.floor(Date.parse(event.at) / 1000) + EVENT_RETENTION_DAYS * 86_400,
        },
      },
    };
  },

  /** Puts of a change's events. */
  puts: (table: string, tenant: Tenant, events: readonly EventDraft[]) => events.map((event) => eventEntity.put(table, tenant, event)),

  read(item: unknown): StoredEventRecord {
    const e = v.parse(EventItem, item);
    return {
      ref: { pk: e.PK, sk: e.SK },
      id: e.id,
      type: e.type,
      created_at: e.created_at,
      environment: e.environment,
      data: e.data,
      deliveries: e.deliveries,
      rev: e.rev,
    };
  },
};
