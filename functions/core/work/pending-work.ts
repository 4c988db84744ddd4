// Work accepted but not finished (a pending batch today; return-job items and webhook deliveries
// later), registered where a sweeper finds it without scanning tenants. A registry entry is
// written in the same atomic write that accepts the work and deleted in the one that finishes it,
// so the registry never names finished work for long, and never misses accepted work.
import type { Tenant } from '../access/records';

/** The kinds of work the sweeper knows; each kind has one handler (see application/sweeper.ts). */
export type WorkKind = 'batch';

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
  remove(work: Pick<PendingWork, 'kind' | 'tenant' | 'id'>): Promise<void>;
}

/** Spreads the registry over a few partitions so heavy submission traffic does not share one. */
export const PENDING_WORK_SHARDS = 4;

export function pendingWorkShard(id: string): number {
  let hash = 0;
  for (let i = 0; i < id.length; i++) hash = (hash * 31 + id.charCodeAt(i)) >>> 0;
  return hash % PENDING_WORK_SHARDS;
}
