// The measurement periods: for each kind, the tests a state makes up to a date (the day each is
// made and the days it measures) and the period in progress (what the next test will measure, as
// far as it has happened). A test met on any of the days listed counts: a state that tests at
// period ends obliges a seller for the time after a test it met, and a day-by-day state for the
// days after its crossing, so a crossing within the look-back still binds.
import { addDays, dateOf, decemberThirtyFirst, endOfMonth, firstOfMonth, januaryFirst, twelveMonthsEndingOn, yearOf } from './dates';
import type { PeriodKind } from './thresholds';

export type MeasuredPeriodKind = Exclude<PeriodKind, 'not_measured'>;

/** One test: made on `on`, measuring the days `from`..`to` (both included; `to` is `on`). */
export interface PeriodTest {
  readonly on: string;
  readonly from: string;
  readonly to: string;
}

/** The months whose last day is a test, for the kinds that test at period ends. */
const PERIOD_ENDS: Partial<Record<MeasuredPeriodKind, readonly number[]>> = {
  previous_12_months_quarterly: [3, 6, 9, 12],
  previous_12_months_monthly: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
  // New York's sales-tax quarters end on the last day of February, May, August and November.
  new_york_sales_tax_quarters: [2, 5, 8, 11],
  twelve_months_ending_september_30: [9],
};

/** Whether the kind is tested every day (the crossing is a day of sales) or only at period ends. */
export function testedDaily(kind: MeasuredPeriodKind): boolean {
  return kind === 'previous_or_current_calendar_year' || kind === 'trailing_12_months' || kind === 'any_12_consecutive_months';
}

const yearToDate = (day: string): PeriodTest => ({ on: day, from: januaryFirst(yearOf(day)), to: day });
const twelveMonths = (day: string): PeriodTest => ({ on: day, ...twelveMonthsEndingOn(day) });

function eachDay(from: string, to: string, test: (day: string) => PeriodTest): PeriodTest[] {
  const tests: PeriodTest[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) tests.push(test(day));
  return tests;
}

/** The period ends of a kind falling in [from, to], oldest first. */
function endsBetween(months: readonly number[], from: string, to: string): string[] {
  const ends: string[] = [];
  for (let year = yearOf(from); year <= yearOf(to); year++)
    for (const month of months) {
      const end = endOfMonth(dateOf(year, month, 1));
      if (end >= from && end <= to) ends.push(end);
    }
  return ends;
}

/**
 * The tests that decide the status on `asOf`, oldest first. `earliest` is the first day with sales
 * on record: only "any 12 consecutive months" looks back without limit, to it.
 */
export function testsUpTo(kind: MeasuredPeriodKind, asOf: string, earliest: string = asOf): PeriodTest[] {
  const year = yearOf(asOf);
  switch (kind) {
    case 'previous_or_current_calendar_year':
      return eachDay(januaryFirst(year - 1), asOf, yearToDate);
    case 'previous_calendar_year':
      return [{ on: decemberThirtyFirst(year - 1), from: januaryFirst(year - 1), to: decemberThirtyFirst(year - 1) }];
    case 'trailing_12_months':
      return eachDay(twelveMonthsEndingOn(asOf).from, asOf, twelveMonths);
    case 'any_12_consecutive_months':
      return eachDay(earliest < asOf ? earliest : asOf, asOf, twelveMonths);
    default: {
      const months = PERIOD_ENDS[kind]!;
      return endsBetween(months, twelveMonthsEndingOn(asOf).from, asOf).map(twelveMonths);
    }
  }
}

/**
 * Consecutive tests of a kind, in the order `testsUpTo` lists them: `from`..`to` spans every day
 * any of them measures, so a bound on that span's sales bounds each test's.
 */
export interface TestBlock {
  readonly from: string;
  readonly to: string;
  readonly tests: () => PeriodTest[];
}

/** The test a daily kind makes on `day`. */
const dailyTest = (kind: MeasuredPeriodKind): ((day: string) => PeriodTest) => (kind === 'previous_or_current_calendar_year' ? yearToDate : twelveMonths);

/**
 * `testsUpTo` in blocks: a daily kind's tests a calendar month of test days at a time (a test's
 * first day never moves back as its day moves on, so a block spans its first test's first day to
 * its last test's day), any other kind's tests one each. Finding the first test met then looks at
 * each day only in a month whose bound allows it, rather than summing a window for every day.
 */
export function testBlocksUpTo(kind: MeasuredPeriodKind, asOf: string, earliest: string = asOf): TestBlock[] {
  if (!testedDaily(kind)) return testsUpTo(kind, asOf, earliest).map((t) => ({ from: t.from, to: t.to, tests: () => [t] }));
  const test = dailyTest(kind);
  const start =
    kind === 'previous_or_current_calendar_year'
      ? januaryFirst(yearOf(asOf) - 1)
      : kind === 'trailing_12_months'
        ? twelveMonthsEndingOn(asOf).from
        : earliest < asOf
          ? earliest
          : asOf;
  const blocks: TestBlock[] = [];
  for (let first = start; first <= asOf; first = firstOfMonth(first, 1)) {
    const monthEnd = endOfMonth(first);
    const last = monthEnd < asOf ? monthEnd : asOf;
    blocks.push({ from: test(first).from, to: last, tests: () => eachDay(first, last, test) });
  }
  return blocks;
}

/** The first test `testsUpTo` lists (the look-back's start), without listing the others. */
export function firstTest(kind: MeasuredPeriodKind, asOf: string): PeriodTest | undefined {
  return testBlocksUpTo(kind, asOf, asOf)[0]?.tests()[0];
}

/**
 * The period in progress on `asOf`: the days the next test will measure, up to `asOf`, and the day
 * of that test (null for the kinds tested every day, whose next test is each coming day).
 */
export function periodInProgress(kind: MeasuredPeriodKind, asOf: string): { from: string; to: string; nextTest: string | null } {
  const year = yearOf(asOf);
  switch (kind) {
    case 'previous_or_current_calendar_year':
      return { from: januaryFirst(year), to: asOf, nextTest: null };
    case 'previous_calendar_year':
      return { from: januaryFirst(year), to: asOf, nextTest: decemberThirtyFirst(year) };
    case 'trailing_12_months':
    case 'any_12_consecutive_months':
      return { from: twelveMonthsEndingOn(asOf).from, to: asOf, nextTest: null };
    default: {
      const months = PERIOD_ENDS[kind]!;
      const next = endsBetween(months, addDays(asOf, 1), dateOf(year + 1, 12, 31))[0]!;
      return { from: twelveMonthsEndingOn(next).from, to: asOf, nextTest: next };
    }
  }
}
