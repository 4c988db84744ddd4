// Event records (the outbox webhook delivery reads), written inside the same transaction as the
// change they describe and kept 30 days. A tenant's events are spread over EVENT_SHARDS partitions
// by a hash of the event id: one partition takes about 1,000 writes a second, and a tenant
// committing thousands of documents a second would otherwise write them all to one.
import { createHash, randomUUID } from 'node:crypto';
import type { Tenant } from '../../core/access/records';
import type { EventDraft } from '../../core/events/catalogue';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { queryAll } from './query-page';
import { tableKeys } from './table-keys';

export const EVENT_RETENTION_DAYS = 30;
/**
 * 32: at 2,000 changes a second a shard takes about 60 event writes a second, each some 1–2 KB
 * written transactionally (2 WCU per KB), about 250 WCU/s of a partition's 1,000 (README, "Hot
 * partitions").
 */
export const EVENT_SHARDS = 32;

export const eventShard = (id: string): number => createHash('sha256').update(id).digest()[0]! % EVENT_SHARDS;

/**
 * `evt_` + the event's instant (epoch ms, base 36, 9 characters) + 23 random hex digits: an id
 * alone locates its record (shard from the hash, sort key from the instant), so redelivery finds an
 * event with one Query of a one-second key range.
 */
export const eventId = (at: string): string => `evt_${Date.parse(at).toString(36).padStart(9, '0')}${randomUUID().replaceAll('-', '').slice(0, 23)}`;

/** The instant an event id carries (epoch ms), or null for an id of another form. */
export function eventIdInstant(id: string): number | null {
  const match = /^evt_([0-9a-z]{9})[0-9a-f]{23}$/.exec(id);
  return match ? Number.parseInt(match[1]!, 36) : null;
}

/** The Put of one event inside a TransactWriteItems. */
export function eventPut(table: string, tenant: Tenant, event: EventDraft) {
  const id = eventId(event.at);
  return {
    Put: {
      TableName: table,
      Item: {
        PK: tableKeys.events(tenant, eventShard(id)),
        SK: `${event.at}#${id}`,
        entity: 'event',
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
}

export interface StoredEvent {
  readonly id: string;
  readonly type: string;
  readonly version: number;
  readonly created_at: string;
  readonly data: string;
}

/** Every stored event of a tenant, oldest first (all shards; for tests and small tenants). */
export async function tenantEvents(db: DynamoDBDocumentClient, table: string, tenant: Tenant): Promise<StoredEvent[]> {
  const shards = await Promise.all(Array.from({ length: EVENT_SHARDS }, (_, shard) => queryAll(db, table, tableKeys.events(tenant, shard))));
  return shards
    .flat()
    .map((item) => ({
      id: String(item.id),
      type: String(item.type),
      version: Number(item.version),
      created_at: String(item.created_at),
      data: String(item.data),
    }))
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
}
