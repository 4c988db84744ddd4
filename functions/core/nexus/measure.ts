// What counts toward a state's threshold, and the sums over a period. A day's totals are split by
// channel and kind; the rule in force decides which parts count and which are excluded (and why),
// the same way for the amount and for the count of transactions.
import { dayNumber, dayNumberOrNull } from './dates';
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

/** Running sums by day, so that any period's measure is two look-ups. */
export class Ledger {
  private readonly days: number[] = [];
  private readonly sums: Record<'counted' | Exclusion, { sales: number[]; transactions: number[] }> = {
    counted: { sales: [0], transactions: [0] },
    marketplace: { sales: [0], transactions: [0] },
    resale: { sales: [0], transactions: [0] },
    exempt: { sales: [0], transactions: [0] },
  };
  /** Running sums of each day's counted sales and transactions where positive (a day's negative net left out). */
  private readonly upper = { sales: [0], transactions: [0] };
  /** The first day with a total, or null when there is none. */
  readonly earliest: string | null;

  constructor(rule: CountingRule, totals: readonly DatedTotal[]) {
    // Totals are grouped by day number and only the distinct days sorted: an answer builds a
    // ledger per state over every day total of its look-back.
    const byDay = new Map<number, Record<'counted' | Exclusion, [number, number]>>();
    let earliest: string | null = null;
    for (const t of totals) {
      const day = dayNumberOrNull(t.date);
      if (day === null) throw new Error(`a total's date is not a date: ${JSON.stringify(t.date)}`);
      if (!Number.isSafeInteger(t.sales_cents) || !Number.isSafeInteger(t.transactions))
        throw new Error(`the totals of ${t.date} must be integers (cents, transactions)`);
      if (earliest === null || t.date < earliest) earliest = t.date;
      let row = byDay.get(day);
      if (!row) {
        row = { counted: [0, 0], marketplace: [0, 0], resale: [0, 0], exempt: [0, 0] };
        byDay.set(day, row);
        this.days.push(day);
      }
      const bucket = row[exclusionOf(rule, t) ?? 'counted'];
      bucket[0] += t.sales_cents;
      bucket[1] += t.transactions;
    }
    this.earliest = earliest;
    this.days.sort((a, b) => a - b);
    for (const day of this.days) {
      const row = byDay.get(day)!;
      for (const key of LEDGER_KEYS) {
        const s = this.sums[key];
        s.sales.push(s.sales.at(-1)! + row[key][0]);
        s.transactions.push(s.transactions.at(-1)! + row[key][1]);
      }
      this.upper.sales.push(this.upper.sales.at(-1)! + Math.max(0, row.counted[0]));
      this.upper.transactions.push(this.upper.transactions.at(-1)! + Math.max(0, row.counted[1]));
    }
  }

  /** How many days with totals fall before `day`. */
  private before(day: number): number {
    let lo = 0;
    let hi = this.days.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.days[mid]! < day) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private between(key: 'counted' | Exclusion, from: string, to: string): Amounts {
    return this.span(this.sums[key], from, to);
  }

  private span(s: { sales: number[]; transactions: number[] }, from: string, to: string): Amounts {
    const a = this.before(dayNumber(from));
    const b = this.before(dayNumber(to) + 1);
    return { sales_cents: s.sales[b]! - s.sales[a]!, transactions: s.transactions[b]! - s.transactions[a]! };
  }

  /** What counts over [from, to], both included. */
  counted(from: string, to: string): Amounts {
    return this.between('counted', from, to);
  }

  /** At least what counts over any days within [from, to]: its days' counted sums, each day's at 0 where negative. */
  upperBound(from: string, to: string): Amounts {
    return this.span(this.upper, from, to);
  }

  /** What was left out over [from, to], by reason. */
  excluded(from: string, to: string): Record<Exclusion, Amounts> {
    return { marketplace: this.between('marketplace', from, to), resale: this.between('resale', from, to), exempt: this.between('exempt', from, to) };
  }
}
