// Month totals of the recorded sales (functions/core/nexus/month-sales.ts): what a change adds to
// its quarter's record, the reconciliation of a record with the summaries it sums, and, by
// property, that an exposure measured on month totals, reading the days of the months it asks for,
// is the exposure measured on every day.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exposureUnder } from '../../functions/core/nexus/crossing';
import { addDays } from '../../functions/core/nexus/dates';
import { type DatedTotal, MonthsNeeded } from '../../functions/core/nexus/measure';
import { monthSalesChanges, monthTotals, quarterOf, reconciliation } from '../../functions/core/nexus/month-sales';
import { daySalesKey } from '../../functions/core/nexus/recorded';
import type { MeasuredRule } from '../../functions/core/nexus/thresholds';
import { aDatedTotal, aTestRule, DRAWN_FROM, monthRecordsOf, testRule } from '../support/nexus-rules';

/** The exposure as GET /nexus reaches it: month totals first, then the days of each month asked for. */
function byMonths(r: MeasuredRule, asOf: string, totals: readonly DatedTotal[]): { exposure: ReturnType<typeof exposureUnder>; read: number } {
  const months = monthRecordsOf('ZZ', totals);
  const detailed = new Set<string>();
  for (;;) {
    try {
      const exposure = exposureUnder(
        r,
        asOf,
        totals.filter((t) => detailed.has(t.date.slice(0, 7))),
        months.filter((m) => !detailed.has(m.month)),
      );
      return { exposure, read: detailed.size };
    } catch (error) {
      if (!(error instanceof MonthsNeeded)) throw error;
      expect(error.months.every((m) => !detailed.has(m))).toBe(true);
      for (const m of error.months) detailed.add(m);
    }
  }
}

describe('a quarter record', () => {
  it('adds each day into its month and the positive parts into the state’s month bound', () => {
    const [change] = monthSalesChanges([
      {
        state: 'CA',
        month: '2026-11',
        code: 'a',
        sales: new Map([
          [daySalesKey('03', 'direct', 'retail'), { cents: 500, transactions: 1 }],
          [daySalesKey('09', 'direct', 'retail'), { cents: -200, transactions: -1 }],
        ]),
      },
    ]);
    expect(change!.quarter).toBe('2026-Q4');
    expect(monthTotals('2026-Q4', change!.sales).get('CA')).toEqual([
      {
        state: 'CA',
        month: '2026-11',
        parts: [{ channel: 'direct', kind: 'retail', sales_cents: 300, transactions: 0 }],
        upper_cents: 500,
        upper_transactions: 1,
      },
    ]);
    expect(quarterOf('2026-01')).toBe('2026-Q1');
    expect(quarterOf('2026-12')).toBe('2026-Q4');
  });

  it('is brought level with its summaries by the difference, once', () => {
    const record = new Map([['CA|11|direct|retail', { cents: 100, transactions: 1 }]]);
    const months = new Map([['2026-11', new Map([[daySalesKey('02', 'direct', 'retail'), { cents: 700, transactions: 3 }]])]]);
    const fix = reconciliation('CA', '2026-Q4', record, months);
    expect(fix.get('CA|11|direct|retail')).toEqual({ cents: 600, transactions: 2 });
    expect(fix.get('CA|11|upper')).toEqual({ cents: 700, transactions: 3 });
    // A bound the record already holds is not added again.
    const held = reconciliation('CA', '2026-Q4', new Map([...record, ['CA|11|upper', { cents: 650, transactions: 3 }]]), months);
    expect(held.get('CA|11|upper')).toEqual({ cents: 50, transactions: 0 });
    // A record holding more than the summaries (a void of a sale from before the records) comes down.
    const back = reconciliation('CA', '2026-Q4', new Map([['CA|11|direct|retail', { cents: -50, transactions: -1 }]]), new Map());
    expect(back.get('CA|11|direct|retail')).toEqual({ cents: 50, transactions: 1 });
  });
});

describe('an exposure on month totals, by property', () => {
  it('equals the exposure on every day, whatever the refunds and however the months fall', () => {
    fc.assert(
      fc.property(aTestRule(), fc.array(aDatedTotal, { maxLength: 60 }), fc.integer({ min: 0, max: 900 }), (r, totals, at) => {
        const asOf = addDays(DRAWN_FROM, at);
        // A summary holds no zero day total (datedTotals leaves them out), so neither does this.
        const recorded = totals.filter((t) => t.sales_cents !== 0 || t.transactions !== 0);
        expect(byMonths(r, asOf, recorded).exposure).toEqual(exposureUnder(r, asOf, recorded));
      }),
      { numRuns: 800 },
    );
  });

  it('reads no day of a state far below its threshold, and only the months around a crossing', () => {
    const steady = Array.from({ length: 700 }, (_, i) => ({
      date: addDays('2024-01-01', i),
      sales_cents: 1_000,
      transactions: 1,
      channel: 'direct' as const,
      kind: 'retail' as const,
    }));
    const far = testRule({ period: 'trailing_12_months', salesThresholdCents: 100_000_000 });
    const below = byMonths(far, '2025-11-30', steady);
    expect(below.exposure.status).toBe('below');
    expect(below.read).toBe(0);
    // 1,000 cents a day crosses 100,000 cents on the 101st day of 2024 (calendar year, exceeds).
    const near = testRule({ period: 'previous_or_current_calendar_year', salesThresholdCents: 100_000 });
    const crossed = byMonths(near, '2024-11-30', steady);
    expect(crossed.exposure).toMatchObject({ status: 'crossed', crossed_on: addDays('2024-01-01', 100) });
    expect(crossed.read).toBeLessThanOrEqual(2);
  });
});
