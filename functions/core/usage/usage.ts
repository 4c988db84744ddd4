// Metered usage (docs/usage-and-monitoring.md, "What is billed"): what a billable unit is, how
// units are keyed (account, environment, key, UTC day, kind) and how stored counters are summed for
// a reader or an export. Pure: the day is derived from an instant the caller passes.
import type { Environment } from '../access/records';
import { DomainError } from '../errors';

/**
 * The billable kinds, by what a call does (a TaxJar-compatible call is counted as the use case it
 * runs: /taxes is a calculation, an order a commit, a refund a refund).
 */
export const USAGE_KINDS = ['calculation', 'estimate', 'commit', 'refund', 'credit', 'void', 'adjustment', 'batch_item', 'return_job_item'] as const;

export type UsageKind = (typeof USAGE_KINDS)[number];

/** Who is billed for a unit: the tenant's account and environment, and the key that asked. */
export interface UsageOwner {
  readonly accountId: string;
  readonly environment: Environment;
  readonly keyId: string;
}

/** Units of one kind charged to an owner on a UTC day (`YYYY-MM-DD`). */
export interface UsageCharge {
  readonly owner: UsageOwner;
  readonly day: string;
  readonly kind: UsageKind;
  readonly units: number;
}

/** One stored counter row: an owner's units per kind on a day (summed over its slots). */
export interface UsageRow {
  readonly accountId: string;
  readonly environment: Environment;
  readonly keyId: string;
  readonly day: string;
  readonly units: Readonly<Partial<Record<UsageKind, number>>>;
}

export const usageDay = (now: Date): string => now.toISOString().slice(0, 10);

/**
 * Slots spread one owner's day over several items, so concurrent transactions of one busy key do
 * not contend for one item (DynamoDB cancels a transaction that meets another on the same item).
 * Writes in a document's transaction take the slot of its code (`0`…`15`); the usage journal's
 * chunks take slots of their own (`j0`…`j15`, core/usage/journal.ts), so summing calculations never
 * cancels a commit.
 */
export const DOCUMENT_SLOTS = 16;

export type UsageGrouping = 'day' | 'key' | 'kind';

export interface UsageGroup {
  readonly group: string;
  readonly total: number;
  readonly by_kind: Readonly<Partial<Record<UsageKind, number>>>;
}

const isKind = (name: string): name is UsageKind => (USAGE_KINDS as readonly string[]).includes(name);

/** Sums rows per day, key or kind; groups in ascending order, kinds with no units left out. */
export function groupUsage(rows: readonly UsageRow[], by: UsageGrouping): UsageGroup[] {
  const groups = new Map<string, Map<UsageKind, number>>();
  for (const row of rows) {
    for (const [name, units] of Object.entries(row.units)) {
      if (!isKind(name) || !units) continue;
      const group = by === 'day' ? row.day : by === 'key' ? row.keyId : name;
      const kinds = groups.get(group) ?? new Map<UsageKind, number>();
      kinds.set(name, (kinds.get(name) ?? 0) + units);
      groups.set(group, kinds);
    }
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([group, kinds]) => {
      const by_kind = Object.fromEntries(USAGE_KINDS.filter((k) => kinds.has(k)).map((k) => [k, kinds.get(k)!]));
      return { group, total: [...kinds.values()].reduce((a, b) => a + b, 0), by_kind };
    });
}

/** Adds rows of the same owner and day (the slots of one day) into one row each. */
export function mergeRows(rows: readonly UsageRow[]): UsageRow[] {
  const merged = new Map<string, { row: UsageRow; units: Partial<Record<UsageKind, number>> }>();
  for (const row of rows) {
    const id = `${row.accountId}|${row.environment}|${row.keyId}|${row.day}`;
    const entry = merged.get(id) ?? { row, units: {} };
    for (const [name, units] of Object.entries(row.units)) if (isKind(name) && units) entry.units[name] = (entry.units[name] ?? 0) + units;
    merged.set(id, entry);
  }
  return [...merged.values()]
    .map(({ row, units }) => ({ ...row, units }))
    .sort((a, b) => (a.day + a.accountId + a.environment + a.keyId < b.day + b.accountId + b.environment + b.keyId ? -1 : 1));
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
export const MAX_USAGE_RANGE_DAYS = 93;

const validDay = (day: string): boolean =>
  DAY.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day);

/**
 * The inclusive day range of a usage read: `to` defaults to today, `from` to the first of `to`'s
 * month; at most MAX_USAGE_RANGE_DAYS days, `from` not after `to`.
 */
export function usageRange(query: { readonly from?: string | undefined; readonly to?: string | undefined }, now: Date): { from: string; to: string } {
  const to = query.to ?? usageDay(now);
  const from = query.from ?? `${to.slice(0, 7)}-01`;
  const invalid = (target: string, message: string) => new DomainError('validation_error', message, [{ code: 'invalid_range', target, message }]);
  if (!validDay(from)) throw invalid('from', 'from must be a calendar day, YYYY-MM-DD.');
  if (!validDay(to)) throw invalid('to', 'to must be a calendar day, YYYY-MM-DD.');
  // Two well-formed days that do not make a range are conflicting options (400 invalid_request,
  // docs/usage-and-monitoring.md, "Reading usage"), not a malformed request: each is valid on its
  // own.
  const conflicting = (message: string) => new DomainError('invalid_request', message, [{ code: 'invalid_range', target: 'from', message }]);
  if (from > to) throw conflicting('from must not be after to.');
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
  if (days > MAX_USAGE_RANGE_DAYS) throw conflicting(`A usage read spans at most ${MAX_USAGE_RANGE_DAYS} days.`);
  return { from, to };
}

/** The days of a month `YYYY-MM`, as an inclusive range. */
export function monthRange(month: string): { from: string; to: string } {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw new Error(`--month must be YYYY-MM, not ${month}`);
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

const csvField = (value: string | number): string => {
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** One CSV line per account, environment, key, day and kind with units (RFC 4180, a header first). */
export function usageCsv(rows: readonly UsageRow[]): string {
  const lines = ['account_id,environment,key_id,day,kind,units'];
  for (const row of mergeRows(rows))
    for (const kind of USAGE_KINDS) {
      const units = row.units[kind];
      if (units) lines.push([row.accountId, row.environment, row.keyId, row.day, kind, units].map(csvField).join(','));
    }
  return `${lines.join('\n')}\n`;
}
