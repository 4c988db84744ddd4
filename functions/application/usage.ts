// Metered usage (docs/usage-and-monitoring.md): what an account used, per environment, key, UTC day
// and billable kind.
//   - A write that does the work carries its units in the same atomic write (transactions.ts sets
//     `usage` on a DocumentChange; a batch chunk's tally counts its results): exactly once by the
//     write's own conditions.
//   - A calculation or an estimate stores nothing. Its unit is a line of the usage journal, written
//     synchronously when the answer is ready, before it is returned (on Lambda a stdout line that
//     CloudWatch Logs keeps, locally a line appended to a file), so once the client has its answer
//     the unit is durable. The journal is summed into the usage table off the request's path
//     (`sumJournal`: a CloudWatch Logs subscription on AWS, the local runner's tail of the journal
//     files), each delivery exactly once. No DynamoDB call is added to a calculation
//     (docs/usage-and-monitoring.md, "Exactly once").

import type { Tenant } from '../core/access/records';
import { type JournalChunk, type JournalDelivery, journalChunks, type UsageBacklog, type UsageJournal } from '../core/usage/journal';
import {
  groupUsage,
  mergeRows,
  monthRange,
  type UsageCharge,
  type UsageGroup,
  type UsageGrouping,
  type UsageKind,
  type UsageRow,
  usageCsv,
  usageDay,
  usageRange,
} from '../core/usage/usage';
import type { Call, TenantCall } from './call';

export interface UsageRepository {
  /**
   * Adds a chunk's charges and writes its marker, atomically, unless the marker is there already
   * (the chunk was applied by an earlier delivery): true if applied now, false if it had been.
   */
  applyOnce(chunk: JournalChunk): Promise<boolean>;
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

/** Records an answered call that stores nothing (a calculation, an estimate) in the usage journal. */
export function meterAnswer(journal: UsageJournal, call: Call, kind: UsageKind): void {
  if (call.principal.tenant) journal.record(chargeOf(call as TenantCall, kind));
}

export interface JournalOutcome {
  readonly chunks: number;
  /** Chunks applied by this delivery; the others had been by an earlier one. */
  readonly applied: number;
  /** Units in the delivery's lines (applied now or before). */
  readonly units: number;
  /** Lines that are not journal lines. */
  readonly skipped: number;
}

/**
 * Sums one delivery of journal lines into the usage table, exactly once: each chunk lands with its
 * marker in one transaction, and a chunk whose marker exists (the same delivery again: a retried
 * invocation, a local delivery redone after a crash) adds nothing. Chunks apply one after another;
 * if one fails the delivery fails and is sent again whole, its applied chunks then adding nothing.
 */
export async function sumJournal(ports: { readonly usage: UsageRepository }, delivery: JournalDelivery): Promise<JournalOutcome> {
  const { chunks, units, skipped } = journalChunks(delivery);
  let applied = 0;
  for (const chunk of chunks) if (await ports.usage.applyOnce(chunk)) applied++;
  return { chunks: chunks.length, applied, units, skipped };
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
export async function readUsage(
  ports: { readonly usage: UsageRepository; readonly backlog?: UsageBacklog | undefined },
  call: TenantCall,
  query: UsageQuery,
): Promise<UsageReport> {
  const { from, to } = usageRange(query, call.now);
  const group_by = query.group_by ?? 'day';
  const { tenant, key, locationCode, practice } = call.principal;
  const wholeAccount = locationCode === null && practice === null;
  // The journal written so far is summed before it is read where that can be waited for: a local
  // runner answers exactly. On AWS the subscription sums it within seconds.
  await ports.backlog?.drain();
  const rows = (await ports.usage.read(tenant.accountId, from, to)).filter((r) => r.environment === tenant.environment && (wholeAccount || r.keyId === key.id));
  const data = groupUsage(mergeRows(rows), group_by);
  return { from, to, group_by, environment: tenant.environment, key_id: wholeAccount ? null : key.id, total: data.reduce((a, g) => a + g.total, 0), data };
}

/** Every account's usage of a month as CSV (the operator's export). */
export async function exportUsage(usage: UsageRepository, month: string): Promise<string> {
  const { from, to } = monthRange(month);
  return usageCsv(await usage.readAll(from, to));
}
