// What-if (core/nexus/projection.ts): the run rate of the twelve months before the day, grown a
// month at a time and spread over the days, and the day a state's test would be met.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nexusRules } from '../../functions/adapters/content/nexus-rules-file';
import { addDays } from '../../functions/core/nexus/dates';
import { type DatedTotal, MonthsNeeded } from '../../functions/core/nexus/measure';
import { monthlyRunRate, projectedTotals, projectState } from '../../functions/core/nexus/projection';
import { aDatedTotal, DRAWN_FROM, monthRecordsOf } from '../support/nexus-rules';

const rules = nexusRules();
/** $10,000 of direct retail sales on the 15th of each month from July 2025 to June 2026. */
const steady: DatedTotal[] = Array.from({ length: 12 }, (_, i) => {
  const month = ((6 + i) % 12) + 1;
  const year = i < 6 ? 2025 : 2026;
  return { date: `${year}-${String(month).padStart(2, '0')}-15`, sales_cents: 1_000_000, transactions: 10, channel: 'direct', kind: 'retail' };
});
const options = { growth: 0, horizonMonths: 24, registration: undefined };

describe('projections', () => {
  it('takes a month of the last twelve as the run rate, and spreads each projected month over its days in whole cents', () => {
    expect([...monthlyRunRate(steady, '2026-06-30').values()]).toEqual([
      { channel: 'direct', kind: 'retail', cents: 1_000_000, transactions: 10, yearCents: 12_000_000, yearTransactions: 120 },
    ]);
    const projected = projectedTotals(steady, '2026-06-30', 0, 3);
    const july = projected.filter((t) => t.date.startsWith('2026-07'));
    expect(july).toHaveLength(31);
    expect(july.reduce((n, t) => n + t.sales_cents, 0)).toBe(1_000_000);
    expect(july.reduce((n, t) => n + t.transactions, 0)).toBe(10);
    expect(projected.at(-1)!.date).toBe('2026-09-30');
  });

  it('dates the crossing of a calendar-year test under steady sales and under growth', () => {
    // Wyoming: more than $100,000 in the current or previous calendar year. $60,000 by June 30;
    // $10,000 a month reaches exactly $100,000 on October 31, so November 1 exceeds it.
    expect(projectState(rules, 'WY', '2026-06-30', steady, options)).toMatchObject({
      status_on_as_of: 'below',
      projected: true,
      crossed_on: '2026-11-01',
      obligation_from: '2026-11-02',
      monthly_run_rate: { sales: 10_000, transactions: 10 },
    });
    // 10 % a month: $11,000 in July, $12,100, $13,310, then $14,641 in October, $472.29 a day.
    expect(projectState(rules, 'WY', '2026-06-30', steady, { ...options, growth: 0.1 })).toMatchObject({ crossed_on: '2026-10-08' });
  });

  it('answers a crossing already made as it is, and no crossing within the horizon as null', () => {
    const crossed = projectState(rules, 'WY', '2026-06-30', [...steady, { ...steady[0]!, date: '2026-06-01', sales_cents: 5_000_000 }], options);
    // $50,000 to May, $50,000 more on June 1 is exactly $100,000: the sales of June 15 exceed it.
    expect(crossed).toMatchObject({ projected: false, status_on_as_of: 'crossed', crossed_on: '2026-06-15' });
    const tiny = steady.map((t) => ({ ...t, sales_cents: 100 }));
    expect(projectState(rules, 'WY', '2026-06-30', tiny, options)).toMatchObject({ projected: true, crossed_on: null });
  });

  it('keeps the sums exact under the strongest growth over the longest horizon, and still dates the crossing', () => {
    const huge: DatedTotal[] = [{ date: '2025-04-07', sales_cents: 32_215_620, transactions: 860_075_477, channel: 'direct', kind: 'exempt' }];
    const projected = projectedTotals(huge, '2026-01-27', 10, 60);
    expect(projected.every((t) => Number.isSafeInteger(t.sales_cents) && Number.isSafeInteger(t.transactions))).toBe(true);
    expect(projected.reduce((n, t) => n + t.sales_cents, 0)).toBeLessThan(Number.MAX_SAFE_INTEGER);
    for (const state of ['ND', 'WY', 'NY']) {
      expect(() => projectState(rules, state, '2026-01-27', huge, { growth: 10, horizonMonths: 60, registration: undefined })).not.toThrow();
    }
    const retail = huge.map((t) => ({ ...t, kind: 'retail' as const }));
    expect(projectState(rules, 'WY', '2026-01-27', retail, { growth: 10, horizonMonths: 60, registration: undefined })).toMatchObject({
      status_on_as_of: 'crossed',
    });
    const small = steady.map((t) => ({ ...t, sales_cents: 100, transactions: 0 }));
    expect(projectState(rules, 'WY', '2026-06-30', small, { growth: 10, horizonMonths: 60, registration: undefined })).toMatchObject({
      projected: true,
      crossed_on: expect.stringMatching(/^2026-/),
    });
  });
});

describe('projections on month totals, by property', () => {
  // A state of each kind of period: calendar year, trailing, quarter ends, month ends, New York's quarters, any 12 months.
  const states = ['WY', 'TN', 'IL', 'TX', 'NY', 'MS', 'CT'] as const;

  it('rounds the run rate once over the twelve months, whichever way the totals are held', () => {
    // Parts of 50, 70, -20 and -10 transactions: 90 a year, 7.5 a month, which is 8; summing each part's twelfth gave 7.
    const totals: DatedTotal[] = [
      { date: '2023-03-06', sales_cents: 0, transactions: 50, channel: 'direct', kind: 'exempt' },
      { date: '2023-03-06', sales_cents: 0, transactions: 70, channel: 'marketplace', kind: 'retail' },
      { date: '2023-04-01', sales_cents: 0, transactions: -20, channel: 'direct', kind: 'resale' },
      { date: '2023-03-06', sales_cents: 0, transactions: -10, channel: 'direct', kind: 'retail' },
    ];
    const byDay = projectState(rules, 'WY', '2024-02-05', totals, options);
    const byMonth = projectState(rules, 'WY', '2024-02-05', [], options, monthRecordsOf('WY', totals));
    expect(byDay.monthly_run_rate).toEqual({ sales: 0, transactions: 8 });
    expect(byMonth).toEqual(byDay);
  });

  it('projects what every day would, reading only the months asked for', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...states),
        fc.array(aDatedTotal, { maxLength: 50 }),
        fc.integer({ min: 400, max: 900 }),
        fc.constantFrom(0, 0.05, 0.5),
        (state, drawn, at, growth) => {
          // Amounts a thousand times larger, so that the projections reach real thresholds.
          const totals = drawn
            .filter((t) => t.sales_cents !== 0 || t.transactions !== 0)
            .map((t) => ({ ...t, sales_cents: t.sales_cents * 1_000, transactions: t.transactions * 10 }));
          const asOf = addDays(DRAWN_FROM, at);
          const months = monthRecordsOf(state, totals);
          const detailed = new Set<string>();
          for (;;) {
            try {
              const got = projectState(
                rules,
                state,
                asOf,
                totals.filter((t) => detailed.has(t.date.slice(0, 7))),
                { ...options, growth },
                months.filter((m) => !detailed.has(m.month)),
              );
              expect(got).toEqual(projectState(rules, state, asOf, totals, { ...options, growth }));
              return;
            } catch (error) {
              if (!(error instanceof MonthsNeeded)) throw error;
              for (const m of error.months) detailed.add(m);
            }
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
