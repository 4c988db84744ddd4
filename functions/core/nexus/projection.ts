// What-if: when a state's test would be crossed if sales went on as they did. The twelve months
// before `as_of` give each channel and kind its monthly run rate; every later month adds that rate
// grown by `growth` a month (compounded), spread evenly over the month's days in whole cents, and
// the state's rule is applied to the sales on record plus the projected ones.
import { exposureOn } from './crossing';
import { addDays, dayNumber, daysInMonth, endOfMonth, firstOfMonth, fromDayNumber, monthOf, twelveMonthsEndingOn, yearOf } from './dates';
import { type Channel, type DatedTotal, MonthsNeeded, type MonthTotal, type SaleKind } from './measure';
import { type Registration, thresholdView } from './report';
import type { NexusRules } from './thresholds';

/** Every this many months the projected sales are tested: shorter than any state's look-back, so no test is skipped. */
const STEP_MONTHS = 6;

export interface ProjectionOptions {
  readonly growth: number;
  readonly horizonMonths: number;
  readonly registration: Registration | undefined;
}

const half = (n: number): number => Math.floor(n + 0.5);

/**
 * A projected month of one channel and kind never exceeds these: far above every state's threshold,
 * so a month that would pass them crosses any test either way, and strong growth compounded over the
 * horizon keeps the sums exact integers instead of running past what a double holds.
 */
const MONTH_CEILING = { cents: 1e12, transactions: 1e9 } as const;

/** A channel and kind's month of the run rate (`cents`, `transactions`) and the twelve months' sums it is a twelfth of. */
export interface RunRate {
  readonly channel: Channel;
  readonly kind: SaleKind;
  cents: number;
  transactions: number;
  yearCents: number;
  yearTransactions: number;
}

/**
 * Per channel and kind, the sales and transactions a month of the twelve months ending on `asOf`,
 * from day totals and the totals of months whose days are not given (none of `totals` may fall in
 * them); MonthsNeeded where the twelve months cut such a month.
 */
export function monthlyRunRate(totals: readonly DatedTotal[], asOf: string, months: readonly MonthTotal[] = []): Map<string, RunRate> {
  const { from } = twelveMonthsEndingOn(asOf);
  const rates = new Map<string, RunRate>();
  const add = (t: { channel: Channel; kind: SaleKind; sales_cents: number; transactions: number }) => {
    const key = `${t.channel}|${t.kind}`;
    const into = rates.get(key) ?? { channel: t.channel, kind: t.kind, cents: 0, transactions: 0, yearCents: 0, yearTransactions: 0 };
    into.yearCents += t.sales_cents;
    into.yearTransactions += t.transactions;
    rates.set(key, into);
  };
  for (const t of totals) if (t.date >= from && t.date <= asOf) add(t);
  const cut: string[] = [];
  for (const m of months) {
    const first = `${m.month}-01`;
    const last = endOfMonth(first);
    if (last < from || first > asOf) continue;
    if (first < from || last > asOf) cut.push(m.month);
    else for (const part of m.parts) add(part);
  }
  if (cut.length > 0) throw new MonthsNeeded([...new Set(cut)].sort());
  for (const r of rates.values()) {
    r.cents = r.yearCents / 12;
    r.transactions = r.yearTransactions / 12;
  }
  return rates;
}

/** The projected daily totals of the days after `asOf`, month by month up to `months` months on. */
export function projectedTotals(
  totals: readonly DatedTotal[],
  asOf: string,
  growth: number,
  months: number,
  recorded: readonly MonthTotal[] = [],
): DatedTotal[] {
  const out: DatedTotal[] = [];
  for (const rate of monthlyRunRate(totals, asOf, recorded).values()) {
    for (let k = 0; k <= months; k++) {
      const first = k === 0 ? addDays(asOf, 1) : firstOfMonth(asOf, k);
      const last = endOfMonth(asOf, k);
      if (first > last) continue;
      const factor = (1 + growth) ** k;
      const days = dayNumber(last) - dayNumber(first) + 1;
      // The month's share that falls after as_of (all of it from the next month on).
      const fraction = days / daysInMonth(yearOf(last), monthOf(last));
      const cents = Math.min(MONTH_CEILING.cents, half(rate.cents * factor * fraction));
      const transactions = Math.min(MONTH_CEILING.transactions, half(rate.transactions * factor * fraction));
      if (cents <= 0 && transactions <= 0) continue;
      for (let d = 0; d < days; d++) {
        // Whole cents and transactions a day; the last day takes what the division leaves.
        const dayCents = d === days - 1 ? cents - Math.floor(cents / days) * (days - 1) : Math.floor(cents / days);
        const dayTransactions = d === days - 1 ? transactions - Math.floor(transactions / days) * (days - 1) : Math.floor(transactions / days);
        if (dayCents === 0 && dayTransactions === 0) continue;
        out.push({
          date: fromDayNumber(dayNumber(first) + d),
          sales_cents: dayCents,
          transactions: dayTransactions,
          channel: rate.channel,
          kind: rate.kind,
        });
      }
    }
  }
  return out;
}

/**
 * A state's projection on `asOf`, over day totals and the totals of months whose days are not
 * given; MonthsNeeded where a test or the run rate's twelve months cut such a month.
 */
export function projectState(
  rules: NexusRules,
  state: string,
  asOf: string,
  totals: readonly DatedTotal[],
  options: ProjectionOptions,
  months: readonly MonthTotal[] = [],
) {
  const now = exposureOn(rules, state, asOf, totals, months);
  const rule = rules.ruleOn(state, asOf)!;
  const rates = [...monthlyRunRate(totals, asOf, months).values()];
  // The twelve months' whole sums, divided once: a sum of each part's twelfth would round by the
  // order the parts came in, so day totals and month totals could answer a different figure.
  const year = rates.reduce((n, r) => ({ cents: n.cents + r.yearCents, transactions: n.transactions + r.yearTransactions }), { cents: 0, transactions: 0 });
  const base = {
    state,
    threshold: thresholdView(rule),
    registered_from: options.registration?.registered_from ?? null,
    status_on_as_of: now.status,
    monthly_run_rate: {
      sales: half(year.cents / 12) / 100,
      transactions: half(year.transactions / 12),
    },
  };
  if (now.status === 'crossed') return { ...base, projected: false, crossed_on: now.crossed_on, obligation_from: now.obligation_from };
  if (now.status === 'not_measured' || now.status === 'no_rule') return { ...base, projected: false, crossed_on: null, obligation_from: null };
  const all = [...totals, ...projectedTotals(totals, asOf, options.growth, options.horizonMonths, months)];
  const horizon = endOfMonth(asOf, options.horizonMonths);
  for (let k = STEP_MONTHS; ; k += STEP_MONTHS) {
    const day = k >= options.horizonMonths ? horizon : endOfMonth(asOf, k);
    const exposure = exposureOn(rules, state, day, all, months);
    if (exposure.status === 'crossed' && exposure.crossed_on! > asOf)
      return { ...base, projected: true, crossed_on: exposure.crossed_on, obligation_from: exposure.obligation_from };
    if (day === horizon) return { ...base, projected: true, crossed_on: null, obligation_from: null };
  }
}

export type ProjectionView = ReturnType<typeof projectState>;
