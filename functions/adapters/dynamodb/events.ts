// Event records (webhook delivery reads them later), written inside the same transaction as the
// change they describe and kept 30 days.
import { randomUUID } from 'node:crypto';
import type { Tenant } from '../../core/access/records';
import { keys } from './keys';

export const EVENT_RETENTION_DAYS = 30;

export interface EventDraft {
  readonly type: string;
  readonly at: string;
  readonly data: unknown;
}


export function eventPut(table: string, tenant: Tenant, event: EventDraft) {
  const id = `evt_${randomUUID().replaceAll('-', '')}`;
  return {
    Put: {
      TableName: table,
      Item: {
        PK: keys.events(tenant),
        SK: `${event.at}#${id}`,
        entity: 'event',
        id,
        type: event.type,
        created_at: event.at,
        environment: tenant.environment,
        data: JSON.stringify(event.data),
        delivery: 'pending',
        ttl: Math.floor(Date.parse(event.at) / 1000) + EVENT_RETENTION_DAYS * 86_400,
      },
    },
  };
}
