// A return job's liability by state and month: sums in cents, all-locations summaries preferred to
// their single-location parts, repeats counted once, and the stacking the chart draws.
import type { Schema } from '@salestax/client';
import { describe, expect, it } from 'vitest';
import { effectiveSummaries, liability, monthSeries, stacked } from '../../../console/src/liability';

type Item = Schema<'ReturnJobItem'>;
const kind = { document_count: 0, taxable_amount: 0, tax: 0 };
let n = 0;
const ok = (state: string, period: string, tax: number, location_code: string | null = null): Item => ({
  reference_id: `r${++n}`,
  status: 'succeeded',
  result: {
    state,
    period,
    location_code,
    document_count: 1,
    gross_amount: 0,
    exempt_amount: 0,
    taxable_amount: 0,
    tax,
    jurisdictions: [],
    by_kind: { sale: kind, refund: kind, credit: kind, reversal: kind, replacement: kind },
    collection: { collected_tax: 0, reported_tax: 0, under_collected: 0, over_collected: 0, reported_document_count: 0, unreported_document_count: 1 },
  },
});
const failed: Item = {
  reference_id: 'bad',
  status: 'failed',
  error: { code: 'location_not_authorized', message: 'm', request_id: 'q', severity: 'error' },
};

describe('liability', () => {
  it('adds tax by state and month in cents (0.1 + 0.2 is 0.30 here), largest state first, months ascending', () => {
    const l = liability([ok('IL', '2026-02', 0.1), ok('IL', '2026-01', 0.2), ok('TX', '2026-01', 5), ok('CA', '2026-03', -1.15), failed]);
    expect(l.states).toEqual(['TX', 'IL', 'CA']);
    expect(l.periods).toEqual(['2026-01', '2026-02', '2026-03']);
    expect(l.taxCents).toEqual([
      [500, 0, 0],
      [20, 10, 0],
      [0, 0, -115],
    ]);
    expect(l.stateTotalsCents).toEqual([500, 30, -115]);
    expect(l.periodTotalsCents).toEqual([520, 10, -115]);
    expect(l.totalCents).toBe(415);
  });

  it('takes an all-locations summary alone, adds single locations otherwise, and counts a repeat once', () => {
    const items = [
      ok('NY', '2026-01', 10, 'NYC'),
      ok('NY', '2026-01', 25),
      ok('NY', '2026-02', 3, 'NYC'),
      ok('NY', '2026-02', 4, 'ALB'),
      ok('NY', '2026-02', 4, 'ALB'),
    ];
    expect(effectiveSummaries(items).map((s) => [s.period, s.location_code, s.tax])).toEqual([
      ['2026-01', null, 25],
      ['2026-02', 'NYC', 3],
      ['2026-02', 'ALB', 4],
    ]);
    expect(liability(items).taxCents).toEqual([[2500, 700]]);
  });

  it('is empty without succeeded items', () => {
    expect(liability([failed])).toEqual({ states: [], periods: [], taxCents: [], stateTotalsCents: [], periodTotalsCents: [], totalCents: 0 });
    expect(stacked(monthSeries(liability([])))).toEqual([]);
  });
});

describe('chart series', () => {
  const l = liability(['AL', 'AZ', 'CA', 'CO', 'FL', 'GA', 'IL', 'NY', 'TX', 'WA'].map((s, i) => ok(s, '2026-01', 100 - i)));

  it('shows the largest states and one series for the rest', () => {
    const series = monthSeries(l, 8);
    expect(series.map((s) => s.label)).toEqual(['AL', 'AZ', 'CA', 'CO', 'FL', 'GA', 'IL', 'Other states (3)']);
    expect(series.at(-1)!.values).toEqual([9300 + 9200 + 9100]);
    expect(monthSeries(l, 10)).toHaveLength(10);
  });

  it('stacks positives upwards and negatives downwards', () => {
    const series = [
      { label: 'a', values: [5, -1, 0] },
      { label: 'b', values: [-3, -2, 4] },
      { label: 'c', values: [2, 6, 0] },
    ];
    expect(stacked(series)).toEqual([
      [5, -1, 0],
      [-3, -3, 4],
      [7, 6, 4],
    ]);
  });
});
