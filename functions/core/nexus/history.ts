// Sales the service never saw, recorded so that economic nexus measures them: history from before
// the switch, marketplace-facilitated sales. A record is what one request sent, stored whole (so a
// request lands entirely or not at all) and deleted whole.
import { US_STATES } from '../content/states';
import { DomainError, type ErrorDetail, validationError } from '../errors';
import type { Channel, DatedTotal, SaleKind } from './measure';

export interface HistoryEntry {
  readonly state: string;
  readonly date: string;
  /** Integer cents, tax excluded. */
  readonly amount_cents: number;
  readonly transactions: number;
  readonly channel: Channel;
  readonly kind: SaleKind;
}

export interface HistoryRecord {
  readonly id: string;
  readonly created_at: string;
  /** The location of the key that recorded it (null: an organization-scoped key): a location-scoped key sees its own only. */
  readonly location_code: string | null;
  /** Of the entries as sent (canonical JSON): a retry under the same Idempotency-Key must send the same. */
  readonly entries_sha256: string;
  readonly entries: readonly HistoryEntry[];
}

/** The oldest date an entry may carry: before any state's economic nexus law. */
export const HISTORY_FROM = '2015-01-01';

const STATES = new Set<string>(US_STATES);

/**
 * The entries' problems a schema cannot see: a state the service does not know (422
 * validation_error, detail `enum`), then a date after today or before any nexus law (422
 * date_outside_coverage). Every problem of the kind is listed; one is enough to refuse the whole
 * request.
 */
export function assertEntries(entries: readonly HistoryEntry[], today: string): void {
  const unknown: ErrorDetail[] = [];
  const outside: ErrorDetail[] = [];
  for (const [i, e] of entries.entries()) {
    if (!STATES.has(e.state)) unknown.push({ code: 'enum', target: `entries.${i}.state`, message: 'Must be a US state code (50 states and DC).' });
    if (e.date > today || e.date < HISTORY_FROM)
      outside.push({
        code: 'date_outside_coverage',
        target: `entries.${i}.date`,
        message: `Must be a date from ${HISTORY_FROM} to today (${today}): sales not yet made are projected (POST /nexus/projections), not recorded.`,
      });
  }
  if (unknown.length > 0) throw validationError(unknown);
  if (outside.length > 0) throw new DomainError('date_outside_coverage', 'An entry is dated outside what sales history may record.', outside);
}

export const datedTotal = (e: HistoryEntry): DatedTotal => ({
  date: e.date,
  sales_cents: e.amount_cents,
  transactions: e.transactions,
  channel: e.channel,
  kind: e.kind,
});

export const entryView = (e: HistoryEntry) => ({
  state: e.state,
  date: e.date,
  amount: e.amount_cents / 100,
  transactions: e.transactions,
  channel: e.channel,
  kind: e.kind,
});

export const historyView = (r: HistoryRecord) => ({
  object: 'nexus_sales_history' as const,
  id: r.id,
  created_at: r.created_at,
  location_code: r.location_code,
  entry_count: r.entries.length,
  entries: r.entries.map(entryView),
});
