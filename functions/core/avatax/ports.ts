// The port of the AvaTax surface's own records (records.ts): drafts, and the ledger's documents read
// with their echoes. What changes documents goes through the transaction repository, with these
// records as the change's companions; what changes drafts alone comes here.
import type { Tenant } from '../access/records';
import type { Stored } from '../transactions/repository';
import type { AvataxDraft, AvataxEcho, DraftKey, StoredDraft } from './records';

/** A ledger document with the echo written beside it (null: it was not made through the surface). */
export interface EchoedDocument {
  readonly stored: Stored;
  readonly echo: AvataxEcho | null;
}

/** What a list filters on of an echo, read without the rest of it. */
export interface EchoFacts {
  readonly code: string;
  readonly type: AvataxEcho['type'];
  readonly customerCode: string | null;
  readonly referenceCode: string | null;
  readonly purchaseOrderNo: string | null;
  readonly date: string;
}

export interface AvataxRepository {
  draft(key: DraftKey): Promise<StoredDraft | null>;
  /** Every draft of a company. */
  drafts(tenant: Tenant, companyCode: string): Promise<StoredDraft[]>;
  /** A ledger document and its echo, read together. */
  document(tenant: Tenant, code: string): Promise<EchoedDocument | null>;
  /** Several, by code (those that exist). */
  documents(tenant: Tenant, codes: readonly string[]): Promise<Map<string, EchoedDocument>>;
  /** The list facts of the echoes of these documents (those that have one). */
  echoFacts(tenant: Tenant, codes: readonly string[]): Promise<Map<string, EchoFacts>>;
  /**
   * Writes a draft by itself: a new one (`expectedVersion` null; its `nextCode` must not be a
   * document yet) or a new version of one. A lost condition is StaleWrite: re-read and decide again.
   */
  putDraft(draft: AvataxDraft, expectedVersion: number | null): Promise<void>;
  /** Deletes a draft at its version (StaleWrite otherwise). */
  deleteDraft(key: DraftKey, expectedVersion: number): Promise<void>;
  /** Moves a draft to another code in one atomic write: the old one at its version, the new one new. */
  moveDraft(from: DraftKey, fromVersion: number, to: AvataxDraft): Promise<void>;
}
