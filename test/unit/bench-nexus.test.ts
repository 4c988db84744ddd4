// The seed and the check of the bench's `nexus` part (scripts/bench/nexus-seed.ts, nexus.ts): the
// documents spread over 24 months and the states, the summaries hold exactly the documents' sales,
// and the check refuses an answer that measures anything else.
import { describe, expect, it } from 'vitest';
import { addDays } from '../../functions/core/nexus/dates';
import { monthTotals, quarterOf } from '../../functions/core/nexus/month-sales';
import { datedTotals } from '../../functions/core/nexus/recorded';
import { isMonthSalesSummary } from '../../functions/core/returns/summary';
import { answerMismatches, historyRecords } from '../../scripts/bench/nexus';
import { documentAt, SPREAD_DAYS, salesBetween, seedAccount, statesOf, templates } from '../../scripts/bench/nexus-seed';
import { content } from '../support/engine';

const TODAY = '2026-12-02';
const places = statesOf(content, 5, (state) => state !== 'AL');
const byState = templates(content, places, TODAY);

describe('the nexus bench seed', () => {
  it('takes one ZIP of each accepted state and spreads the documents over the states and 24 months', () => {
    expect(places.map((p) => p.state)).toEqual(['AK', 'AR', 'AZ', 'CA', 'CO']);
    const count = 2_000;
    const docs = Array.from({ length: count }, (_, i) => documentAt(byState, TODAY, i, count));
    expect(new Set(docs.map((d) => d.code)).size).toBe(count);
    expect(docs[0]!.date).toBe(TODAY);
    expect(docs.at(-1)!.date).toBe(addDays(TODAY, -(SPREAD_DAYS - 1)));
    expect(new Set(docs.map((d) => d.date.slice(0, 7))).size).toBe(25);
    for (const { state } of places) expect(docs.filter((d) => d.lines[0]!.address.state === state)).toHaveLength(count / places.length);
  });

  it('sums the documents into summaries that hold the sales counted from their lines', () => {
    const seeded = seedAccount(byState, TODAY, 2_000);
    const records = seeded.summaries.filter((s) => isMonthSalesSummary(s.key));
    expect(seeded.summaries).toHaveLength(places.length * 25 + records.length);
    // One month record per quarter of the 25 months, holding what the summaries hold.
    expect(records).toHaveLength(new Set(seeded.summaries.filter((s) => !isMonthSalesSummary(s.key)).map((s) => quarterOf(s.key.period))).size);
    for (const { state } of places) {
      const fromRecords = records
        .flatMap((r) => monthTotals(r.key.period, r.totals.sales).get(state) ?? [])
        .flatMap((m) => m.parts)
        .reduce((n, p) => ({ cents: n.cents + p.sales_cents, transactions: n.transactions + p.transactions }), { cents: 0, transactions: 0 });
      expect(fromRecords).toEqual(salesBetween(seeded.sales, [], state, '2000-01-01', TODAY));
    }
    for (const { state } of places) {
      const fromSummaries = seeded.summaries
        .filter((s) => s.key.state === state)
        .flatMap((s) => datedTotals(s.key.period, s.totals.sales))
        .reduce((n, t) => ({ cents: n.cents + t.sales_cents, transactions: n.transactions + t.transactions }), { cents: 0, transactions: 0 });
      expect(fromSummaries).toEqual(salesBetween(seeded.sales, [], state, '2000-01-01', TODAY));
      expect(fromSummaries.transactions).toBe(400);
      expect(fromSummaries.cents).toBeGreaterThan(0);
    }
  });
});

describe('the nexus bench check', () => {
  const seeded = seedAccount(byState, TODAY, 2_000);
  const extras = historyRecords(
    places.map((p) => p.state),
    (days) => addDays(TODAY, -days),
  ).flat();
  const from = addDays(TODAY, -364);
  const answer = places.map(({ state }) => {
    const { cents, transactions } = salesBetween(seeded.sales, extras, state, from, TODAY);
    // A part left out, so that the check adds what is excluded back in.
    return {
      state,
      period: { from, to: TODAY },
      measured: { sales: (cents - 1000) / 100, transactions: transactions - 1, excluded: { resale: { sales: 10, transactions: 1 } } },
    };
  });

  it('accepts an answer that measures the seeded sales and history over each period', () => {
    expect(extras.filter((e) => e.date >= from)).not.toHaveLength(0);
    expect(answerMismatches(answer, seeded.sales, extras)).toEqual([]);
  });

  it('names a state measured wrong, one missing and one with nothing seeded over its period', () => {
    const wrong = answer.map((s, i) => (i === 0 ? { ...s, measured: { ...s.measured, sales: s.measured.sales + 0.01 } } : s));
    expect(answerMismatches(wrong, seeded.sales, extras)).toEqual([expect.stringMatching(/^AK .*: answered/)]);
    expect(answerMismatches(answer.slice(1), seeded.sales, extras)).toEqual(['AK: no measured period in the answer']);
    const empty = answer.map((s, i) => (i === 1 ? { ...s, period: { from: '2001-01-01', to: '2001-12-31' } } : s));
    expect(answerMismatches(empty, seeded.sales, extras)[0]).toMatch(/^AR: nothing seeded/);
  });
});
