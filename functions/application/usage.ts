// Metered usage (issue 30): what an account used, per environment, key, UTC day and billable kind.
//   - A write that does the work carries its units in the same atomic write (transactions.ts sets
//     `usage` on a DocumentChange; a batch chunk's tally counts its results): exactly once by the
//     write's own conditions.
//   - A calculation or an estimate stores nothing. Its unit is counted in this process's tally
//     when the answer is ready and added to the store off the request's path: within
//     FLUSH_INTERVAL_MS, on shutdown (the local runner), and before this process answers a usage
//     read; once, through retries (numbered flushes). No DynamoDB call is added to a calculation
//     (docs/usage-and-monitoring.md says why, and what a process ended without shutdown leaves uncounted).
import { randomBytes } from 'node:crypto';
import type { Call, TenantCall } from './call';
import type { Tenant } from '../core/access/records';
import {
  groupUsage,
  mergeRows,
  meteredSlot,
  usageCsv,
  usageDay,
  usageRange,
  monthRange,
  type UsageCharge,
  type UsageGroup,
  type UsageGrouping,
  type UsageKind,
  type UsageRow,
} from '../core/usage/usage';

export interface UsageRepository {
  /** Adds `charges` to the items of `slot` unless a flush numbered `sequence` or later was applied there. */
  add(charges: readonly UsageCharge[], slot: string, sequence: number): Promise<void>;
  read(accountId: string, from: string, to: string): Promise<UsageRow[]>;
  readAll(from: string, to: string): Promise<UsageRow[]>;
}

/** The unit a call's change is billed as: its tenant, its key, the call's UTC day. */
export const chargeOf = (call: TenantCall, kind: UsageKind, units = 1): UsageCharge => ({
  owner: { accountId: call.principal.tenant.accountId, environment: call.principal.tenant.environment, keyId: call.principal.key.id },
  day: usageDay(call.now),
  kind,
  units,
});

/** Counts an answered call that stores nothing (a calculation, an estimate) in the process's tally. */
export function meterAnswer(tally: UsageTally, call: Call, kind: UsageKind): void {
  if (call.principal.tenant) tally.count(chargeOf(call as TenantCall, kind));
}

export const FLUSH_INTERVAL_MS = 1000;

/**
 * Units counted in this process and not yet stored. Each flush is numbered and written to this
 * tally's own slot, and a failed one is sent again with its number before anything newer, so no unit
 * is counted twice or dropped while the process lives.
 */
export class UsageTally {
  private pending = new Map<string, UsageCharge>();
  /** A flush whose outcome is not known (an error after it may have been applied): sent again, same number, first. */
  private unsettled: { readonly sequence: number; readonly charges: readonly UsageCharge[] } | undefined;
  private sequence = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private flushing: Promise<void> = Promise.resolve();
  /** This tally's own slot of every owner's day: no other writer's sequence numbers meet its own. */
  private readonly slot = meteredSlot(randomBytes(6).toString('hex'));

  constructor(
    private readonly store: () => UsageRepository,
    private readonly intervalMs = FLUSH_INTERVAL_MS,
  ) {
    processTallies().add(this);
  }

  count(charge: UsageCharge): void {
    const id = `${charge.owner.accountId}|${charge.owner.environment}|${charge.owner.keyId}|${charge.day}|${charge.kind}`;
    const held = this.pending.get(id);
    this.pending.set(id, held ? { ...held, units: held.units + charge.units } : charge);
    // Unref'd: a tally never keeps a process alive; shutdown flushes explicitly.
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.flush().catch(() => undefined);
    }, this.intervalMs).unref();
  }

  /** Units counted and not stored yet (tests, metrics). */
  get unflushed(): number {
    let n = 0;
    for (const c of [...this.pending.values(), ...(this.unsettled?.charges ?? [])]) n += c.units;
    return n;
  }

  /**
   * Stores everything counted so far; flushes run one after another, each numbered. A flush that
   * failed is sent again with its number before anything newer, so it is applied once whether or
   * not its first send reached DynamoDB.
   */
  flush(): Promise<void> {
    const run = this.flushing.then(async () => {
      if (this.unsettled) {
        await this.store().add(this.unsettled.charges, this.slot, this.unsettled.sequence);
        this.unsettled = undefined;
      }
      if (this.pending.size === 0) return;
      const batch = { sequence: ++this.sequence, charges: [...this.pending.values()] };
      this.pending = new Map();
      this.unsettled = batch;
      await this.store().add(batch.charges, this.slot, batch.sequence);
      this.unsettled = undefined;
    });
    this.flushing = run.catch(() => {
      // Tried again later, even if nothing new is counted.
      this.timer ??= setTimeout(() => {
        this.timer = undefined;
        void this.flush().catch(() => undefined);
      }, this.intervalMs).unref();
    });
    return run;
  }
}

/**
 * Every tally of this process. One per bundle: the local runner loads many handler bundles into
 * one process, each with its own composition root, and flushes them all on shutdown and before a
 * usage read, so a local read is exact.
 */
const processTallies = (): Set<UsageTally> => {
  const registry = globalThis as { [TALLIES]?: Set<UsageTally> };
  return (registry[TALLIES] ??= new Set());
};
const TALLIES = Symbol.for('salestax.usage-tallies');

/** Stores what every tally of the process holds (the local runner's shutdown, usage reads). */
export async function flushUsageTallies(): Promise<void> {
  const results = await Promise.allSettled([...processTallies()].map((t) => t.flush()));
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
}

export interface UsageQuery {
  readonly from?: string | undefined;
  readonly to?: string | undefined;
  readonly group_by?: UsageGrouping | undefined;
}

export interface UsageReport {
  readonly from: string;
  readonly to: string;
  readonly group_by: UsageGrouping;
  readonly environment: Tenant['environment'];
  /** The key the report is limited to, or null for the whole account (an organization-scoped key). */
  readonly key_id: string | null;
  readonly total: number;
  readonly data: readonly UsageGroup[];
}

/**
 * The caller's usage in its environment: an organization-scoped key (no location) sees every key
 * of its account, any other key (location-scoped, a provider's) its own units only.
 */
export async function readUsage(ports: { readonly usage: UsageRepository }, call: TenantCall, query: UsageQuery): Promise<UsageReport> {
  const { from, to } = usageRange(query, call.now);
  const group_by = query.group_by ?? 'day';
  const { tenant, key, locationCode, practice } = call.principal;
  const wholeAccount = locationCode === null && practice === null;
  // What this process counted is stored before it is read: a local runner answers exactly.
  await flushUsageTallies();
  const rows = (await ports.usage.read(tenant.accountId, from, to)).filter((r) => r.environment === tenant.environment && (wholeAccount || r.keyId === key.id));
  const data = groupUsage(mergeRows(rows), group_by);
  return { from, to, group_by, environment: tenant.environment, key_id: wholeAccount ? null : key.id, total: data.reduce((a, g) => a + g.total, 0), data };
}

/** Every account's usage of a month as CSV (the operator's export). */
export async function exportUsage(usage: UsageRepository, month: string): Promise<string> {
  const { from, to } = monthRange(month);
  return usageCsv(await usage.readAll(from, to));
}
