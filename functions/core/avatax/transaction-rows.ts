// A company's transactions as AvaTax lists them (GET /companies/{companyCode}/transactions): one
// row per document code and type, in its current state — a draft, else the ledger's latest version
// of the code. The ledger's own bookkeeping is not listed: reversals (an adjustment's half that
// cancels the version it replaces) and versions an adjustment superseded. What a row is filtered
// and ordered by is read from the documents' list entries and their echoes' facts, so the rows of a
// whole company are known before a page of them is read in full.
import type { TransactionSummary } from '../transactions/view';
import { DOCUMENT_STATUSES, DOCUMENT_TYPES, type DocumentStatus, type DocumentType } from './enums';
import { transactionNumber } from './ids';
import type { EchoFacts } from './ports';
import type { FieldType } from './query';
import { draftNumber, type StoredDraft } from './records';
import { avataxCodeOfRecord } from './stored-view';
import { statusOf, typeOf } from './transaction-view';

export interface TransactionRow {
  /** Where the full document is: a draft (at hand), or the ledger's document of this code. */
  readonly source: { readonly kind: 'draft'; readonly stored: StoredDraft } | { readonly kind: 'document'; readonly documentCode: string };
  readonly id: number;
  readonly code: string;
  readonly type: DocumentType;
  readonly status: DocumentStatus;
  readonly date: string;
  readonly customerCode: string | null;
  readonly referenceCode: string | null;
  readonly purchaseOrderNo: string | null;
  readonly totalAmount: number;
  readonly totalTax: number;
  readonly modifiedDate: string;
  /** When the row's state was made: newest first is a list's default order. */
  readonly createdAt: string;
}

/** What `$filter` may name, and with which type (query.ts). */
export const ROW_FILTERS: Readonly<Record<string, FieldType>> = {
  id: 'number',
  code: 'string',
  type: DOCUMENT_TYPES,
  status: DOCUMENT_STATUSES,
  date: 'date',
  customerCode: 'string',
  referenceCode: 'string',
  purchaseOrderNo: 'string',
  totalAmount: 'number',
  totalTax: 'number',
  modifiedDate: 'date',
};

/** What `$orderBy` may name. */
export const ROW_ORDERS: readonly string[] = Object.keys(ROW_FILTERS);

export const rowValue = (row: TransactionRow, field: string): unknown => (row as unknown as Record<string, unknown>)[field];

/** Bounds a replacement chain: longer than this is a loop. */
const MAX_CHAIN = 1000;

/**
 * The rows of a company's ledger documents (their list entries, every one of the company's), with
 * the facts of those that have an echo. A document without one stands for the code its chain of
 * replacements starts from (a TaxJar order's update reads as the order).
 */
export function documentRows(
  tenant: { readonly accountId: string; readonly environment: string },
  entries: readonly TransactionSummary[],
  facts: ReadonlyMap<string, EchoFacts>,
): TransactionRow[] {
  const byCode = new Map(entries.map((e) => [e.code, e]));
  const rootOf = (entry: TransactionSummary): string => {
    let at = entry;
    for (let hops = 0; at.kind === 'replacement' && at.original_code !== null && hops < MAX_CHAIN; hops++) {
      const up = byCode.get(at.original_code);
      if (!up) break;
      at = up;
    }
    return at === entry ? avataxCodeOfRecord(entry) : at.code;
  };
  const rows = new Map<string, TransactionRow>();
  for (const entry of entries) {
    if (entry.kind === 'reversal' || entry.status === 'adjusted') continue;
    const fact = facts.get(entry.code);
    const row: TransactionRow = {
      source: { kind: 'document', documentCode: entry.code },
      id: transactionNumber(tenant.accountId, tenant.environment, entry.code),
      code: fact?.code ?? rootOf(entry),
      type: fact?.type ?? typeOf(entry),
      status: statusOf(entry),
      date: fact?.date ?? entry.date,
      customerCode: fact ? fact.customerCode : entry.customer_code,
      referenceCode: fact?.referenceCode ?? null,
      purchaseOrderNo: fact?.purchaseOrderNo ?? null,
      totalAmount: entry.total_amount,
      totalTax: entry.total_tax,
      modifiedDate: entry.updated_at,
      createdAt: entry.created_at,
    };
    const key = `${row.type}#${row.code}`;
    const seen = rows.get(key);
    // A code's later version (a commit after a void) is its current state.
    if (!seen || seen.createdAt < row.createdAt) rows.set(key, row);
  }
  return [...rows.values()];
}

/** A draft's row; its totals are its view's (the caller computes them). */
export function draftRow(stored: StoredDraft, totals: { readonly totalAmount: number; readonly totalTax: number }): TransactionRow {
  const { draft } = stored;
  return {
    source: { kind: 'draft', stored },
    id: draftNumber(draft),
    code: draft.code,
    type: draft.type,
    status: draft.status,
    date: draft.echo.request.date,
    customerCode: draft.echo.request.customerCode,
    referenceCode: draft.echo.request.referenceCode,
    purchaseOrderNo: draft.echo.request.purchaseOrderNo,
    ...totals,
    modifiedDate: draft.updated_at,
    createdAt: draft.updated_at,
  };
}

/** The company's rows: a draft is its code's current state (after an uncommit or an unvoid), over the ledger's. */
export function companyRows(documents: readonly TransactionRow[], drafts: readonly TransactionRow[]): TransactionRow[] {
  const drafted = new Set(drafts.map((d) => `${d.type}#${d.code}`));
  return [...documents.filter((d) => !drafted.has(`${d.type}#${d.code}`)), ...drafts].sort(
    (a, b) => b.createdAt.localeCompare(a.createdAt) || a.code.localeCompare(b.code),
  );
}
