// Liability of a return job: the tax of its succeeded summaries by state and by month
// (docs/providers-and-return-jobs.md, "Return jobs"), for the job's chart and table. Amounts are
// added in integer cents, never as floats.
//
// A job may ask for a state and month both for all locations (location_code null) and for single
// locations; the all-locations summary already contains them, so it is taken alone when present,
// and single-location summaries are added up only when it is not. The same summary asked twice
// (two reference ids, same state, month and location) counts once.
import type { Schema } from '@salestax/client';

type Summary = Schema<'ReturnSummary'>;

export interface Liability {
  /** States, largest total tax first (then by code). */
  readonly states: readonly string[];
  /** Months (YYYY-MM), ascending. */
  readonly periods: readonly string[];
  /** Tax in cents, [state][period] (0 where the job has no figure). */
  readonly taxCents: readonly (readonly number[])[];
  readonly stateTotalsCents: readonly number[];
  readonly periodTotalsCents: readonly number[];
  readonly totalCents: number;
}

export const cents = (amount: number): number => Math.round(amount * 100);

/** The summaries that make up each state and month, per the rule above. */
export function effectiveSummaries(items: readonly Schema<'ReturnJobItem'>[]): Summary[] {
  const unique = new Map<string, Summary>();
  for (const item of items) {
    if (item.status !== 'succeeded') continue;
    const s = item.result;
    unique.set(`${s.state}|${s.period}|${s.location_code ?? ''}`, s);
  }
  const summaries = [...unique.values()];
  const whole = new Set(summaries.filter((s) => s.location_code === null).map((s) => `${s.state}|${s.period}`));
  return summaries.filter((s) => s.location_code === null || !whole.has(`${s.state}|${s.period}`));
}

export function liability(items: readonly Schema<'ReturnJobItem'>[]): Liability {
  const summaries = effectiveSummaries(items);
  const byState = new Map<string, number>();
  for (const s of summaries) byState.set(s.state, (byState.get(s.state) ?? 0) + cents(s.tax));
  const states = [...byState.keys()].sort((a, b) => byState.get(b)! - byState.get(a)! || a.localeCompare(b));
  const periods = [...new Set(summaries.map((s) => s.period))].sort();
  const taxCents = states.map(() => periods.map(() => 0));
  for (const s of summaries) taxCents[states.indexOf(s.state)]![periods.indexOf(s.period)]! += cents(s.tax);
  const periodTotalsCents = periods.map((_, p) => taxCents.reduce((sum, row) => sum + row[p]!, 0));
  return {
    states,
    periods,
    taxCents,
    stateTotalsCents: states.map((state) => byState.get(state)!),
    periodTotalsCents,
    totalCents: periodTotalsCents.reduce((a, b) => a + b, 0),
  };
}

export interface Series {
  readonly label: string;
  /** Cents per x position. */
  readonly values: readonly number[];
}

/** Per-state series over the months, the largest `max - 1` states each and the rest as one. */
export function monthSeries(l: Liability, max = 8): Series[] {
  const shown = l.states.length <= max ? l.states.length : max - 1;
  const series: Series[] = l.states.slice(0, shown).map((state, i) => ({ label: state, values: l.taxCents[i]! }));
  if (shown < l.states.length) {
    const rest = l.taxCents.slice(shown);
    series.push({ label: `Other states (${rest.length})`, values: l.periods.map((_, p) => rest.reduce((sum, row) => sum + row[p]!, 0)) });
  }
  return series;
}

/**
 * Stacks series for a stacked bar chart: each series' bar reaches the running total of the series
 * before it and its own value, positives upwards and negatives (months where refunds and credits
 * outweigh sales) downwards, so bars drawn from the last series to the first show every layer.
 */
export function stacked(series: readonly Series[]): number[][] {
  const length = series[0]?.values.length ?? 0;
  const up = new Array<number>(length).fill(0);
  const down = new Array<number>(length).fill(0);
  return series.map((s) =>
    s.values.map((value, x) => {
      if (value >= 0) return (up[x]! += value);
      return (down[x]! += value);
    }),
  );
}
