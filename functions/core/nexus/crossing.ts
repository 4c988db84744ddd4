// Exposure to a state's economic nexus on a date, and the dating of a crossing: the rule in force
// on `asOf` is applied to its own period kind's tests (periods.ts) over the sales on record, with
// that rule's counting (measure.ts), boundary wording and combination of tests.

import { isIsoDate } from './dates';
import { type Amounts, type DatedTotal, type Exclusion, Ledger, MonthsNeeded } from './measure';
import type { MonthTotal } from './month-sales';
import { obligationFrom } from './obligation';
import { firstTest, type PeriodTest, periodInProgress, type TestBlock, testBlocksUpTo, testedDaily } from './periods';
import type { Comparison, Duty, MeasuredRule, NexusRule, NexusRules, SourceKind } from './thresholds';

/** From this share of the nearer test on, a state below its threshold is `approaching`. */
export const APPROACHING_SHARE = 0.8;

export type ExposureStatus = 'below' | 'approaching' | 'crossed' | 'not_measured' | 'no_rule';

export interface Exposure {
  readonly state: string;
  readonly as_of: string;
  /** The rule in force on `as_of` (its effective date), or null where the state has none. */
  readonly rule_from: string | null;
  /** What a crossing obliges under that rule: to collect, or to elect collection or notice-and-reporting. */
  readonly duty: Duty | null;
  /** How sure the rule is: read in the state's own publication (`official`) or only in a summary (`secondary`). */
  readonly source_kind: SourceKind | null;
  readonly status: ExposureStatus;
  /** The days measured: the crossing test's where crossed, else the period in progress. */
  readonly period: { readonly from: string; readonly to: string } | null;
  /** The day of the next test, for the kinds that test at period ends (null: tested every day). */
  readonly next_test: string | null;
  readonly measured: Amounts;
  readonly excluded: Record<Exclusion, Amounts>;
  /** The measure over the nearer test's threshold (4 decimals): the larger where either test suffices, the smaller where both must be met. */
  readonly share: number;
  /** The day the test was first met: the day of sales, or the day of the test for the kinds that test at period ends. */
  readonly crossed_on: string | null;
  /** When collection must start, by the state's rule: from `exposureOn`, never before its law measured sellers. */
  readonly obligation_from: string | null;
  /** Where the data leaves the counting open, what was assumed. */
  readonly assumptions: readonly string[];
  /**
   * Earlier rules of the state in force during the days the look-back covers: the rule of `as_of`
   * decides, but a crossing under one of these is found by asking on a day it was in force.
   */
  readonly earlier_rules: readonly string[];
}

const ZERO: Amounts = { sales_cents: 0, transactions: 0 };
const NONE_EXCLUDED: Record<Exclusion, Amounts> = { marketplace: ZERO, resale: ZERO, exempt: ZERO };

export const meets = (value: number, threshold: number, comparison: Comparison): boolean => (comparison === 'exceeds' ? value > threshold : value >= threshold);

/** Whether a period's measure meets the rule's test. */
export function testMet(rule: MeasuredRule, m: Amounts): boolean {
  const sales =
    meets(m.sales_cents, rule.salesThresholdCents, rule.salesComparison) && (rule.salesMinTransactions === null || m.transactions >= rule.salesMinTransactions);
  if (rule.transactions === null) return sales;
  const transactions = meets(m.transactions, rule.transactions.threshold, rule.transactions.comparison);
  return rule.combine === 'and' ? sales && transactions : sales || transactions;
}

/** The share of the nearer test, rounded half-up to 4 decimals, in integer arithmetic. */
export function shareOf(rule: MeasuredRule, m: Amounts): number {
  const ratio = (value: number, threshold: number) => Math.floor((Math.max(value, 0) * 20_000 + threshold) / (2 * threshold)) / 10_000;
  const amount = ratio(m.sales_cents, rule.salesThresholdCents);
  // A sales test that also needs some transactions is as near as the farther of its two parts.
  const sales = rule.salesMinTransactions === null ? amount : Math.min(amount, ratio(m.transactions, rule.salesMinTransactions));
  if (rule.transactions === null) return sales;
  const transactions = ratio(m.transactions, rule.transactions.threshold);
  return rule.combine === 'and' ? Math.min(sales, transactions) : Math.max(sales, transactions);
}

/**
 * The first test whose measure meets the rule, or undefined. A block none of whose days could meet
 * it (its days' counted sales and transactions, each day's negative net left out, are an upper
 * bound of every window inside it, and each test is met only by more) is passed over whole.
 */
export function firstMet(rule: MeasuredRule, ledger: Ledger, blocks: readonly TestBlock[]): PeriodTest | undefined {
  for (const block of blocks) {
    if (!testMet(rule, ledger.upperBound(block.from, block.to))) continue;
    const tests = block.tests();
    // Every month the block's tests cut is asked for at once, so a caller reads them in one go.
    const needed = new Set(tests.flatMap((t) => ledger.needs(t.from, t.to)));
    if (needed.size > 0) throw new MonthsNeeded([...needed].sort());
    const met = tests.find((t) => testMet(rule, ledger.counted(t.from, t.to)));
    if (met) return met;
  }
  return undefined;
}

/** What an exposure answers where nothing is measured: no rule, or a rule that measures nothing. */
const UNMEASURED = {
  period: null,
  next_test: null,
  measured: ZERO,
  excluded: NONE_EXCLUDED,
  share: 0,
  crossed_on: null,
  obligation_from: null,
  assumptions: [],
} as const;

/**
 * Exposure under one rule (the caller has chosen it: `exposureOn` chooses the rule in force), over
 * day totals and the totals of months whose days are not given; MonthsNeeded where a test or the
 * period measured cuts such a month.
 */
export function exposureUnder(
  rule: NexusRule,
  asOf: string,
  totals: readonly DatedTotal[],
  months: readonly MonthTotal[] = [],
): Omit<Exposure, 'earlier_rules'> {
  if (!isIsoDate(asOf)) throw new Error(`not a date: ${JSON.stringify(asOf)}`);
  const base = { state: rule.state, as_of: asOf, rule_from: rule.from, duty: rule.duty, source_kind: rule.sourceKind };
  if (rule.period === 'not_measured')
    return {
      ...base,
      status: 'not_measured',
      ...UNMEASURED,
    };
  // Sales after the day asked about are not known on it; sales before the first day the rule
  // counts do not count.
  const countsFrom = rule.countsSalesFrom ?? '0000-01-01';
  const known = totals.filter((t) => t.date <= asOf && t.date >= countsFrom);
  const ledger = new Ledger(
    rule,
    known,
    months.filter((m) => m.month >= countsFrom.slice(0, 7)),
    asOf,
  );
  const assumptions = rule.marketplace === 'unclear' && ledger.hasMarketplace() ? ['marketplace_sales_counted_where_unclear'] : [];
  const crossing = firstMet(rule, ledger, testBlocksUpTo(rule.period, asOf, ledger.earliest ?? asOf));
  const progress = periodInProgress(rule.period, asOf);
  const period = crossing ? { from: crossing.from, to: crossing.to } : { from: progress.from, to: progress.to };
  const measured = ledger.counted(period.from, period.to);
  const share = shareOf(rule, measured);
  return {
    ...base,
    status: crossing ? 'crossed' : share >= APPROACHING_SHARE ? 'approaching' : 'below',
    period,
    next_test: testedDaily(rule.period) ? null : progress.nextTest,
    measured,
    excluded: ledger.excluded(period.from, period.to),
    share,
    crossed_on: crossing?.on ?? null,
    obligation_from: crossing ? obligationFrom(rule.obligationStarts, crossing.on) : null,
    assumptions,
  };
}

/** Exposure on `asOf` under the rule in force that day; `no_rule` where the state has none. */
export function exposureOn(rules: NexusRules, state: string, asOf: string, totals: readonly DatedTotal[], months: readonly MonthTotal[] = []): Exposure {
  const rule = rules.ruleOn(state, asOf);
  if (!rule)
    return {
      state,
      as_of: asOf,
      rule_from: null,
      duty: null,
      source_kind: null,
      status: 'no_rule',
      ...UNMEASURED,
      earlier_rules: [],
    };
  const under = exposureUnder(rule, asOf, totals, months);
  // A crossing found in the look-back may predate the law: no collection is owed before a
  // threshold measured the state (Texas's law starts on 2019-10-01 however early its first
  // twelve months were met).
  const since = rules.measuredSince(state, asOf);
  const exposure = under.obligation_from !== null && since !== null && under.obligation_from < since ? { ...under, obligation_from: since } : under;
  const lookBack = rule.period === 'not_measured' ? null : firstTest(rule.period, asOf);
  const earlier = lookBack ? rules.rulesDuring(state, lookBack.from, asOf).filter((r) => r.from < rule.from) : [];
  return { ...exposure, earlier_rules: earlier.map((r) => r.from) };
}

/**
 * The coming test day a state that tests at period ends will be crossed on unless sales are taken
 * back: the sales so far of the period in progress already meet its test. Null where the state
 * tests every day (a crossing is then a day of sales, seen when it is recorded) or is crossed.
 */
export function pendingCrossing(rule: NexusRule, exposure: Pick<Exposure, 'status' | 'next_test' | 'measured'>): string | null {
  if (rule.period === 'not_measured' || exposure.status === 'crossed' || exposure.next_test === null) return null;
  return testMet(rule, exposure.measured) ? exposure.next_test : null;
}
