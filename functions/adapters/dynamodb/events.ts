// Every stored event of a tenant (entities/event.ts), read from all its shards: for tests and
// small tenants (the API lists events through the webhook store, a page at a time).
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Tenant } from '../../core/access/records';
import { EVENT_SHARDS, eventEntity } from './entities/event';
import { queryAll } from './query-page';

export interface StoredEvent {
  readonly id: string;
  readonly type: string;
  readonly version: number;
  readonly created_at: string;
  readonly data: string;
}

/** Every stored event of a tenant, oldest first. */
export async function tenantEvents(db: DynamoDBDocumentClient, table: string, tenant: Tenant): Promise<StoredEvent[]> {
  const shards = await Promise.all(Array.from({ length: EVENT_SHARDS }, (_, shard) => queryAll(db, table, eventEntity.partition(tenant, shard))));
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
