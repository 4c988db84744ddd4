// Month totals of the recorded sales, kept beside the day sales of the return summaries so that an
// exposure reads one small record per quarter of its look-back instead of a summary per state and
// month. Every document change adds to the record of its quarter (all states in it) in the same
// write as its summaries; a measure reads the day sales only of the months its tests cut
// (measure.ts, `Ledger.needs`).
//
// Each state's month carries an upper bound besides its nets: the sum of the positive parts of the
// changes that made them, of every channel and kind. A window of days inside the month counts at
// most that much however its refunds and voids fall and whatever the rule counts, so a block of
// tests can be passed over on the month totals alone. One bound per state and month, not per part,
// keeps a wide document's update of the record within DynamoDB's 4 KB expression.
import type { Channel, MonthTotal, SaleKind } from './measure';
import { type DaySales, parseDaySalesKey } from './recorded';

export type { MonthTotal } from './measure';

/** The quarter (`YYYY-Qn`) a month (YYYY-MM) falls in: the records are one per tenant and quarter. */
export function quarterOf(month: string): string {
  return `${month.slice(0, 4)}-Q${Math.floor((Number(month.slice(5, 7)) - 1) / 3) + 1}`;
}

/** The months (YYYY-MM) of a quarter (`YYYY-Qn`), in order. */
export function monthsOfQuarter(quarter: string): string[] {
  const first = (Number(quarter.slice(6)) - 1) * 3 + 1;
  return [0, 1, 2].map((i) => `${quarter.slice(0, 4)}-${String(first + i).padStart(2, '0')}`);
}

/** The key of a month's net within its quarter's record: `ST|MM|channel|kind`. */
export const monthSalesKey = (state: string, month: string, channel: Channel, kind: SaleKind): string => `${state}|${month.slice(5, 7)}|${channel}|${kind}`;
/** The key of a state's month bound within its quarter's record: `ST|MM|upper`. */
export const monthBoundKey = (state: string, month: string): string => `${state}|${month.slice(5, 7)}|upper`;

const MONTH_KEY = /^([A-Z]{2})\|(0[1-9]|1[0-2])\|(?:(direct|marketplace)\|(retail|resale|exempt)|(upper))$/;

export type MonthSalesKey =
  | { readonly state: string; readonly mm: string; readonly upper: false; readonly channel: Channel; readonly kind: SaleKind }
  | { readonly state: string; readonly mm: string; readonly upper: true };

/** The parts of a month-net or month-bound key, or null for a key of another form. */
export function parseMonthSalesKey(key: string): MonthSalesKey | null {
  const m = MONTH_KEY.exec(key);
  if (!m) return null;
  return m[5] ? { state: m[1]!, mm: m[2]!, upper: true } : { state: m[1]!, mm: m[2]!, upper: false, channel: m[3] as Channel, kind: m[4] as SaleKind };
}

/** A change's day sales in one state and month (a return summary's delta for all locations). */
export interface DaySalesChange {
  readonly state: string;
  /** YYYY-MM. */
  readonly month: string;
  readonly code: string;
  readonly sales: ReadonlyMap<string, DaySales>;
}

/**
 * Adds a state's day sales of one month to month-record keys: each day's net into the month's net
 * of its channel and kind, and its positive part into the state's month bound. Zero parts are left out.
 */
function addMonth(into: Map<string, { cents: number; transactions: number }>, state: string, month: string, days: ReadonlyMap<string, DaySales>): void {
  const add = (key: string, cents: number, transactions: number) => {
    if (cents === 0 && transactions === 0) return;
    const at = into.get(key) ?? { cents: 0, transactions: 0 };
    at.cents += cents;
    at.transactions += transactions;
    into.set(key, at);
  };
  for (const [dayKey, d] of days) {
    const parts = parseDaySalesKey(dayKey);
    if (!parts) continue;
    add(monthSalesKey(state, month, parts.channel, parts.kind), d.cents, d.transactions);
    add(monthBoundKey(state, month), Math.max(0, d.cents), Math.max(0, d.transactions));
  }
}

/** What the changes add to the month records, per quarter and document (`addMonth` of each). */
export function monthSalesChanges(changes: readonly DaySalesChange[]): { quarter: string; code: string; sales: Map<string, DaySales> }[] {
  const out = new Map<string, { quarter: string; code: string; sales: Map<string, { cents: number; transactions: number }> }>();
  for (const change of changes) {
    const quarter = quarterOf(change.month);
    const id = `${quarter}|${change.code}`;
    let entry = out.get(id);
    if (!entry) out.set(id, (entry = { quarter, code: change.code, sales: new Map() }));
    addMonth(entry.sales, change.state, change.month, change.sales);
  }
  return [...out.values()].filter((e) => e.sales.size > 0);
}

/** A quarter record's sales as month totals, by state (months with nothing on record left out). */
export function monthTotals(quarter: string, sales: ReadonlyMap<string, DaySales>): Map<string, MonthTotal[]> {
  type Row = { state: string; month: string; parts: Map<string, MonthTotal['parts'][number]>; us: number; un: number };
  const rows = new Map<string, Row>();
  const year = quarter.slice(0, 4);
  for (const [key, d] of sales) {
    const p = parseMonthSalesKey(key);
    if (!p) continue;
    const id = `${p.state}|${p.mm}`;
    let row = rows.get(id);
    if (!row) rows.set(id, (row = { state: p.state, month: `${year}-${p.mm}`, parts: new Map(), us: 0, un: 0 }));
    if (p.upper) {
      row.us += d.cents;
      row.un += d.transactions;
    } else if (d.cents !== 0 || d.transactions !== 0) {
      const part = `${p.channel}|${p.kind}`;
      const at = row.parts.get(part);
      row.parts.set(part, {
        channel: p.channel,
        kind: p.kind,
        sales_cents: (at?.sales_cents ?? 0) + d.cents,
        transactions: (at?.transactions ?? 0) + d.transactions,
      });
    }
  }
  const out = new Map<string, MonthTotal[]>();
  for (const r of rows.values()) {
    if (r.parts.size === 0 && r.us === 0 && r.un === 0) continue;
    const list = out.get(r.state) ?? [];
    list.push({ state: r.state, month: r.month, parts: [...r.parts.values()], upper_cents: r.us, upper_transactions: r.un });
    out.set(r.state, list);
  }
  return out;
}

/**
 * What brings a state's part of a quarter record level with the month summaries it sums, both read
 * at one instant: each net by the difference, each bound up to at least the month's positive days
 * (changes made before the records were kept are known only by day). Applied once (the record then
 * marks the state), it leaves the record exact whatever changes come after, since each adds to
 * both alike, and its bounds valid, since a change adds at least its positive part to any day.
 */
export function reconciliation(
  state: string,
  quarter: string,
  record: ReadonlyMap<string, DaySales>,
  months: ReadonlyMap<string, ReadonlyMap<string, DaySales>>,
): Map<string, DaySales> {
  // What the record would hold had it been kept from the first change: nets and bounds.
  const want = new Map<string, { cents: number; transactions: number }>();
  for (const month of monthsOfQuarter(quarter)) addMonth(want, state, month, months.get(month) ?? new Map<string, DaySales>());
  const out = new Map<string, DaySales>();
  const isNet = (key: string) => {
    const p = parseMonthSalesKey(key);
    return p !== null && p.state === state && !p.upper;
  };
  const keys = new Set([...want.keys(), ...record.keys()].filter(isNet));
  for (const key of keys) {
    const w = want.get(key) ?? { cents: 0, transactions: 0 };
    const r = record.get(key) ?? { cents: 0, transactions: 0 };
    if (w.cents !== r.cents || w.transactions !== r.transactions) out.set(key, { cents: w.cents - r.cents, transactions: w.transactions - r.transactions });
  }
  // A bound need only reach the month's positive days: what the record already bounds stays.
  for (const [key, b] of want) {
    if (!key.endsWith('|upper')) continue;
    const held = record.get(key) ?? { cents: 0, transactions: 0 };
    const lift = { cents: Math.max(0, b.cents - held.cents), transactions: Math.max(0, b.transactions - held.transactions) };
    if (lift.cents !== 0 || lift.transactions !== 0) out.set(key, lift);
  }
  return out;
}
