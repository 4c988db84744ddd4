// Committed documents and the per-line ledger that refunds and credits draw down. Amounts are
// integer cents. A sale's lines keep what remains of their price, taxable and exempt parts, tax and
// jurisdiction taxes; every refund or credit takes its share from what remains, so the last refund
// returns exactly the remaining tax.
import type { Tenant } from '../access/records';
import type { DeclaredExemption, DocumentTax, JurisdictionTax, LineTax, Message } from '../tax/types';

export type TransactionKind = 'sale' | 'refund' | 'credit' | 'reversal' | 'replacement';
export type TransactionStatus = 'committed' | 'refunded' | 'voided' | 'adjusted';

export interface Remaining {
  /** Price still refundable: net of discount, or the gross of a tax-included line. */
  readonly price: number;
  readonly taxable: number;
  readonly exempt: number;
  readonly tax: number;
  /** Tax per jurisdiction, in the order of `jurisdictions`. */
  readonly jurisdictionTax: readonly number[];
}

export interface TransactionLine extends LineTax {
  readonly refunded_amount: number;
  readonly credited_tax: number;
  /** What refunds and credits may still draw on; all zero for documents that are not sales. */
  readonly remaining: Remaining;
  /** Tax the seller reports it collected on the line (cents, signed as the document); absent when not reported. */
  readonly collected_tax?: number | undefined;
}

export interface TransactionRecord {
  readonly code: string;
  readonly kind: TransactionKind;
  readonly status: TransactionStatus;
  readonly original_code: string | null;
  readonly tenant: Tenant;
  readonly location_code: string | null;
  readonly customer_code: string | null;
  readonly date: string;
  readonly currency: 'USD';
  readonly content_version: string;
  readonly reason: string | null;
  readonly created_at: string;
  readonly updated_at: string;
  readonly lines: readonly TransactionLine[];
  readonly messages: readonly Message[];
  /** Codes of the refund and credit documents drawn on this one. */
  readonly refunds: readonly string[];
  readonly credits: readonly string[];
  /**
   * Codes of refunds drawn on this one and withdrawn since (lifecycle.ts, withdrawRefund): their
   * documents are voided. Absent on documents that never had one.
   */
  readonly withdrawn_refunds?: readonly string[] | undefined;
  /** Set on an adjusted original: the documents that reversed and replaced it. */
  readonly adjustment: { readonly reversal_code: string; readonly replacement_code: string } | null;
  readonly voided_at: string | null;
  /**
   * SHA-256 of the canonical JSON of the request that created the document; absent on documents
   * stored before it was kept. A request that finds the code taken compares its own with it.
   */
  readonly request_sha256?: string | undefined;
  /**
   * Tax the seller reports it collected (cents, signed as the document: a refund's is negative);
   * absent or null when not reported, as on documents stored before it was kept. The lines' `tax`
   * stays the computed figure; the two are compared, never merged.
   */
  readonly collected_tax?: number | null | undefined;
  /**
   * What the surface that wrote the document was sent and answers back but the document has no
   * field for (a TaxJar order's provider, its origin and street address, its items' product
   * identifiers). Kept on the document rather than an item beside it: it is small and bounded by
   * the surface's schema, lands in the document's own Put (no companion to keep in step), and is
   * read with the document by every view that needs it. Only what was sent; absent otherwise.
   */
  readonly sent?: SentFields | undefined;
  /** The buyer's declared exemption the document was taxed with; absent without one (and on documents stored before declarations). */
  readonly declared_exemption?: DeclaredExemption | undefined;
  /**
   * `marketplace`: sold through a marketplace facilitator that collects the tax (TaxJar's
   * exemption_type `marketplace`), which an economic nexus measure counts only where the state
   * does. Absent for the seller's own sales. Refunds, credits and reversals keep their original's.
   */
  readonly channel?: 'marketplace' | undefined;
}

/** How a surface says a document was sold: through a marketplace facilitator, or directly. */
export type SalesChannel = 'marketplace' | 'direct';

export interface SentFields {
  readonly fields: Readonly<Record<string, string>>;
  /** By line number. */
  readonly lines?: Readonly<Record<string, Readonly<Record<string, string>>>> | undefined;
}

/** What a seller reports it collected, in cents: the document's total and, where given, per line number. */
export interface Collected {
  readonly tax: number | null;
  readonly lines?: ReadonlyMap<string, number> | undefined;
}

const NEGATIVE_KINDS: ReadonlySet<TransactionKind> = new Set(['refund', 'credit', 'reversal']);

/** +1 for sales and replacements, −1 for the documents that carry negative amounts. */
export const signOf = (kind: TransactionKind): 1 | -1 => (NEGATIVE_KINDS.has(kind) ? -1 : 1);

/**
 * The document with the collected figures the seller reported, signed as the document whatever
 * sign they were sent with (TaxJar's refunds come with either). Nothing reported: unchanged.
 */
export function withCollected(record: TransactionRecord, collected: Collected | undefined): TransactionRecord {
  if (!collected || (collected.tax === null && !collected.lines?.size)) return record;
  const signed = (n: number) => (n === 0 ? 0 : signOf(record.kind) * Math.abs(n));
  return {
    ...record,
    collected_tax: collected.tax === null ? null : signed(collected.tax),
    lines: record.lines.map((line) => {
      const reported = collected.lines?.get(line.number);
      return reported === undefined ? line : { ...line, collected_tax: signed(reported) };
    }),
  };
}

/** The record sold through `channel` when the surface said, else as `inherited` (a replacement's original); direct by default. */
export function withChannel(record: TransactionRecord, channel: SalesChannel | undefined, inherited?: TransactionRecord['channel']): TransactionRecord {
  const { channel: _held, ...rest } = record;
  return (channel ?? inherited ?? 'direct') === 'marketplace' ? { ...rest, channel: 'marketplace' } : rest;
}

/** The record with what the surface was sent, when anything was. */
export const withSent = (record: TransactionRecord, sent: SentFields | undefined): TransactionRecord =>
  sent && (Object.keys(sent.fields).length > 0 || Object.keys(sent.lines ?? {}).length > 0) ? { ...record, sent } : record;

const NOTHING: Remaining = { price: 0, taxable: 0, exempt: 0, tax: 0, jurisdictionTax: [] };

export interface DocumentMeta {
  readonly code: string;
  readonly tenant: Tenant;
  readonly location_code: string | null;
  readonly customer_code: string | null;
  readonly at: string;
  readonly reason?: string | null;
  readonly original_code?: string | null;
}

/** A committed sale (or replacement) from a taxed document. */
export function committedDocument(taxed: DocumentTax, meta: DocumentMeta, kind: 'sale' | 'replacement'): TransactionRecord {
  return {
    code: meta.code,
    kind,
    status: 'committed',
    original_code: meta.original_code ?? null,
    tenant: meta.tenant,
    location_code: meta.location_code,
    customer_code: meta.customer_code,
    date: taxed.date,
    currency: 'USD',
    content_version: taxed.content_version,
    reason: meta.reason ?? null,
    created_at: meta.at,
    updated_at: meta.at,
    lines: taxed.lines.map((line) => ({
      ...line,
      refunded_amount: 0,
      credited_tax: 0,
      remaining: {
        price: line.tax_included ? line.amount : line.amount - line.discount,
        taxable: line.taxable,
        exempt: line.exempt,
        tax: line.tax,
        jurisdictionTax: line.jurisdictions.map((j) => j.tax),
      },
    })),
    messages: taxed.messages,
    refunds: [],
    credits: [],
    adjustment: null,
    voided_at: null,
    ...(taxed.declared_exemption ? { declared_exemption: taxed.declared_exemption } : {}),
  };
}

const negate = (n: number): number => (n === 0 ? 0 : -n);

/** A document line that carries negative amounts (refunds, credits, reversals) and no ledger. */
export function negativeLine(
  line: LineTax,
  parts: { price: number; discount: number; taxable: number; exempt: number; tax: number; jurisdictionTax: readonly number[] },
): TransactionLine {
  return {
    ...line,
    amount: negate(parts.price + parts.discount),
    discount: negate(parts.discount),
    taxable: negate(parts.taxable),
    exempt: negate(parts.exempt),
    tax: negate(parts.tax),
    jurisdictions: line.jurisdictions.map((j, i): JurisdictionTax => ({ ...j, taxable: negate(parts.taxable), tax: negate(parts.jurisdictionTax[i] ?? 0) })),
    refunded_amount: 0,
    credited_tax: 0,
    remaining: NOTHING,
  };
}

/** A document that draws on `original` (refund, credit, reversal): same parties, rates and content. */
export function derivedDocument(
  original: TransactionRecord,
  kind: 'refund' | 'credit' | 'reversal',
  code: string,
  date: string,
  at: string,
  reason: string | null,
  lines: TransactionLine[],
): TransactionRecord {
  // A reversal takes back what the original reported collected; a refund or credit reports its own (withCollected).
  const { collected_tax: originalCollected, sent: _sent, withdrawn_refunds: _withdrawn, ...parties } = original;
  const reversed = (n: number | null | undefined) => (n == null ? undefined : negate(n));
  const byNumber = new Map(original.lines.map((l) => [l.number, l.collected_tax]));
  return {
    ...parties,
    ...(kind === 'reversal' && originalCollected != null ? { collected_tax: negate(originalCollected) } : {}),
    code,
    kind,
    status: 'committed',
    original_code: original.code,
    date,
    reason,
    created_at: at,
    updated_at: at,
    lines: lines.map(({ collected_tax: _c, ...line }) => {
      const taken = kind === 'reversal' ? reversed(byNumber.get(line.number)) : undefined;
      return taken === undefined ? line : { ...line, collected_tax: taken };
    }),
    messages: [],
    refunds: [],
    credits: [],
    adjustment: null,
    voided_at: null,
  };
}
