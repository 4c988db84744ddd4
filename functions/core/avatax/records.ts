// What the AvaTax surface keeps beside the ledger (docs/avatax-compatibility.md, "Transactions"):
//   - a draft: a Saved invoice (`commit: false`), which AvaTax keeps and this service's ledger has
//     no place for. It is not a transaction: it feeds no return summary, /api/v1 does not list it.
//     Keyed by tenant, company, code and type, as AvaTax keys a document; its commit writes the
//     document under `nextCode` and deletes the draft in the same atomic write;
//   - an echo: what a document committed through the surface said that the ledger's record cannot
//     carry (line numbers and item and tax codes as sent, the type, the company, the customer code
//     as sent, the addresses, the engine's document), one per stored document and written in the
//     same atomic write as it, so a document reads back as it was sent.
// A code's versions are ledger documents of their own: the first is `serviceCodeOf(code)`, the
// n-th `<base>:v<n>` (an adjustment's replacement, or a commit after an uncommit or an unvoid),
// with `<base>:r<n>` the reversal of the adjustment that made it — the TaxJar surface's scheme, so
// a TaxJar order's updates read here as the same document.
import type { Tenant } from '../access/records';
import type { DocumentInput } from '../tax/input';
import type { LineTax, Message } from '../tax/types';
import type { AvataxDocument } from './document';
import type { AdjustmentReason, DocumentType } from './enums';
import { serviceCodeOf, stableNumber } from './ids';

/** The request as the echo keeps it: the translation's output but the engine's document (kept apart, validated). */
export type EchoedRequest = Omit<AvataxDocument, 'document' | 'unknown' | 'commit'>;

export interface AvataxEcho {
  /** The code as the client named it. */
  readonly code: string;
  /** The company (companyCodeOf the document's location). */
  readonly companyCode: string;
  readonly type: DocumentType;
  readonly request: EchoedRequest;
  /** The ledger line number each of `request.lines` stands for (a refund's lines are some of the original's). */
  readonly numbers: readonly string[];
  /** The engine's document the ledger's record was taxed from; none for a refund (it draws on its original). */
  readonly document: DocumentInput | null;
  /** Messages in the request's terms: the translation's and those of exemption claims. */
  readonly messages: readonly Message[];
  readonly adjustment: { readonly reason: AdjustmentReason; readonly description: string | null } | null;
}

export const DRAFT_STATUSES = ['Saved', 'Cancelled'] as const;
export type DraftStatus = (typeof DRAFT_STATUSES)[number];

export interface DraftKey {
  readonly tenant: Tenant;
  readonly companyCode: string;
  readonly type: DocumentType;
  readonly code: string;
}

/** What a draft's view reads of its tax: the engine's lines and messages as of the last save. */
export interface DraftTax {
  readonly date: string;
  readonly lines: readonly LineTax[];
  readonly messages: readonly Message[];
}

export interface AvataxDraft extends DraftKey {
  /** The location of the company (null: the default company). */
  readonly locationCode: string | null;
  readonly status: DraftStatus;
  /** Its document is required: a draft is committed from it. */
  readonly echo: AvataxEcho & { readonly document: DocumentInput };
  readonly taxed: DraftTax;
  /** The ledger code its commit writes: the code's next version. */
  readonly nextCode: string;
  readonly created_at: string;
  readonly updated_at: string;
}

export interface StoredDraft {
  readonly draft: AvataxDraft;
  readonly version: number;
}

/**
 * A record of the surface written with a change of documents, in the same atomic write
 * (core/transactions/repository.ts, DocumentChange.companions): an echo beside a new document, a
 * draft put (new when `expectedVersion` is null; its `nextCode` then must not be a document), a
 * draft deleted at its version. A failed condition is CompanionChanged: re-read and decide again.
 */
export type AvataxCompanion =
  | { readonly kind: 'echo'; readonly tenant: Tenant; readonly documentCode: string; readonly echo: AvataxEcho }
  | { readonly kind: 'draft_put'; readonly draft: AvataxDraft; readonly expectedVersion: number | null }
  | { readonly kind: 'draft_delete'; readonly key: DraftKey; readonly expectedVersion: number };

/** The first version's ledger code. */
export const baseCodeOf = (code: string): string => serviceCodeOf(code);

/** The ledger code of version `n` (1: the base itself). */
export const versionCodeOf = (base: string, n: number): string => (n <= 1 ? base : `${base}:v${n}`);

/** The ledger code of the reversal an adjustment to version `n` writes. */
export const reversalCodeOf = (base: string, n: number): string => `${base}:r${n}`;

/** Which version of `base` a ledger code is, or null when it is none (a v1 adjustment's own codes). */
export function versionNumberOf(base: string, code: string): number | null {
  if (code === base) return 1;
  if (!code.startsWith(`${base}:v`)) return null;
  const n = code.slice(base.length + 2);
  return /^[1-9]\d{0,5}$/.test(n) ? Number(n) : null;
}

/** A draft's AvaTax-style id: stable for its tenant, company, type and code. */
export const draftNumber = (key: DraftKey): number =>
  stableNumber('avatax-draft', key.tenant.accountId, key.tenant.environment, key.companyCode, key.type, key.code);

/** The echo's line for each of a record's lines, by ledger line number. */
export function echoLinesFor(echo: AvataxEcho, numbers: readonly string[]) {
  const byNumber = new Map(echo.numbers.map((n, i) => [n, echo.request.lines[i]]));
  return numbers.map((n) => byNumber.get(n));
}
