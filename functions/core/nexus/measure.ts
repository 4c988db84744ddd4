// What counts toward a state's threshold, and the sums over a period. A day's totals are split by
// channel and kind; the rule in force decides which parts count and which are excluded (and why),
// the same way for the amount and for the count of transactions.
import { dayNumber, dayNumberOrNull, endOfMonth } from './dates';
import type { MarketplaceTreatment, WhatCounts } from './thresholds';

export type Channel = 'direct' | 'marketplace';
/** `retail`: a taxable retail sale; `resale`: a sale for resale; `exempt`: a retail sale exempt from tax. */
export type SaleKind = 'retail' | 'resale' | 'exempt';

/** The sales of one day (or one dated record) into a state, in integer cents. */
export interface DatedTotal {
  readonly date: string;
  readonly sales_cents: number;
  readonly transactions: number;
  readonly channel: Channel;
  readonly kind: SaleKind;
}

/** A month's sales into a state, in integer cents (core/nexus/month-sales.ts keeps them). */
export interface MonthTotal {
  readonly state: string;
  /** YYYY-MM. */
  readonly month: string;
  /** The nets by channel and kind (zero parts left out). */
  readonly parts: readonly { readonly channel: Channel; readonly kind: SaleKind; readonly sales_cents: number; readonly transactions: number }[];
  /** At least what counts on any days of the month, whatever counts: the positive parts of its changes summed. */
  readonly upper_cents: number;
  readonly upper_transactions: number;
}

export type Exclusion = 'marketplace' | 'resale' | 'exempt';
export const EXCLUSIONS: readonly Exclusion[] = ['marketplace', 'resale', 'exempt'];

export interface Amounts {
  readonly sales_cents: number;
  readonly transactions: number;
}

export interface CountingRule {
  readonly whatCounts: WhatCounts;
  readonly marketplace: MarketplaceTreatment;
}

/**
 * Why a total is left out, or null where it counts. Marketplace-facilitated sales count where the
 * state counts them and where the data leaves it unclear (so exposure errs toward an obligation);
 * sales for resale count only toward gross; exempt retail sales count toward gross and retail
 * (a retail sale exempt from tax is still a retail sale), not toward taxable sales. A total left
 * out for two reasons is listed under the first of marketplace, resale, exempt.
 */
export function exclusionOf(rule: CountingRule, total: Pick<DatedTotal, 'channel' | 'kind'>): Exclusion | null {
  if (total.channel === 'marketplace' && rule.marketplace === 'no') return 'marketplace';
  if (total.kind === 'resale' && rule.whatCounts !== 'gross') return 'resale';
  if (total.kind === 'exempt' && rule.whatCounts === 'taxable') return 'exempt';
  return null;
}

const LEDGER_KEYS = ['counted', ...EXCLUSIONS] as const;
type Bucket = 'counted' | Exclusion;

/**
 * A measure asked for days of months known only by their totals: the months (YYYY-MM) whose day
 * sales it needs. The caller reads them and asks again.
 */
export class MonthsNeeded extends Error {
  constructor(readonly months: readonly string[]) {
    super(`the day sales of ${months.join(', ')} are needed`);
  }
}

/** Months as consecutive numbers (year·12 + month − 1), so that a span of months is a range. */
const monthIndex = (date: string): number => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
const monthName = (index: number): string => `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;

/** Running sums over sorted positions (days or months) of each bucket and of the counted bound. */
class Sums {
  readonly at: number[] = [];
  readonly sums: Record<Bucket, { sales: number[]; transactions: number[] }> = {
    counted: { sales: [0], transactions: [0] },
    marketplace: { sales: [0], transactions: [0] },
    resale: { sales: [0], transactions: [0] },
    exempt: { sales: [0], transactions: [0] },
  };
  readonly upper = { sales: [0], transactions: [0] };

  constructor(rows: Map<number, { buckets: Record<Bucket, [number, number]>; upper: [number, number] }>) {
    this.at = [...rows.keys()].sort((a, b) => a - b);
    for (const position of this.at) {
      const row = rows.get(position)!;
      for (const key of LEDGER_KEYS) {
        const s = this.sums[key];
        s.sales.push(s.sales.at(-1)! + row.buckets[key][0]);
        s.transactions.push(s.transactions.at(-1)! + row.buckets[key][1]);
      }
      this.upper.sales.push(this.upper.sales.at(-1)! + row.upper[0]);
      this.upper.transactions.push(this.upper.transactions.at(-1)! + row.upper[1]);
    }
  }

  /** How many positions fall before `position`. */
  before(position: number): number {
    let lo = 0;
    let hi = this.at.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.at[mid]! < position) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The sums over positions first..last, both included. */
  span(s: { sales: number[]; transactions: number[] }, first: number, last: number): Amounts {
    if (last < first) return { sales_cents: 0, transactions: 0 };
    const a = this.before(first);
    const b = this.before(last + 1);
    return { sales_cents: s.sales[b]! - s.sales[a]!, transactions: s.transactions[b]! - s.transactions[a]! };
  }
}

const emptyRow = () => ({
  buckets: { counted: [0, 0], marketplace: [0, 0], resale: [0, 0], exempt: [0, 0] } as Record<Bucket, [number, number]>,
  upper: [0, 0] as [number, number],
});
const plus = (a: Amounts, b: Amounts): Amounts => ({ sales_cents: a.sales_cents + b.sales_cents, transactions: a.transactions + b.transactions });

/**
 * Running sums by day, so that any period's measure is two look-ups; and, for months known only by
 * their totals (month-sales.ts), by month: a period holding such a month whole takes its total, a
 * period cutting it needs its days (`needs`, MonthsNeeded).
 */
export class Ledger {
  private readonly days: Sums;
  private readonly months: Sums;
  /** The last month a period may hold whole: a month ending after `knownTo` is known only in part. */
  private readonly lastWholeMonth: number;
  /** The month holding `knownTo`, when it does not end on it, and it has totals. */
  private readonly cutMonth: number | null;
  private readonly marketplaceDays: boolean;
  private readonly marketplaceMonths: { whole: boolean; cut: boolean };
  /** The first day with a total (the first day of its month for a month total), or null when there is none. */
  readonly earliest: string | null;

  /**
   * `totals`: day totals; `months`: totals of months whose days are not given (none of `totals`
   * may fall in them), for the days up to `knownTo` (later months are left out).
   */
  constructor(rule: CountingRule, totals: readonly DatedTotal[], months: readonly MonthTotal[] = [], knownTo?: string) {
    // Totals are grouped by day number and only the distinct days sorted: an answer builds a
    // ledger per state over every day total of its look-back.
    const byDay = new Map<number, ReturnType<typeof emptyRow>>();
    let earliest: string | null = null;
    let marketplaceDays = false;
    for (const t of totals) {
      const day = dayNumberOrNull(t.date);
      if (day === null) throw new Error(`a total's date is not a date: ${JSON.stringify(t.date)}`);
      if (!Number.isSafeInteger(t.sales_cents) || !Number.isSafeInteger(t.transactions))
        throw new Error(`the totals of ${t.date} must be integers (cents, transactions)`);
      if (earliest === null || t.date < earliest) earliest = t.date;
      if (t.channel === 'marketplace') marketplaceDays = true;
      let row = byDay.get(day);
      if (!row) byDay.set(day, (row = emptyRow()));
      const bucket = row.buckets[exclusionOf(rule, t) ?? 'counted'];
      bucket[0] += t.sales_cents;
      bucket[1] += t.transactions;
    }
    // A day's upper bound is its counted net where positive (a day's negative net left out).
    for (const row of byDay.values()) row.upper = [Math.max(0, row.buckets.counted[0]), Math.max(0, row.buckets.counted[1])];
    this.days = new Sums(byDay);
    const known = knownTo ?? '9999-12-31';
    const knownMonth = monthIndex(known);
    this.lastWholeMonth = endOfMonth(known) === known ? knownMonth : knownMonth - 1;
    const byMonth = new Map<number, ReturnType<typeof emptyRow>>();
    const marketplaceMonths = { whole: false, cut: false };
    for (const m of months) {
      const index = monthIndex(m.month);
      if (index > knownMonth) continue;
      if (!Number.isSafeInteger(m.upper_cents) || !Number.isSafeInteger(m.upper_transactions))
        throw new Error(`the totals of ${m.month} must be integers (cents, transactions)`);
      const first = `${m.month}-01`;
      if (earliest === null || first < earliest) earliest = first;
      let row = byMonth.get(index);
      if (!row) byMonth.set(index, (row = emptyRow()));
      row.upper[0] += m.upper_cents;
      row.upper[1] += m.upper_transactions;
      for (const part of m.parts) {
        if (!Number.isSafeInteger(part.sales_cents) || !Number.isSafeInteger(part.transactions))
          throw new Error(`the totals of ${m.month} must be integers (cents, transactions)`);
        if (part.channel === 'marketplace') marketplaceMonths[index > this.lastWholeMonth ? 'cut' : 'whole'] = true;
        const bucket = row.buckets[exclusionOf(rule, part) ?? 'counted'];
        bucket[0] += part.sales_cents;
        bucket[1] += part.transactions;
      }
    }
    this.months = new Sums(byMonth);
    this.cutMonth = byMonth.has(knownMonth) && knownMonth > this.lastWholeMonth ? knownMonth : null;
    this.marketplaceDays = marketplaceDays;
    this.marketplaceMonths = marketplaceMonths;
    this.earliest = earliest;
  }

  /** The months known only by their totals that [from, to] cuts: their days are needed to measure it. */
  needs(from: string, to: string): string[] {
    const first = monthIndex(from);
    const last = monthIndex(to);
    const out: string[] = [];
    const { wholeFirst, wholeLast } = this.whole(from, to);
    for (let i = this.months.before(first); i < this.months.at.length && this.months.at[i]! <= last; i++) {
      const month = this.months.at[i]!;
      if (month < wholeFirst || month > wholeLast) out.push(monthName(month));
    }
    return out;
  }

  /** Whether a marketplace sale is on record up to `knownTo`; MonthsNeeded where only the cut month could say. */
  hasMarketplace(): boolean {
    if (this.marketplaceDays || this.marketplaceMonths.whole) return true;
    if (this.marketplaceMonths.cut && this.cutMonth !== null) throw new MonthsNeeded([monthName(this.cutMonth)]);
    return false;
  }

  /** The months [from, to] holds whole and known. */
  private whole(from: string, to: string): { wholeFirst: number; wholeLast: number } {
    const wholeFirst = from.endsWith('-01') ? monthIndex(from) : monthIndex(from) + 1;
    const wholeLast = Math.min(endOfMonth(to) === to ? monthIndex(to) : monthIndex(to) - 1, this.lastWholeMonth);
    return { wholeFirst, wholeLast };
  }

  private between(key: Bucket, from: string, to: string): Amounts {
    const needed = this.needs(from, to);
    if (needed.length > 0) throw new MonthsNeeded(needed);
    const { wholeFirst, wholeLast } = this.whole(from, to);
    return plus(this.days.span(this.days.sums[key], dayNumber(from), dayNumber(to)), this.months.span(this.months.sums[key], wholeFirst, wholeLast));
  }

  /** What counts over [from, to], both included. */
  counted(from: string, to: string): Amounts {
    return this.between('counted', from, to);
  }

  /**
   * At least what counts over any days within [from, to]: its days' counted sums, each day's at 0
   * where negative, and the bound of every month with totals it touches.
   */
  upperBound(from: string, to: string): Amounts {
    return plus(this.days.span(this.days.upper, dayNumber(from), dayNumber(to)), this.months.span(this.months.upper, monthIndex(from), monthIndex(to)));
  }

  /** What was left out over [from, to], by reason. */
  excluded(from: string, to: string): Record<Exclusion, Amounts> {
    return { marketplace: this.between('marketplace', from, to), resale: this.between('resale', from, to), exempt: this.between('exempt', from, to) };
  }
}
