// Economic nexus for the nexus page (GET /nexus, docs/economic-nexus.md): the states its share chart
// draws, in order, a state's test in words, and the nexus alerts read back from the events list,
// whose payloads the API describes only as an event's data (so they are checked here, not trusted).
// Types from the client itself, not api.ts, so the unit tests compile without the DOM (as liability.ts).
import type { operations } from '@salestax/client';
import { money, percent } from './format';

export type Nexus = operations['nexus-get']['responses'][200]['content']['application/json'];
export type NexusState = Nexus['states'][number];
export type NexusStatus = NexusState['status'];

/** The share from which a state is `approaching` (the API's own boundary). */
export const APPROACHING_SHARE = 0.8;

/** Every status GET /nexus answers, in the order the chart's legend names them. */
export const STATUSES = ['crossed', 'approaching', 'below', 'registered', 'not_measured'] as const satisfies readonly NexusStatus[];

export interface ShareBars {
  /** States with something measured, largest share first (then by code). */
  readonly states: readonly string[];
  readonly shares: readonly number[];
  readonly statuses: readonly NexusStatus[];
  /** States left out of the chart: nothing measured, or not measured at all. */
  readonly omitted: number;
}

export function shareBars(states: readonly NexusState[]): ShareBars {
  const drawn = states.filter((s) => s.share > 0 && s.status !== 'not_measured').sort((a, b) => b.share - a.share || a.state.localeCompare(b.state));
  return {
    states: drawn.map((s) => s.state),
    shares: drawn.map((s) => s.share),
    statuses: drawn.map((s) => s.status),
    omitted: states.length - drawn.length,
  };
}

/** The share axis reaches past the threshold, and past the largest share. */
export const shareAxisMax = (shares: readonly number[]): number => Math.max(1.1, ...shares.map((s) => s * 1.05));

/** The state's test, e.g. `over $100,000`, `over $500,000 and over 100 transactions`, `$100,000 or more or 200 transactions or more`, `over $100,000, sales from 2021-01-01`. */
export function thresholdText(t: NexusState['threshold']): string {
  if (t.period === 'not_measured') return 'not measured';
  const dollars = (usd: number) => money(usd).replace(/\.00$/, '');
  const part = (value: string, comparison: 'exceeds' | 'at_least' | null) => (comparison === 'at_least' ? `${value} or more` : `over ${value}`);
  const amount = t.sales_usd === null ? null : part(dollars(t.sales_usd), t.comparison.sales);
  const sales = amount && t.sales_min_transactions !== null ? `${amount} in ${t.sales_min_transactions.toLocaleString('en-US')} or more sales` : amount;
  const count = t.transactions === null ? null : part(`${t.transactions.toLocaleString('en-US')} transactions`, t.comparison.transactions);
  const test = sales && count && t.combine !== 'none' ? `${sales} ${t.combine} ${count}` : (sales ?? count ?? '—');
  return t.counts_sales_from === null ? test : `${test}, sales from ${t.counts_sales_from}`;
}

/** `YYYY-MM-DD – YYYY-MM-DD`, or a dash. */
export const periodText = (p: NexusState['period']): string => (p ? `${p.from} – ${p.to}` : '—');

export interface NexusAlert {
  readonly state: string;
  readonly asOf: string;
  readonly status: 'approaching' | 'crossed';
  readonly share: number;
  readonly sales: number;
  readonly transactions: number;
  readonly crossedOn: string | null;
  readonly obligationFrom: string | null;
  readonly nextTest: string | null;
}

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const dayOrNull = (x: unknown): x is string | null => x === null || (typeof x === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(x));

/** A nexus alert's figures from an event's `data`, or null when the payload is not one. */
export function nexusAlert(data: unknown): NexusAlert | null {
  if (!isRecord(data) || !isRecord(data.measured)) return null;
  const { state, as_of, status, share, crossed_on, obligation_from, next_test, measured } = data;
  if (typeof state !== 'string' || typeof as_of !== 'string' || (status !== 'approaching' && status !== 'crossed') || typeof share !== 'number') return null;
  if (typeof measured.sales !== 'number' || typeof measured.transactions !== 'number') return null;
  if (!dayOrNull(crossed_on) || !dayOrNull(obligation_from) || !dayOrNull(next_test ?? null)) return null;
  return {
    state,
    asOf: as_of,
    status,
    share,
    sales: measured.sales,
    transactions: measured.transactions,
    crossedOn: crossed_on,
    obligationFrom: obligation_from,
    nextTest: (next_test as string | null | undefined) ?? null,
  };
}

/** What a screen reader hears in place of the chart. */
export function shareSummary(bars: ShareBars): string {
  const each = bars.states.map((s, i) => `${s} ${percent(bars.shares[i]!)} (${bars.statuses[i]!.replaceAll('_', ' ')})`);
  return `Horizontal bar chart of each state's measure as a share of its economic nexus threshold, largest first: ${each.join(', ')}. The threshold is at 100 %; a state is approaching from ${percent(APPROACHING_SHARE)}. The table below has every figure.`;
}
