// Work accepted but not finished, registered where a sweeper finds it without scanning tenants: a
// pending batch or return job (written in the same atomic write that accepts it, deleted in the one
// that finishes it), and a tenant that has webhook endpoints (written with its first endpoint; the
// sweeper finds its open deliveries in the tenant's attention index), and an economic nexus test a
// state makes on a coming day that recorded sales already meet (the test day passes with no change
// that would have the watch evaluate the state). The registry never misses accepted work and never
// names finished work for long.
import type { Tenant } from '../access/records';

/** The kinds of work the sweeper knows; each kind has one handler (see application/sweeper.ts). */
export type WorkKind = 'batch' | 'webhook_deliveries' | 'nexus_test';

export interface PendingWork {
  readonly kind: WorkKind;
  readonly tenant: Tenant;
  readonly id: string;
  /** When the work was accepted (ISO 8601). */
  readonly since: string;
}

export interface PendingWorkRegistry {
  /** Every registered entry, a page at a time (at most `limit` entries per page). */
  pages(limit: number): AsyncIterable<readonly PendingWork[]>;
  /** Deletes an entry whose work is found finished (a finish that crashed before deleting it cannot happen: both are one write). */
  remove(work: PendingWork): Promise<void>;
}

/** The registry entry of a tenant with webhook endpoints (one per tenant; `since`: its newest endpoint). */
export const webhookWork = (tenant: Tenant, since: string): PendingWork => ({
  kind: 'webhook_deliveries',
  tenant,
  id: `${tenant.accountId}:${tenant.environment}`,
  since,
});

/** The entry of a state's coming test (`on`, YYYY-MM-DD) of a tenant's economic nexus. */
export const nexusTestWork = (tenant: Tenant, state: string, on: string, since: string): PendingWork => ({
  kind: 'nexus_test',
  tenant,
  id: `${state}:${on}`,
  since,
});

/** The state and day of a nexus test's entry, or null for an id of another form. */
export function nexusTestOf(work: Pick<PendingWork, 'id'>): { state: string; on: string } | null {
  const m = /^([A-Z]{2}):(\d{4}-\d{2}-\d{2})$/.exec(work.id);
  return m ? { state: m[1]!, on: m[2]! } : null;
}

/** Spreads the registry over a few partitions so heavy submission traffic does not share one. */
export const PENDING_WORK_SHARDS = 4;

export function pendingWorkShard(id: string): number {
  let hash = 0;
  for (let i = 0; i < id.length; i++) hash = (hash * 31 + id.charCodeAt(i)) >>> 0;
  return hash % PENDING_WORK_SHARDS;
}
