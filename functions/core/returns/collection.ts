// The collection report: per state and month, the tax the account's documents computed against the
// tax its seller reported collecting, read from the running return summaries (summary.ts), so its
// cost grows with the months and states asked, never with the documents.
import { US_STATES } from '../content/states';
import { DomainError } from '../errors';
import { fromCents } from '../tax/money';
import { collectionView, type SummaryKey, type SummaryTotals } from './summary';

/** Months a report spans at most: every state of each month is one summary read. */
export const MAX_REPORT_MONTHS = 12;

export interface CollectionQuery {
  /** YYYY-MM, inclusive. */
  readonly from: string;
  readonly to: string;
  /** One state; absent: every state (and DC). */
  readonly state?: string | undefined;
  /** A location code, or ALL_LOCATIONS. */
  readonly location: string;
}

/** The months from `from` to `to` inclusive, refused when reversed or longer than MAX_REPORT_MONTHS. */
export function monthsOf(from: string, to: string): string[] {
  const index = (m: string) => Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7)) - 1;
  const span = index(to) - index(from) + 1;
  if (span < 1 || span > MAX_REPORT_MONTHS)
    throw new DomainError('invalid_request', `A collection report spans 1 to ${MAX_REPORT_MONTHS} months, from \`from\` to \`to\`.`, [
      { code: 'invalid_request', target: 'to', message: `Must be a month from \`from\` to ${MAX_REPORT_MONTHS - 1} months after it.` },
    ]);
  return Array.from({ length: span }, (_, i) => {
    const n = index(from) + i;
    return `${Math.floor(n / 12)}-${String((n % 12) + 1).padStart(2, '0')}`;
  });
}

/** The summaries a report reads: each state asked, in each month. */
export function reportKeys(query: CollectionQuery): SummaryKey[] {
  const states = query.state ? [query.state] : US_STATES;
  return monthsOf(query.from, query.to).flatMap((period) => states.map((state) => ({ state, period, location: query.location })));
}

/** One row per state and month that holds documents, by month then state. */
export function collectionRows(keys: readonly SummaryKey[], totals: readonly SummaryTotals[]) {
  return keys
    .map((key, i) => ({ key, t: totals[i]! }))
    .filter(({ t }) => t.documents !== 0)
    .sort((a, b) => a.key.period.localeCompare(b.key.period) || a.key.state.localeCompare(b.key.state))
    .map(({ key, t }) => ({ state: key.state, period: key.period, document_count: t.documents, tax: fromCents(t.tax), ...collectionView(t) }));
}

export type CollectionRow = ReturnType<typeof collectionRows>[number];
