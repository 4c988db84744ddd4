// Economic nexus rules and recorded totals for the core's tests: a rule of any shape the content
// allows (a state "ZZ" of the test's own), and fast-check arbitraries drawing rules and day
// totals, refunds and voids included, so that the properties of different modules draw alike.
import fc from 'fast-check';
import { addDays } from '../../functions/core/nexus/dates';
import type { Channel, DatedTotal, MonthTotal, SaleKind } from '../../functions/core/nexus/measure';
import { monthSalesChanges, monthTotals } from '../../functions/core/nexus/month-sales';
import type { MeasuredPeriodKind } from '../../functions/core/nexus/periods';
import { daySalesKey } from '../../functions/core/nexus/recorded';
import { type MeasuredRule, PERIOD_KINDS } from '../../functions/core/nexus/thresholds';

/** A measured rule in force from 2018, $100,000 exceeded over the calendar year unless `over` says otherwise. */
export function testRule(over: Partial<MeasuredRule> = {}): MeasuredRule {
  return {
    state: 'ZZ',
    from: '2018-01-01',
    duty: 'collect',
    marketplace: 'yes',
    sources: ['https://example.test/rule'],
    sourceKind: 'official',
    inferred: [],
    note: 'a test rule',
    period: 'previous_or_current_calendar_year',
    salesThresholdCents: 10_000_000,
    salesComparison: 'exceeds',
    salesMinTransactions: null,
    countsSalesFrom: null,
    transactions: null,
    combine: 'none',
    whatCounts: 'gross',
    obligationStarts: 'next_day',
    ...over,
  };
}

/** Every measured period kind. */
export const MEASURED_KINDS = PERIOD_KINDS.filter((k): k is MeasuredPeriodKind => k !== 'not_measured');

/** The first day the arbitraries date totals from; they span 900 days after it. */
export const DRAWN_FROM = '2023-01-01';

/**
 * A day's total: small amounts too, so that sums land exactly on small thresholds (the boundary
 * wording), and negative amounts and counts (a refund, a void), so no day's net is assumed positive.
 */
export const aDatedTotal: fc.Arbitrary<DatedTotal> = fc.record({
  date: fc.integer({ min: 0, max: 900 }).map((n) => addDays(DRAWN_FROM, n)),
  sales_cents: fc.oneof(fc.integer({ min: -3, max: 10 }), fc.integer({ min: -2_000, max: 40_000 })),
  transactions: fc.integer({ min: -2, max: 5 }),
  channel: fc.constantFrom<Channel>('direct', 'marketplace'),
  kind: fc.constantFrom<SaleKind>('retail', 'resale', 'exempt'),
});

/** A rule of one of `kinds`, with any threshold, wording, combination and counting. */
export function aTestRule(kinds: readonly MeasuredPeriodKind[] = MEASURED_KINDS): fc.Arbitrary<MeasuredRule> {
  return fc
    .record({
      period: fc.constantFrom(...kinds),
      salesThresholdCents: fc.oneof(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 300_000 })),
      salesComparison: fc.constantFrom('exceeds' as const, 'at_least' as const),
      combine: fc.constantFrom('none' as const, 'or' as const, 'and' as const),
      salesMinTransactions: fc.option(fc.integer({ min: 1, max: 12 }), { nil: null, freq: 4 }),
      tx: fc.integer({ min: 1, max: 40 }),
      txComparison: fc.constantFrom('exceeds' as const, 'at_least' as const),
      whatCounts: fc.constantFrom('gross' as const, 'retail' as const, 'taxable' as const),
      marketplace: fc.constantFrom('yes' as const, 'no' as const, 'unclear' as const),
    })
    .map(({ tx, txComparison, ...p }) => testRule({ ...p, transactions: p.combine === 'none' ? null : { threshold: tx, comparison: txComparison } }));
}

/** The month totals a quarter record would hold for a state's day totals, each total one change. */
export function monthRecordsOf(state: string, totals: readonly DatedTotal[]): MonthTotal[] {
  const changes = totals.map((t, i) => ({
    state,
    month: t.date.slice(0, 7),
    code: `doc-${i}`,
    sales: new Map([[daySalesKey(t.date.slice(8, 10), t.channel, t.kind), { cents: t.sales_cents, transactions: t.transactions }]]),
  }));
  const byQuarter = new Map<string, Map<string, { cents: number; transactions: number }>>();
  for (const c of monthSalesChanges(changes)) {
    const into = byQuarter.get(c.quarter) ?? new Map<string, { cents: number; transactions: number }>();
    for (const [k, d] of c.sales) {
      const at = into.get(k) ?? { cents: 0, transactions: 0 };
      into.set(k, { cents: at.cents + d.cents, transactions: at.transactions + d.transactions });
    }
    byQuarter.set(c.quarter, into);
  }
  return [...byQuarter].flatMap(([q, sales]) => monthTotals(q, sales).get(state) ?? []);
}
