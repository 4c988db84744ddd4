// The new event records of a stream batch, grouped by the tenant they belong to, with the sequence
// numbers a partial batch response names when a tenant's handling fails.
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import type { Tenant } from '../../core/access/records';
import type { StoredEventRecord } from '../../core/webhooks/ports';
import { eventFromStreamImage } from './webhook-store';

export interface TenantEvents {
  readonly tenant: Tenant;
  readonly events: StoredEventRecord[];
  readonly sequenceNumbers: string[];
}

/** Inserted event records (of the types `wanted` keeps, default all), per tenant. */
export function eventsByTenant(event: DynamoDBStreamEvent, wanted: (type: string) => boolean = () => true): TenantEvents[] {
  const byTenant = new Map<string, TenantEvents>();
  for (const record of event.Records) {
    if (record.eventName !== 'INSERT' || !record.dynamodb?.NewImage) continue;
    const found = eventFromStreamImage(unmarshall(record.dynamodb.NewImage as Record<string, AttributeValue>));
    if (!found || !wanted(found.event.type)) continue;
    const key = `${found.tenant.accountId}#${found.tenant.environment}`;
    const group = byTenant.get(key) ?? { tenant: found.tenant, events: [], sequenceNumbers: [] };
    group.events.push(found.event);
    group.sequenceNumbers.push(record.dynamodb.SequenceNumber ?? '');
    byTenant.set(key, group);
  }
  return [...byTenant.values()];
}
