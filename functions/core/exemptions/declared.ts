// Declared exemptions still without a certificate: per customer and state, the committed documents
// that rely on the buyer's word and the amount they exempt. Kept as running totals that every
// document change adjusts in its own atomic write (as return summaries are), so the gap is read
// without scanning documents; whether a certificate now covers it is decided when it is read.
import { fromCents } from '../tax/money';
import type { DeclaredExemption, DeclaredType } from '../tax/types';
import type { TransactionRecord } from '../transactions/transaction';

/** What one document change adds to (or takes from) one customer-and-state record. */
export interface DeclaredDelta {
  /** null: a document without a customer (its declaration is the request's alone). */
  readonly customer_code: string | null;
  readonly state: string;
  readonly type: DeclaredType;
  readonly source: DeclaredExemption['source'];
  /** +1 for a document committed, −1 for one voided or superseded. */
  readonly documents: number;
  /** Exempted cents, signed as `documents`. */
  readonly exempt: number;
  /** The document's date. */
  readonly date: string;
}

/** A customer-and-state record as stored. */
export interface DeclaredGap {
  readonly customer_code: string | null;
  readonly state: string;
  /** The type and source of the latest document that relied on it. */
  readonly type: DeclaredType;
  readonly source: DeclaredExemption['source'];
  readonly documents: number;
  readonly exempt: number;
  /** Dates of the first and the latest document committed relying on it (in commit order). */
  readonly first_date: string;
  readonly last_date: string;
}

/** Lines of a live sale or replacement exempted by its declaration, as per-state deltas of `sign`. */
function deltasOf(record: TransactionRecord, sign: 1 | -1): DeclaredDelta[] {
  const declaration = record.declared_exemption;
  if (!declaration || (record.kind !== 'sale' && record.kind !== 'replacement')) return [];
  const byState = new Map<string, number>();
  for (const line of record.lines)
    if (line.reason === 'declared_exemption') byState.set(line.address.state, (byState.get(line.address.state) ?? 0) + line.exempt);
  return [...byState].map(([state, exempt]) => ({
    customer_code: record.customer_code,
    state,
    type: declaration.type,
    source: declaration.source,
    documents: sign,
    exempt: sign * exempt,
    date: record.date,
  }));
}

const live = (r: TransactionRecord): boolean => r.status === 'committed' || r.status === 'refunded';

/**
 * What a change does to the records: a created sale or replacement adds itself; an original that
 * stops being live (voided, or adjusted and so replaced) takes itself back. Refunds leave the
 * counts alone: the declaration still stands behind the document.
 */
export function declaredDeltas(change: {
  readonly create: readonly TransactionRecord[];
  readonly update: readonly { readonly record: TransactionRecord; readonly before: TransactionRecord }[];
}): DeclaredDelta[] {
  const deltas = change.create.flatMap((r) => deltasOf(r, 1));
  for (const { record, before } of change.update) if (live(before) && !live(record)) deltas.push(...deltasOf(before, -1));
  return deltas;
}

/** Deltas of the same customer and state merged (a write may touch each record once); the newest date and type win. */
export function mergeDeltas(deltas: readonly DeclaredDelta[]): DeclaredDelta[] {
  const merged = new Map<string, DeclaredDelta>();
  for (const d of deltas) {
    const key = `${d.customer_code ?? ''}|${d.state}`;
    const into = merged.get(key);
    merged.set(
      key,
      into
        ? {
            ...(d.documents > 0 ? d : into),
            documents: into.documents + d.documents,
            exempt: into.exempt + d.exempt,
            date: d.documents > 0 ? d.date : into.date,
          }
        : d,
    );
  }
  return [...merged.values()];
}

/** A record as GET /exemptions/declared answers it; `certificate_id`: the certificate that covers it now, if any. */
export function declaredGapView(gap: DeclaredGap, certificateId: string | null) {
  return {
    object: 'declared_exemption' as const,
    customer_code: gap.customer_code,
    state: gap.state,
    type: gap.type,
    source: gap.source,
    documents: gap.documents,
    exempt_amount: fromCents(gap.exempt),
    first_date: gap.first_date,
    last_date: gap.last_date,
    covered: certificateId !== null,
    certificate_id: certificateId,
  };
}
