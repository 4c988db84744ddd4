// The worked example of docs/economic-nexus.md: its sales are read from the guide's table, the
// exposure of each state is computed by the nexus core over the project's rules, and the guide's
// answer table must be exactly what the code answers, so the guide cannot drift from the code.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nexusRules } from '../../functions/adapters/content/nexus-rules-file';
import { type Exposure, exposureOn } from '../../functions/core/nexus/crossing';
import type { Channel, DatedTotal, SaleKind } from '../../functions/core/nexus/measure';

const GUIDE = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'economic-nexus.md'), 'utf8');

/** The rows of the first table after a line holding `marker`, as cells. */
function tableAfter(marker: string): string[][] {
  const lines = GUIDE.split('\n');
  const start = lines.findIndex((l) => l.includes(marker));
  if (start < 0) throw new Error(`no ${marker} in the guide`);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 1)) {
    if (!line.startsWith('|')) {
      if (rows.length > 0) break;
      continue;
    }
    rows.push(
      line
        .slice(1, -1)
        .split('|')
        .map((c) => c.trim()),
    );
  }
  return rows.slice(2);
}

const cents = (text: string) => Number(text.replace(/[$,.]/g, ''));
const dollars = (c: number) => `$${Math.trunc(c / 100).toLocaleString('en-US')}.${String(Math.abs(c) % 100).padStart(2, '0')}`;
const amounts = (a: { sales_cents: number; transactions: number }) => `${dollars(a.sales_cents)} / ${a.transactions}`;

/** One answer row as the guide prints it. */
function answerRow(e: Exposure): string[] {
  const left = Object.entries(e.excluded)
    .filter(([, a]) => a.sales_cents !== 0 || a.transactions !== 0)
    .map(([why, a]) => `${why} ${amounts(a)}`);
  return [
    e.state,
    e.rule_from ?? '',
    e.period ? `${e.period.from} – ${e.period.to}` : '',
    amounts(e.measured),
    left.join('; ') || '–',
    e.share.toFixed(4).replace(/0+$/, '').replace(/\.$/, ''),
    e.status + (e.assumptions.length > 0 ? '*' : ''),
    e.crossed_on ?? '–',
    e.obligation_from ?? (e.next_test ? `next test ${e.next_test}` : '–'),
  ];
}

describe('the worked example of docs/economic-nexus.md', () => {
  it('answers, state by state, exactly what the guide shows', () => {
    const asOf = /as of \*\*(\d{4}-\d{2}-\d{2})\*\*/.exec(GUIDE)?.[1];
    expect(asOf).toBeDefined();
    const sales = tableAfter('<!-- example: sales -->').map(([state, date, amount, transactions, channel, kind]) => ({
      state: state!,
      total: {
        date: date!,
        sales_cents: cents(amount!),
        transactions: Number(transactions),
        channel: channel as Channel,
        kind: kind as SaleKind,
      } satisfies DatedTotal,
    }));
    expect(sales.length).toBeGreaterThanOrEqual(8);
    const states = [...new Set(sales.map((s) => s.state))];
    const computed = states.map((state) =>
      answerRow(
        exposureOn(
          nexusRules(),
          state,
          asOf!,
          sales.filter((s) => s.state === state).map((s) => s.total),
        ),
      ),
    );
    expect(tableAfter('<!-- example: answers -->')).toEqual(computed);
  });
});
