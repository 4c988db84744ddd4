// What a committed document adds to the sales a state's economic nexus test measures, kept with the
// return summaries (core/returns/summary.ts) so that an exposure reads running totals, never the
// documents. The conventions (docs/economic-nexus.md, "What the service counts"):
// - a line's sale is its price net of discount, tax excluded (`taxable + exempt`), signed as its
//   document: a refund takes back what it refunds, a void takes back the whole sale, an adjustment's
//   reversal and replacement net to the change;
// - a document is one transaction in each state its lines ship to; a refund or a tax-only credit
//   leaves the count as it is (the sale happened), a void or a reversal takes it back;
// - the exempt part of a line exempted for resale (a resale certificate, a wholesale declaration)
//   is a sale for resale; any other exempt part is an exempt retail sale; a line not taxed for want
//   of nexus is a taxable retail sale, so an exposure errs toward an obligation;
// - documents are the seller's own sales (`direct`) unless recorded as sold through a marketplace
//   facilitator (`channel: marketplace`, e.g. TaxJar's marketplace exemption); other
//   marketplace-facilitated sales reach the measure through the sales history.
import type { LineTax } from '../tax/types';
import type { TransactionKind, TransactionRecord } from '../transactions/transaction';
import type { Channel, DatedTotal, SaleKind } from './measure';

/** A day's sales of one channel and kind: `cents` net of tax, and a count of transactions. */
export interface DaySales {
  readonly cents: number;
  readonly transactions: number;
}

/** The key of a day's sales within a month's summary: `DD|channel|kind`. */
export const daySalesKey = (day: string, channel: Channel, kind: SaleKind): string => `${day}|${channel}|${kind}`;

const CHANNELS: ReadonlySet<string> = new Set<Channel>(['direct', 'marketplace']);
const SALE_KINDS: ReadonlySet<string> = new Set<SaleKind>(['retail', 'resale', 'exempt']);

/** The parts of a day-sales key, or null for a key of another form. */
export function parseDaySalesKey(key: string): { day: string; channel: Channel; kind: SaleKind } | null {
  const [day, channel, kind, ...rest] = key.split('|');
  if (rest.length > 0 || !day || !/^(0[1-9]|[12]\d|3[01])$/.test(day) || !CHANNELS.has(channel ?? '') || !SALE_KINDS.has(kind ?? '')) return null;
  return { day, channel: channel as Channel, kind: kind as SaleKind };
}

/** How a document kind moves the count of transactions. */
const TRANSACTIONS: Readonly<Record<TransactionKind, number>> = { sale: 1, replacement: 1, reversal: -1, refund: 0, credit: 0 };

/** Whether a line's exempt part was a sale for resale. */
function forResale(line: LineTax): boolean {
  if (line.reason === 'certificate_applied') return line.certificate?.exemption_reason === 'resale';
  if (line.reason === 'declared_exemption') return line.declaration?.type === 'wholesale';
  return false;
}

/** The sales one line adds, by kind (signed as its document; zero parts left out). */
export function lineSales(line: LineTax): { kind: SaleKind; cents: number }[] {
  const parts: { kind: SaleKind; cents: number }[] = [];
  if (line.reason === 'no_nexus' || line.reason === 'not_subject_to_tax') {
    const cents = line.taxable + line.exempt;
    if (cents !== 0) parts.push({ kind: 'retail', cents });
    return parts;
  }
  if (line.taxable !== 0) parts.push({ kind: 'retail', cents: line.taxable });
  if (line.exempt !== 0) parts.push({ kind: forResale(line) ? 'resale' : 'exempt', cents: line.exempt });
  return parts;
}

/**
 * A counted document's day sales per state (callers leave voided documents out): its lines' sales
 * by kind, and its transaction in each state under the kind that holds most of the state's sale.
 */
export function documentSales(record: TransactionRecord): Map<string, Map<string, DaySales>> {
  const byState = new Map<string, Map<string, { cents: number; transactions: number }>>();
  const day = record.date.slice(8, 10);
  const channel: Channel = record.channel ?? 'direct';
  const largest = new Map<string, { kind: SaleKind; cents: number }>();
  for (const line of record.lines) {
    const state = line.address.state;
    let sales = byState.get(state);
    if (!sales) byState.set(state, (sales = new Map()));
    for (const { kind, cents } of lineSales(line)) {
      const key = daySalesKey(day, channel, kind);
      const into = sales.get(key) ?? { cents: 0, transactions: 0 };
      into.cents += cents;
      sales.set(key, into);
    }
  }
  const count = TRANSACTIONS[record.kind];
  for (const [state, sales] of byState) {
    for (const [key, { cents }] of sales) {
      const kind = parseDaySalesKey(key)!.kind;
      const best = largest.get(state);
      if (!best || Math.abs(cents) > Math.abs(best.cents)) largest.set(state, { kind, cents });
    }
    if (count === 0) continue;
    // A document of nothing but zero lines still is a transaction: a retail one.
    const kind = largest.get(state)?.kind ?? 'retail';
    const key = daySalesKey(day, channel, kind);
    const into = sales.get(key) ?? { cents: 0, transactions: 0 };
    into.transactions += count;
    sales.set(key, into);
  }
  return byState;
}

/** A month's summary day sales as dated totals (`month`: YYYY-MM). */
export function datedTotals(month: string, sales: ReadonlyMap<string, DaySales>): DatedTotal[] {
  const out: DatedTotal[] = [];
  for (const [key, { cents, transactions }] of sales) {
    const parts = parseDaySalesKey(key);
    if (!parts || (cents === 0 && transactions === 0)) continue;
    out.push({ date: `${month}-${parts.day}`, sales_cents: cents, transactions, channel: parts.channel, kind: parts.kind });
  }
  return out;
}
