// The account the `nexus` part of the bench measures, as its commits would leave it: synthetic
// committed documents over the 24 months before today, spread over the states, summed into return
// summaries by the same pure functions a commit's write uses (summaryDeltas, sumTotals) and written
// with the same update builder (summaryUpdates), one item per summary instead of one transaction
// per document. The documents are copies of a few documents per state that the engine calculated
// and committed, each copy with its own code and date: a summary reads nothing else of a document
// than its lines and its date.

import * as v from 'valibot';
import type { TaxContent } from '../../functions/core/content/tax-content';
import { addDays } from '../../functions/core/nexus/dates';
import { keyOf, type SummaryDelta, type SummaryKey, type SummaryTotals, summaryDeltas, sumTotals } from '../../functions/core/returns/summary';
import { calculate } from '../../functions/core/tax/engine';
import type { EngineContext } from '../../functions/core/tax/types';
import { commit } from '../../functions/core/transactions/lifecycle';
import type { TransactionRecord } from '../../functions/core/transactions/transaction';
import { CalculationRequestSchema } from '../../functions/schemas/document';
import { benchEngineContext } from './engine-context';

export const NEXUS_TENANT = { accountId: 'acct_bench_nexus', environment: 'sandbox' } as const;
/** Days the documents are spread over, ending today: 24 months. */
export const SPREAD_DAYS = 730;
/** Prices of a state's templates (USD) before its weight; every third one adds a grocery line. */
const PRICES = [20, 45, 80, 120, 200, 350] as const;

/**
 * The lowest ZIP of each of the first `count` states (alphabetically) of the content's rate table
 * that `measured` accepts; Illinois left out, since its lines need a seller posture.
 */
export function statesOf(content: TaxContent, count: number, measured: (state: string) => boolean): { state: string; zip: string }[] {
  const first = new Map<string, string>();
  for (const { state, zip } of content.rows().values())
    if (state !== 'IL' && measured(state) && (!first.has(state) || zip < first.get(state)!)) first.set(state, zip);
  return [...first]
    .sort(([a], [b]) => a.localeCompare(b))
    .slice(0, count)
    .map(([state, zip]) => ({ state, zip }));
}

/**
 * A state's weight on its prices, so that the states end at different distances from their
 * thresholds (about $40,000 to $400,000 a year at 2,500 documents a state over 24 months).
 */
export const weightOf = (index: number): number => 0.25 + ((index * 7) % 10) * 0.25;

/** The engine's calculation of each state's template documents, committed (as of `today`). */
export function templates(content: TaxContent, places: readonly { state: string; zip: string }[], today: string): TransactionRecord[][] {
  const ctx: EngineContext = benchEngineContext(content, today, NEXUS_TENANT);
  return places.map(({ state, zip }, s) =>
    PRICES.map((price, p) => {
      const amount = Math.round(price * weightOf(s) * 100) / 100;
      const lines: { amount: number; tax_code?: string }[] = [{ amount }];
      if (p % 3 === 2) lines.push({ amount: 15, tax_code: '40030' });
      // Validated as a request is: the engine takes what the schema gives it.
      const doc = v.parse(CalculationRequestSchema, { date: today, ship_to: { state, zip }, lines });
      const meta = { code: `tpl-${state}-${p}`, tenant: NEXUS_TENANT, location_code: null, customer_code: null, at: `${today}T12:00:00.000Z` };
      return commit(calculate(doc, ctx), meta).document;
    }),
  );
}

/** Document `i` of `count`: the states in turn, dated back from `today` evenly over SPREAD_DAYS. */
export function documentAt(byState: readonly (readonly TransactionRecord[])[], today: string, i: number, count: number): TransactionRecord {
  const forState = byState[i % byState.length]!;
  const template = forState[Math.floor(i / byState.length) % forState.length]!;
  const date = addDays(today, -Math.floor((i * SPREAD_DAYS) / count));
  return { ...template, code: `nx-${i}`, date };
}

export interface SeededAccount {
  /** One delta per summary: the sum of every document's contribution to it. */
  readonly summaries: SummaryDelta[];
  /** Per state and date, the sales (cents, tax excluded) and documents: what the check compares an answer with. */
  readonly sales: Map<string, Map<string, { cents: number; transactions: number }>>;
}

/** `count` documents summed into their summaries, with their sales per state and day counted apart. */
export function seedAccount(byState: readonly (readonly TransactionRecord[])[], today: string, count: number): SeededAccount {
  const parts = new Map<string, { key: SummaryKey; totals: SummaryTotals[] }>();
  const sales = new Map<string, Map<string, { cents: number; transactions: number }>>();
  for (let i = 0; i < count; i++) {
    const record = documentAt(byState, today, i, count);
    for (const { key, totals } of summaryDeltas({ create: [record], update: [] })) {
      const id = keyOf(key);
      const entry = parts.get(id);
      if (entry) entry.totals.push(totals);
      else parts.set(id, { key, totals: [totals] });
    }
    // Counted from the lines, apart from the summaries, so the check does not trust what it checks.
    const states = new Set<string>();
    for (const line of record.lines) {
      const state = line.address.state;
      const byDay = sales.get(state) ?? new Map<string, { cents: number; transactions: number }>();
      sales.set(state, byDay);
      const day = byDay.get(record.date) ?? { cents: 0, transactions: 0 };
      byDay.set(record.date, day);
      day.cents += line.taxable + line.exempt;
      if (!states.has(state)) day.transactions += 1;
      states.add(state);
    }
  }
  const summaries = [...parts.values()].map(({ key, totals }) => ({ key, code: 'bench', totals: sumTotals(totals) }));
  return { summaries, sales };
}

/** The sales of a state over the days from `from` to `to`, both included. */
export function salesBetween(
  sales: SeededAccount['sales'],
  extra: readonly { state: string; date: string; cents: number; transactions: number }[],
  state: string,
  from: string,
  to: string,
): { cents: number; transactions: number } {
  const out = { cents: 0, transactions: 0 };
  for (const [date, day] of sales.get(state) ?? [])
    if (date >= from && date <= to) {
      out.cents += day.cents;
      out.transactions += day.transactions;
    }
  for (const e of extra)
    if (e.state === state && e.date >= from && e.date <= to) {
      out.cents += e.cents;
      out.transactions += e.transactions;
    }
  return out;
}
