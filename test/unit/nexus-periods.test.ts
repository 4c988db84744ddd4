// The measurement periods of economic nexus (functions/core/nexus/periods.ts): which tests each
// kind makes up to a day, the days each measures, and the period in progress.
import { describe, expect, it } from 'vitest';
import { addDays, firstOfMonth, isIsoDate, twelveMonthsEndingOn } from '../../functions/core/nexus/dates';
import { firstTest, type MeasuredPeriodKind, periodInProgress, testBlocksUpTo, testedDaily, testsUpTo } from '../../functions/core/nexus/periods';
import { PERIOD_KINDS } from '../../functions/core/nexus/thresholds';

const ends = (kind: MeasuredPeriodKind, asOf: string) => testsUpTo(kind, asOf).map((t) => t.on);

describe('calendar arithmetic', () => {
  it('knows real dates, month ends and the 12 months ending on a day, leap days included', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2023-13-01')).toBe(false);
    expect(addDays('2023-12-31', 1)).toBe('2024-01-01');
    expect(firstOfMonth('2023-11-15', 2)).toBe('2024-01-01');
    expect(twelveMonthsEndingOn('2024-02-29')).toEqual({ from: '2023-03-01', to: '2024-02-29' });
    expect(twelveMonthsEndingOn('2023-02-28')).toEqual({ from: '2022-03-01', to: '2023-02-28' });
    expect(twelveMonthsEndingOn('2024-06-30')).toEqual({ from: '2023-07-01', to: '2024-06-30' });
  });
});

describe('the tests of each period kind', () => {
  it('previous or current calendar year: every day of last year and of this year so far, each measuring its year to date', () => {
    const tests = testsUpTo('previous_or_current_calendar_year', '2024-03-10');
    expect(tests).toHaveLength(365 + 31 + 29 + 10);
    expect(tests[0]).toEqual({ on: '2023-01-01', from: '2023-01-01', to: '2023-01-01' });
    expect(tests.find((t) => t.on === '2023-12-31')).toEqual({ on: '2023-12-31', from: '2023-01-01', to: '2023-12-31' });
    expect(tests.at(-1)).toEqual({ on: '2024-03-10', from: '2024-01-01', to: '2024-03-10' });
    expect(periodInProgress('previous_or_current_calendar_year', '2024-03-10')).toEqual({ from: '2024-01-01', to: '2024-03-10', nextTest: null });
  });

  it('previous calendar year only: one test, of last year as a whole, made on its last day', () => {
    expect(testsUpTo('previous_calendar_year', '2024-03-10')).toEqual([{ on: '2023-12-31', from: '2023-01-01', to: '2023-12-31' }]);
    expect(periodInProgress('previous_calendar_year', '2024-03-10')).toEqual({ from: '2024-01-01', to: '2024-03-10', nextTest: '2024-12-31' });
  });

  it('trailing 12 months: every day of the last 12 months, each measuring the 12 months ending on it', () => {
    const tests = testsUpTo('trailing_12_months', '2024-03-10');
    expect(tests).toHaveLength(366);
    expect(tests[0]).toEqual({ on: '2023-03-11', from: '2022-03-12', to: '2023-03-11' });
    expect(tests.at(-1)).toEqual({ on: '2024-03-10', from: '2023-03-11', to: '2024-03-10' });
    expect(periodInProgress('trailing_12_months', '2024-03-10')).toEqual({ from: '2023-03-11', to: '2024-03-10', nextTest: null });
  });

  it('previous 12 months tested at calendar quarter ends: the quarter ends of the last 12 months', () => {
    expect(testsUpTo('previous_12_months_quarterly', '2024-08-15')).toEqual([
      { on: '2023-09-30', from: '2022-10-01', to: '2023-09-30' },
      { on: '2023-12-31', from: '2023-01-01', to: '2023-12-31' },
      { on: '2024-03-31', from: '2023-04-01', to: '2024-03-31' },
      { on: '2024-06-30', from: '2023-07-01', to: '2024-06-30' },
    ]);
    // A quarter end is itself tested on its day.
    expect(ends('previous_12_months_quarterly', '2024-06-30').at(-1)).toBe('2024-06-30');
    expect(periodInProgress('previous_12_months_quarterly', '2024-08-15')).toEqual({ from: '2023-10-01', to: '2024-08-15', nextTest: '2024-09-30' });
    expect(periodInProgress('previous_12_months_quarterly', '2024-12-31').nextTest).toBe('2025-03-31');
  });

  it('previous 12 months tested at month ends: the 12 month ends before the day', () => {
    expect(ends('previous_12_months_monthly', '2024-08-15')).toEqual([
      '2023-08-31',
      '2023-09-30',
      '2023-10-31',
      '2023-11-30',
      '2023-12-31',
      '2024-01-31',
      '2024-02-29',
      '2024-03-31',
      '2024-04-30',
      '2024-05-31',
      '2024-06-30',
      '2024-07-31',
    ]);
  });

  it("New York's sales-tax quarters: the four quarters (Mar–May, Jun–Aug, Sep–Nov, Dec–Feb) before each quarter's end", () => {
    expect(testsUpTo('new_york_sales_tax_quarters', '2024-03-15')).toEqual([
      { on: '2023-05-31', from: '2022-06-01', to: '2023-05-31' },
      { on: '2023-08-31', from: '2022-09-01', to: '2023-08-31' },
      { on: '2023-11-30', from: '2022-12-01', to: '2023-11-30' },
      { on: '2024-02-29', from: '2023-03-01', to: '2024-02-29' },
    ]);
    expect(periodInProgress('new_york_sales_tax_quarters', '2024-03-15')).toEqual({ from: '2023-06-01', to: '2024-03-15', nextTest: '2024-05-31' });
  });

  it("Connecticut's 12 months ending September 30: the last September 30 decides", () => {
    expect(testsUpTo('twelve_months_ending_september_30', '2024-08-15')).toEqual([{ on: '2023-09-30', from: '2022-10-01', to: '2023-09-30' }]);
    expect(testsUpTo('twelve_months_ending_september_30', '2024-09-30')).toEqual([{ on: '2024-09-30', from: '2023-10-01', to: '2024-09-30' }]);
    expect(periodInProgress('twelve_months_ending_september_30', '2024-08-15')).toEqual({ from: '2023-10-01', to: '2024-08-15', nextTest: '2024-09-30' });
  });

  it('any 12 consecutive months: every day since the first sale on record, without a look-back limit', () => {
    const tests = testsUpTo('any_12_consecutive_months', '2024-01-01', '2020-01-05');
    expect(tests[0]).toEqual({ on: '2020-01-05', from: '2019-01-06', to: '2020-01-05' });
    expect(tests.at(-1)?.on).toBe('2024-01-01');
    expect(testsUpTo('any_12_consecutive_months', '2024-01-01')).toHaveLength(1);
  });

  it('every kind of the data but not_measured has its tests, each ending on the day it is made and never after the day asked', () => {
    for (const kind of PERIOD_KINDS.filter((k) => k !== 'not_measured')) {
      const tests = testsUpTo(kind, '2025-05-20', '2023-01-01');
      expect(tests.length, kind).toBeGreaterThan(0);
      for (const t of tests) {
        expect(t.to, kind).toBe(t.on);
        expect(t.on <= '2025-05-20', kind).toBe(true);
        expect(t.from <= t.to, kind).toBe(true);
      }
      expect(periodInProgress(kind, '2025-05-20').to, kind).toBe('2025-05-20');
      expect(periodInProgress(kind, '2025-05-20').nextTest === null, kind).toBe(testedDaily(kind));
    }
  });
});

describe('test blocks', () => {
  const kinds = PERIOD_KINDS.filter((k): k is MeasuredPeriodKind => k !== 'not_measured');
  for (const kind of kinds)
    it(`lists ${kind}'s tests in order, each within its block's span`, () => {
      for (const asOf of ['2024-02-29', '2025-05-20', '2025-12-31', '2026-01-01']) {
        const blocks = testBlocksUpTo(kind, asOf, '2023-01-01');
        expect(blocks.flatMap((b) => b.tests())).toEqual(testsUpTo(kind, asOf, '2023-01-01'));
        for (const b of blocks) for (const t of b.tests()) expect(t.from >= b.from && t.to <= b.to).toBe(true);
        expect(firstTest(kind, asOf)).toEqual(testsUpTo(kind, asOf)[0]);
      }
    });
});
