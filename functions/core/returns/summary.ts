// Return summaries: what a client collected in one state during one month, from its committed
// documents signed as their documents are (refunds, credits and reversals negative), voided
// documents excluded, adjusted originals offset by their reversals. Summaries are kept as running
// totals: every document change adds its contribution (and a void takes the sale's back) in the
// same atomic write as the change itself, so a summary is read in constant time however many
// documents the month holds, and always equals the sum over the documents.

import { monthSalesChanges } from '../nexus/month-sales';
import { type DaySales, documentSales } from '../nexus/recorded';
import { fromCents, fromMicro } from '../tax/money';
import type { JurisdictionType } from '../tax/types';
import { signOf, type TransactionKind, type TransactionRecord } from '../transactions/transaction';

export const KINDS_OF_DOCUMENT: readonly TransactionKind[] = ['sale', 'refund', 'credit', 'reversal', 'replacement'];

/** Every location together. */
export const ALL_LOCATIONS = '*';

/**
 * The key of a quarter's month-sales record (core/nexus/month-sales.ts): every state in one item,
 * written through the summaries' own sharded updates so that it takes contention as they do.
 */
export const monthSalesSummaryKey = (quarter: string): SummaryKey => ({ state: '*', period: quarter, location: '~month-sales' });
export const isMonthSalesSummary = (key: SummaryKey): boolean => key.location === '~month-sales';

export interface SummaryKey {
  /** Two-letter state the lines were sourced to. */
  readonly state: string;
  /** YYYY-MM of the document date. */
  readonly period: string;
  /** A location code, or ALL_LOCATIONS. */
  readonly location: string;
}

export interface JurisdictionTotal {
  readonly type: JurisdictionType;
  readonly name: string;
  /** Micro rate. */
  readonly rate: number;
  readonly taxable: number;
  readonly tax: number;
}

/** Integer cents and counts; what a change adds to (or takes from) one summary. */
export interface SummaryTotals {
  readonly documents: number;
  readonly taxable: number;
  readonly exempt: number;
  readonly tax: number;
  readonly byKind: Readonly<Record<TransactionKind, { readonly documents: number; readonly taxable: number; readonly tax: number }>>;
  /** By `type|name|rate`. */
  readonly jurisdictions: ReadonlyMap<string, JurisdictionTotal>;
  /** Collected against computed, over the documents whose seller reported a collected figure. */
  readonly collection: CollectionTotals;
  /**
   * The sales economic nexus measures (core/nexus/recorded.ts), by `DD|channel|kind` of the month;
   * kept on the summaries of all locations only.
   */
  readonly sales: ReadonlyMap<string, DaySales>;
}

/**
 * Cents and counts, signed as their documents. `reported` is the computed tax of the documents that
 * reported a collected figure; `under` and `over` are Σ max(0, computed − collected) and
 * Σ max(0, collected − computed) per document and summary, on magnitudes for negative documents
 * (a full refund takes back what its sale added).
 */
export interface CollectionTotals {
  readonly documents: number;
  readonly collected: number;
  readonly reported: number;
  readonly under: number;
  readonly over: number;
}

const COLLECTION_FIELDS = ['documents', 'collected', 'reported', 'under', 'over'] as const;
const zeroCollection = (): { -readonly [K in keyof CollectionTotals]: number } => ({ documents: 0, collected: 0, reported: 0, under: 0, over: 0 });

export interface SummaryDelta {
  readonly key: SummaryKey;
  /** The document the delta comes from (stores spread deltas by it). */
  readonly code: string;
  readonly totals: SummaryTotals;
}

export const keyOf = (k: SummaryKey): string => `${k.state}|${k.period}|${k.location}`;
export const jurisdictionKey = (j: Pick<JurisdictionTotal, 'type' | 'name' | 'rate'>): string => `${j.type}|${j.name}|${j.rate}`;

const zeroKinds = (): Record<TransactionKind, { documents: number; taxable: number; tax: number }> =>
  Object.fromEntries(KINDS_OF_DOCUMENT.map((k) => [k, { documents: 0, taxable: 0, tax: 0 }])) as Record<
    TransactionKind,
    { documents: number; taxable: number; tax: number }
  >;

interface MutableTotals {
  documents: number;
  taxable: number;
  exempt: number;
  tax: number;
  byKind: Record<TransactionKind, { documents: number; taxable: number; tax: number }>;
  jurisdictions: Map<string, { type: JurisdictionType; name: string; rate: number; taxable: number; tax: number }>;
  collection: { -readonly [K in keyof CollectionTotals]: number };
  sales: Map<string, { cents: number; transactions: number }>;
}

const mutable = (): MutableTotals => ({
  documents: 0,
  taxable: 0,
  exempt: 0,
  tax: 0,
  byKind: zeroKinds(),
  jurisdictions: new Map(),
  collection: zeroCollection(),
  sales: new Map(),
});

export const emptyTotals = (): SummaryTotals => mutable();

/** a + sign·b, in place on a. */
function addInto(a: MutableTotals, b: SummaryTotals, sign: 1 | -1): void {
  a.documents += sign * b.documents;
  a.taxable += sign * b.taxable;
  a.exempt += sign * b.exempt;
  a.tax += sign * b.tax;
  for (const kind of KINDS_OF_DOCUMENT) {
    a.byKind[kind].documents += sign * b.byKind[kind].documents;
    a.byKind[kind].taxable += sign * b.byKind[kind].taxable;
    a.byKind[kind].tax += sign * b.byKind[kind].tax;
  }
  for (const [key, j] of b.jurisdictions) {
    const into = a.jurisdictions.get(key);
    if (into) {
      into.taxable += sign * j.taxable;
      into.tax += sign * j.tax;
    } else a.jurisdictions.set(key, { ...j, taxable: sign * j.taxable, tax: sign * j.tax });
  }
  for (const field of COLLECTION_FIELDS) a.collection[field] += sign * b.collection[field];
  for (const [key, d] of b.sales) {
    const into = a.sales.get(key);
    if (into) {
      into.cents += sign * d.cents;
      into.transactions += sign * d.transactions;
    } else a.sales.set(key, { cents: sign * d.cents, transactions: sign * d.transactions });
  }
}

export function sumTotals(parts: readonly SummaryTotals[]): SummaryTotals {
  const total = mutable();
  for (const part of parts) addInto(total, part, 1);
  return total;
}

/** Whether a document counts in the summaries: every committed document but a voided one. */
export const counts = (record: TransactionRecord): boolean => record.status !== 'voided';

/**
 * The collected cents of each line, from the document's reported total: the lines' own figures when
 * they add up to it, otherwise the total spread over the lines in proportion to their computed tax
 * (to their amount when none is taxed, else to the first line), largest remainders taking the
 * rounding cents, so the parts add up exactly. Null when nothing was reported.
 */
export function collectedByLine(record: TransactionRecord): number[] | null {
  const total = record.collected_tax;
  if (total == null || record.lines.length === 0) return null;
  const own = record.lines.map((l) => l.collected_tax);
  if (own.every((c) => c !== undefined) && own.reduce<number>((n, c) => n + (c ?? 0), 0) === total) return own as number[];
  const byTax = record.lines.map((l) => Math.abs(l.tax));
  const byAmount = record.lines.map((l) => Math.abs(l.taxable + l.exempt));
  const weights = byTax.some((w) => w > 0) ? byTax : byAmount.some((w) => w > 0) ? byAmount : record.lines.map((_, i) => (i === 0 ? 1 : 0));
  const sum = weights.reduce((n, w) => n + w, 0);
  const magnitude = Math.abs(total);
  const parts = weights.map((w, i) => ({ i, cents: Math.floor((magnitude * w) / sum), rest: (magnitude * w) % sum }));
  let short = magnitude - parts.reduce((n, p) => n + p.cents, 0);
  for (const p of [...parts].sort((a, b) => b.rest - a.rest || a.i - b.i)) {
    if (short === 0) break;
    p.cents += 1;
    short -= 1;
  }
  return parts.map((p) => (total < 0 ? -p.cents : p.cents));
}

/**
 * A document's contribution to each summary it touches: per state its lines were sourced to, in the
 * month of its date, for all locations and for its own location.
 */
export function contributions(record: TransactionRecord): Map<string, { key: SummaryKey; totals: SummaryTotals }> {
  const out = new Map<string, { key: SummaryKey; totals: MutableTotals }>();
  if (!counts(record)) return out;
  const period = record.date.slice(0, 7);
  const locations = record.location_code === null ? [ALL_LOCATIONS] : [ALL_LOCATIONS, record.location_code];
  const touched = new Set<string>();
  const collected = collectedByLine(record);
  // Per summary: the computed and collected tax of the document's lines in it.
  const compared = new Map<string, { computed: number; collected: number }>();
  for (const [index, line] of record.lines.entries())
    for (const location of locations) {
      const key: SummaryKey = { state: line.address.state, period, location };
      const id = keyOf(key);
      let entry = out.get(id);
      if (!entry) out.set(id, (entry = { key, totals: mutable() }));
      const t = entry.totals;
      if (!touched.has(id)) {
        touched.add(id);
        t.documents += 1;
        t.byKind[record.kind].documents += 1;
      }
      t.taxable += line.taxable;
      t.exempt += line.exempt;
      t.tax += line.tax;
      t.byKind[record.kind].taxable += line.taxable;
      t.byKind[record.kind].tax += line.tax;
      if (collected) {
        const pair = compared.get(id) ?? { computed: 0, collected: 0 };
        compared.set(id, { computed: pair.computed + line.tax, collected: pair.collected + (collected[index] ?? 0) });
      }
      for (const j of line.jurisdictions) {
        const jk = jurisdictionKey(j);
        const into = t.jurisdictions.get(jk);
        if (into) {
          into.taxable += j.taxable;
          into.tax += j.tax;
        } else t.jurisdictions.set(jk, { type: j.type, name: j.name, rate: j.rate, taxable: j.taxable, tax: j.tax });
      }
    }
  for (const [state, sales] of documentSales(record)) {
    const entry = out.get(keyOf({ state, period, location: ALL_LOCATIONS }));
    if (entry) addInto(entry.totals, { ...emptyTotals(), sales }, 1);
  }
  const sign = signOf(record.kind);
  for (const [id, pair] of compared) {
    const c = out.get(id)!.totals.collection;
    const difference = sign * (pair.collected - pair.computed);
    c.documents += 1;
    c.collected += pair.collected;
    c.reported += pair.computed;
    c.under += sign * Math.max(0, -difference);
    c.over += sign * Math.max(0, difference);
  }
  return out;
}

/**
 * What a document change does to the summaries: new documents add their contribution; a changed
 * document adds the difference between its contribution after and before (a void takes the whole
 * sale back; a refund or an adjustment leaves the original's own contribution as it was).
 */
export function summaryDeltas(change: {
  readonly create: readonly TransactionRecord[];
  readonly update: readonly { readonly before: TransactionRecord; readonly record: TransactionRecord }[];
}): SummaryDelta[] {
  const deltas: SummaryDelta[] = [];
  const accumulate = (
    parts: Map<string, { key: SummaryKey; totals: SummaryTotals }>,
    sign: 1 | -1,
    into: Map<string, { key: SummaryKey; totals: MutableTotals }>,
  ) => {
    for (const [id, { key, totals }] of parts) {
      let entry = into.get(id);
      if (!entry) into.set(id, (entry = { key, totals: mutable() }));
      addInto(entry.totals, totals, sign);
    }
  };
  for (const record of change.create) for (const { key, totals } of contributions(record).values()) deltas.push({ key, code: record.code, totals });
  for (const { before, record } of change.update) {
    const net = new Map<string, { key: SummaryKey; totals: MutableTotals }>();
    accumulate(contributions(record), 1, net);
    accumulate(contributions(before), -1, net);
    for (const { key, totals } of net.values()) if (!isZero(totals)) deltas.push({ key, code: record.code, totals });
  }
  const daySales = deltas
    .filter((d) => d.key.location === ALL_LOCATIONS && d.totals.sales.size > 0)
    .map((d) => ({ state: d.key.state, month: d.key.period, code: d.code, sales: d.totals.sales }));
  for (const m of monthSalesChanges(daySales))
    deltas.push({ key: monthSalesSummaryKey(m.quarter), code: m.code, totals: { ...emptyTotals(), sales: m.sales } });
  return deltas;
}

export function isZero(t: SummaryTotals): boolean {
  return (
    t.documents === 0 &&
    t.taxable === 0 &&
    t.exempt === 0 &&
    t.tax === 0 &&
    KINDS_OF_DOCUMENT.every((k) => t.byKind[k].documents === 0 && t.byKind[k].taxable === 0 && t.byKind[k].tax === 0) &&
    [...t.jurisdictions.values()].every((j) => j.taxable === 0 && j.tax === 0) &&
    COLLECTION_FIELDS.every((f) => t.collection[f] === 0) &&
    [...t.sales.values()].every((d) => d.cents === 0 && d.transactions === 0)
  );
}

/** A summary as a return item's result; jurisdictions that net to nothing are left out. */
export function summaryView(key: { state: string; period: string; location_code: string | null }, t: SummaryTotals) {
  const money = fromCents;
  return {
    state: key.state,
    period: key.period,
    location_code: key.location_code,
    document_count: t.documents,
    gross_amount: money(t.taxable + t.exempt),
    exempt_amount: money(t.exempt),
    taxable_amount: money(t.taxable),
    tax: money(t.tax),
    jurisdictions: [...t.jurisdictions.values()]
      .filter((j) => j.taxable !== 0 || j.tax !== 0)
      .sort((a, b) => a.type.localeCompare(b.type) || a.name.localeCompare(b.name) || a.rate - b.rate)
      .map((j) => ({ type: j.type, name: j.name, rate: fromMicro(j.rate), taxable_amount: money(j.taxable), tax: money(j.tax) })),
    by_kind: Object.fromEntries(
      KINDS_OF_DOCUMENT.map((k) => [k, { document_count: t.byKind[k].documents, taxable_amount: money(t.byKind[k].taxable), tax: money(t.byKind[k].tax) }]),
    ) as Record<TransactionKind, { document_count: number; taxable_amount: number; tax: number }>,
    collection: collectionView(t),
  };
}

/** Collected against computed tax, as the return items and the collection report answer it. */
export function collectionView(t: SummaryTotals) {
  return {
    collected_tax: fromCents(t.collection.collected),
    reported_tax: fromCents(t.collection.reported),
    under_collected: fromCents(t.collection.under),
    over_collected: fromCents(t.collection.over),
    reported_document_count: t.collection.documents,
    unreported_document_count: t.documents - t.collection.documents,
  };
}

export type ReturnSummary = ReturnType<typeof summaryView>;
