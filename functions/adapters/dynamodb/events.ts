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

/** The Put of one event inside a TransactWriteItems. */
export function eventPut(table: string, tenant: Tenant, event: EventDraft) {
  const id = `evt_${randomUUID().replaceAll('-', '')}`;
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
