// Committed documents: commit, look up, list, refund, credit, void and adjust. A change is decided
// by the pure lifecycle rules on the document as just read and written, with its events, in one
// atomic write conditioned on the version read; a writer that loses a race re-reads and decides
// again (optimistic-retry.ts).
import { visibleTo } from '../core/access/authorize';
import type { Tenant } from '../core/access/records';
import type { AvataxCompanion } from '../core/avatax/records';
import type { ItemReceipt } from '../core/batches/ports';
import { DomainError } from '../core/errors';
import type { Page, PageRequest } from '../core/lists/paging';
import { calculate } from '../core/tax/engine';
import type { DocumentInput } from '../core/tax/input';
import { toCents } from '../core/tax/money';
import {
  type Adjustment,
  type AdjustmentCodes,
  adjustment,
  assertAdjustable,
  assertCommittable,
  assertDistinctCodes,
  commit,
  credit,
  type RefundRequest,
  refund,
  voidTransaction as voidRule,
  withdrawRefund,
} from '../core/transactions/lifecycle';
import {
  type DocumentChange,
  DuplicateDocument,
  StaleWrite,
  type Stored,
  type TransactionFilters,
  type TransactionRepository,
} from '../core/transactions/repository';
import {
  type Collected,
  type SalesChannel,
  type SentFields,
  type TransactionRecord,
  withChannel,
  withCollected,
  withSent,
} from '../core/transactions/transaction';
import type { TransactionSummary } from '../core/transactions/view';
import type { UsageKind } from '../core/usage/usage';
import { dayOf, type Outcome, type TenantCall } from './call';
import { type CalculationOptions, type EngineContextPorts, engineContext } from './engine-context';
import { untilWritten } from './optimistic-retry';
import { requestHash } from './request-hash';
import { chargeOf } from './usage';

export interface TransactionPorts {
  /** The documents of one tenant. */
  readonly documents: (tenant: Tenant) => TransactionRepository;
  readonly engine: EngineContextPorts;
}

/** What the use cases that tax nothing need. */
export type DocumentPorts = Pick<TransactionPorts, 'documents'>;

export interface CommitInput extends DocumentInput {
  readonly code: string;
  /** USD the seller reports it collected; absent or null: not reported. */
  readonly collected_tax?: number | null | undefined;
}

/** What a surface adds to a document it commits: per-line collected figures, what it was sent (transaction.ts). */
export interface Recorded {
  readonly collected_lines?: ReadonlyMap<string, number> | undefined;
  readonly sent?: SentFields | undefined;
  /** How the surface says it was sold; absent: not said (a replacement keeps its original's). */
  readonly channel?: SalesChannel | undefined;
}

const collectedOf = (tax: number | null | undefined, recorded: Recorded = {}): Collected => ({
  tax: tax == null ? null : toCents(tax),
  lines: recorded.collected_lines,
});

export interface RefundInput {
  readonly refund_code: string;
  /** USD the seller gave back (either sign; the refund carries it negative). */
  readonly collected_tax?: number | null | undefined;
  readonly date?: string | null | undefined;
  readonly reason?: string | null | undefined;
  /** Amounts per line number; absent = everything that remains refundable. */
  readonly lines?: readonly { readonly number: string; readonly amount: number }[] | null | undefined;
}

export interface CreditInput {
  readonly credit_code: string;
  readonly date?: string | null | undefined;
  readonly reason?: string | null | undefined;
  readonly lines: readonly { readonly number: string; readonly tax_amount: number }[];
}

export interface VoidInput {
  readonly reason?: string | null | undefined;
}

export interface AdjustmentInput extends AdjustmentCodes {
  readonly reason?: string | null | undefined;
  /** USD the seller collected on the replacement. */
  readonly collected_tax?: number | null | undefined;
  readonly replacement: DocumentInput;
}

/**
 * What another surface writes with a change, in its atomic write: the AvaTax surface's echo of a
 * new document and the draft a commit deletes or an uncommit writes (core/avatax/records.ts).
 */
export interface Alongside {
  readonly companions?: readonly AvataxCompanion[];
}

const notFound = () => new DomainError('transaction_not_found', 'No transaction with this code exists in the scope of this key.');

/**
 * A taken code told in the request's terms: the field that named it, and whether the document that
 * holds it was made from this very payload (a retry of a request that was applied, say after a
 * timeout) or from another one, so a client can tell its own retry from someone else's document
 * without a second call. The code and the status stay the same (409 duplicate_transaction).
 */
function explainDuplicate(error: unknown, hash: string, fieldOf: (code: string) => string): unknown {
  if (!(error instanceof DuplicateDocument)) return error;
  const code = error.documentCode;
  const same = error.existingRequestHash === null ? null : error.existingRequestHash === hash;
  const detail =
    same === true
      ? `Transaction ${code} already exists and was made from a request with this same payload (equal SHA-256 of its canonical JSON): most likely an earlier attempt of this request, applied. It is unchanged; GET /transactions/${code} returns it.`
      : same === false
        ? `Transaction ${code} already exists and was made from a different payload. It is unchanged; this request needs another code.`
        : `Transaction ${code} already exists; it was stored before payload hashes were kept, so whether it was made from this payload is not known. It is unchanged.`;
  return new DomainError(error.code, error.message, [
    {
      code: same === null ? 'payload_unknown' : same ? 'same_payload' : 'different_payload',
      target: fieldOf(code),
      message: detail,
      existing_code: code,
      same_payload: same,
    },
  ]);
}

/** A document the caller may see: its tenant's, and for a location-scoped key its location's. */
async function visible(repository: TransactionRepository, code: string, call: TenantCall): Promise<Stored> {
  const stored = await repository.get(code);
  if (!stored || !visibleTo(call.principal, stored.record.location_code)) throw notFound();
  return stored;
}

/**
 * Changes the document `code` through `decide`, which receives its current version and returns the
 * change to write (its updates conditioned on that version). `firstRead`, a version the caller
 * already read, saves the first attempt a read.
 */
interface ChangeRequest {
  readonly hash: string;
  readonly fieldOf: (code: string) => string;
  /**
   * The code this request creates when the original already records it (its refunds, credits or
   * adjustment): the request, or another under the same code, was applied. Checked before the
   * lifecycle rules, which would otherwise refuse the retry of an applied change (nothing left to
   * refund, already adjusted) without saying it was applied.
   */
  readonly recordedOn?: (original: TransactionRecord) => string | undefined;
}

/** The duplicate of a code `original` records, told with the payload hash of the document under it. */
async function recordedDuplicate(repository: TransactionRepository, original: TransactionRecord, request: ChangeRequest): Promise<void> {
  const taken = request.recordedOn?.(original);
  if (taken === undefined) return;
  const existing = await repository.get(taken);
  throw new DuplicateDocument(taken, existing?.record.request_sha256 ?? null);
}

async function change<T>(
  ports: DocumentPorts,
  call: TenantCall,
  code: string,
  request: ChangeRequest,
  decide: (current: Stored) => { change: DocumentChange; result: T },
  kind: UsageKind,
  firstRead?: Stored,
  alongside: Alongside = {},
): Promise<Outcome<T>> {
  const usage = chargeOf(call, kind);
  const repository = ports.documents(call.principal.tenant);
  let read = firstRead;
  try {
    return await untilWritten(async () => {
      const current = read ?? (await visible(repository, code, call));
      read = undefined;
      await recordedDuplicate(repository, current.record, request);
      const decided = decide(current);
      const create = decided.change.create.map((document) => ({ ...document, request_sha256: request.hash }));
      await repository.write({ ...decided.change, create, usage, companions: alongside.companions });
      return { result: decided.result, events: decided.change.events };
    });
  } catch (error) {
    throw explainDuplicate(error, request.hash, request.fieldOf);
  }
}

/**
 * Taxes and commits a document atomically under a code unique per account and environment. A batch
 * worker passes `receiptFor`: the item's result is then written in the same atomic write.
 */
export async function commitTransaction(
  ports: TransactionPorts,
  call: TenantCall,
  input: CommitInput,
  options: CalculationOptions = {},
  receiptFor?: (document: TransactionRecord) => ItemReceipt,
  alongside: Alongside = {},
  recorded: Recorded = {},
): Promise<Outcome<TransactionRecord>> {
  const { code, collected_tax, ...doc } = input;
  assertCommittable(doc);
  const { tenant } = call.principal;
  const context = await engineContext(ports.engine, call, doc, options);
  const at = call.now.toISOString();
  const committed = commit(calculate(doc, context), {
    code,
    tenant,
    location_code: context.actingLocation?.code ?? null,
    customer_code: doc.customer_code ?? null,
    at,
  });
  const hash = requestHash(input);
  const { events } = committed;
  const document = {
    ...withChannel(withSent(withCollected(committed.document, collectedOf(collected_tax, recorded)), recorded.sent), recorded.channel),
    request_sha256: hash,
  };
  const receipt = receiptFor?.(document);
  // A lost race with a concurrent commit of the same code is retried: the retry reports the duplicate.
  // Two items are kept free: the sale's refund, credit, void or adjustment rewrites it in the same
  // atomic write, and an adjustment writes its reversal and replacement too.
  try {
    // A batch's commit is billed as its item (in the same write as its receipt), not as a commit too.
    const usage = chargeOf(call, receipt ? 'batch_item' : 'commit');
    await untilWritten(() =>
      ports.documents(tenant).write({ create: [document], update: [], events, receipt, reserve: 2, usage, companions: alongside.companions }),
    );
  } catch (error) {
    throw explainDuplicate(error, hash, () => 'code');
  }
  return { result: document, events };
}

export async function getTransaction(ports: DocumentPorts, call: TenantCall, code: string): Promise<TransactionRecord> {
  return (await visible(ports.documents(call.principal.tenant), code, call)).record;
}

/** The tenant's documents newest first; a location-scoped key sees its location's only. */
export function listTransactions(
  ports: DocumentPorts,
  call: TenantCall,
  filters: Omit<TransactionFilters, 'location_code'>,
  page: PageRequest,
): Promise<Page<TransactionSummary>> {
  return ports.documents(call.principal.tenant).list({ ...filters, location_code: call.principal.locationCode ?? undefined }, page);
}

/**
 * The change of a refund or credit: the new document, and the original it draws on updated on the
 * condition of the version it was decided from.
 */
function drawnOn(current: Stored, decided: { document: TransactionRecord; original: TransactionRecord; events: DocumentChange['events'] }) {
  return {
    change: {
      create: [decided.document],
      update: [{ record: decided.original, before: current.record, expectedVersion: current.version }],
      events: decided.events,
    },
    result: decided.document,
  };
}

/** A refund drawing on the original's remaining amounts at the original's rates. */
export function refundTransaction(
  ports: DocumentPorts,
  call: TenantCall,
  code: string,
  input: RefundInput,
  alongside: Alongside = {},
  recorded: Recorded = {},
): Promise<Outcome<TransactionRecord>> {
  const at = call.now.toISOString();
  const lines = input.lines ? input.lines.map((l) => ({ number: l.number, amount: toCents(l.amount) })) : null;
  const collected = collectedOf(input.collected_tax, recorded);
  return change(
    ports,
    call,
    code,
    {
      hash: requestHash({ original_code: code, ...input }),
      fieldOf: () => 'refund_code',
      recordedOn: (original) => (original.refunds.includes(input.refund_code) ? input.refund_code : undefined),
    },
    (current) => {
      const decided = refund(current.record, { code: input.refund_code, date: input.date ?? dayOf(call.now), reason: input.reason ?? null, lines }, at);
      return drawnOn(current, { ...decided, document: withSent(withCollected(decided.document, collected), recorded.sent) });
    },
    'refund',
    undefined,
    alongside,
  );
}

/** A tax-only credit against the original's remaining tax. */
export function creditTransaction(
  ports: DocumentPorts,
  call: TenantCall,
  code: string,
  input: CreditInput,
  alongside: Alongside = {},
): Promise<Outcome<TransactionRecord>> {
  const at = call.now.toISOString();
  const lines = input.lines.map((l) => ({ number: l.number, tax: toCents(l.tax_amount) }));
  return change(
    ports,
    call,
    code,
    {
      hash: requestHash({ original_code: code, ...input }),
      fieldOf: () => 'credit_code',
      recordedOn: (original) => (original.credits.includes(input.credit_code) ? input.credit_code : undefined),
    },
    (current) =>
      drawnOn(current, credit(current.record, { code: input.credit_code, date: input.date ?? dayOf(call.now), reason: input.reason ?? null, lines }, at)),
    'credit',
    undefined,
    alongside,
  );
}

/** Voids a committed transaction that has no refunds or credits. */
export function voidTransaction(
  ports: DocumentPorts,
  call: TenantCall,
  code: string,
  input: VoidInput,
  alongside: Alongside = {},
): Promise<Outcome<TransactionRecord>> {
  const at = call.now.toISOString();
  return change(
    ports,
    call,
    code,
    { hash: requestHash({ original_code: code, ...input }), fieldOf: () => 'code' },
    (current) => {
      const decided = voidRule(current.record, input.reason ?? null, at);
      return {
        change: { create: [], update: [{ record: decided.original, before: current.record, expectedVersion: current.version }], events: decided.events },
        result: decided.original,
      };
    },
    'void',
    undefined,
    alongside,
  );
}

/**
 * Marks the original adjusted and writes its reversal and the replacement in one atomic write.
 * Distinct codes are checked before anything else, and the original before the replacement is taxed
 * (docs/transactions-and-certificates.md, "Correct a sale: adjustments").
 */
export async function adjustTransaction(
  ports: TransactionPorts,
  call: TenantCall,
  input: AdjustmentInput,
  options: CalculationOptions = {},
  alongside: Alongside = {},
  recorded: Recorded = {},
): Promise<Outcome<Adjustment>> {
  const { original_code, reversal_code, replacement_code } = input;
  const codes = { original_code, reversal_code, replacement_code };
  assertDistinctCodes(codes);
  assertCommittable(input.replacement);
  const { tenant } = call.principal;
  const at = call.now.toISOString();
  const reason = input.reason ?? null;
  const repository = ports.documents(tenant);
  const original = await visible(repository, original_code, call);
  const request: ChangeRequest = {
    hash: requestHash(input),
    fieldOf: (taken) => (taken === reversal_code ? 'reversal_code' : 'replacement_code'),
    // Adjusted by these codes already: most likely this very request, applied and then retried.
    recordedOn: ({ adjustment }) =>
      adjustment?.replacement_code === replacement_code ? replacement_code : adjustment?.reversal_code === reversal_code ? reversal_code : undefined,
  };
  try {
    await recordedDuplicate(repository, original.record, request);
  } catch (error) {
    throw explainDuplicate(error, request.hash, request.fieldOf);
  }
  assertAdjustable(original.record);
  // The replacement takes the original's date, customer and location unless it names its own.
  const doc: DocumentInput = {
    ...input.replacement,
    date: input.replacement.date ?? original.record.date,
    customer_code: input.replacement.customer_code ?? original.record.customer_code,
    location_code: input.replacement.location_code ?? original.record.location_code,
  };
  const context = await engineContext(ports.engine, call, doc, options);
  const taxed = calculate(doc, context);
  return change(
    ports,
    call,
    original_code,
    request,
    (current) => {
      const decided = adjustment(
        current.record,
        codes,
        taxed,
        { tenant, location_code: context.actingLocation?.code ?? current.record.location_code, customer_code: doc.customer_code ?? null, at },
        reason,
        at,
      );
      const replacement = withChannel(
        withSent(withCollected(decided.replacement, collectedOf(input.collected_tax, recorded)), recorded.sent),
        recorded.channel,
        current.record.channel,
      );
      return {
        change: {
          create: [decided.reversal, replacement],
          update: [{ record: decided.original, before: current.record, expectedVersion: current.version }],
          events: decided.events,
        },
        result: { ...decided, replacement },
      };
    },
    'adjustment',
    original,
    alongside,
  );
}

export interface WithdrawInput {
  readonly reason?: string | null | undefined;
}

/**
 * What replaces a withdrawn refund, decided on its original as the withdrawal restored it: the new
 * refund's request, or null when it would refund exactly what the withdrawn one did (nothing is
 * then written and the refund is answered as stored).
 */
export type Replacement = (restored: TransactionRecord, withdrawn: TransactionRecord) => ReplacementRefund | null;

/** A replacement refund's request, with what its seller reports collected and sent as its own. */
export interface ReplacementRefund extends RefundRequest {
  readonly collected?: Collected | undefined;
  readonly sent?: SentFields | undefined;
}

export interface Withdrawal {
  /** The refund withdrawn, voided (as stored, unchanged, when the replacement was the same). */
  readonly withdrawn: TransactionRecord;
  /** The new refund, or null for a plain withdrawal or an unchanged replacement. */
  readonly replacement: TransactionRecord | null;
  /** Whether anything was written. */
  readonly written: boolean;
}

/**
 * Withdraws a refund (lifecycle.ts, withdrawRefund) and, with `replace`, writes the refund that
 * takes its place, all in one atomic write: the original (restored, then drawn on again), the
 * refund voided, the new one, their events and summaries, each document on the condition of the
 * version read. `locate` names the refund on every attempt, so a writer that lost a race decides
 * again on what won (for the TaxJar surface: the version that is live now). Billed as a `void` of
 * the refund, or with `replace` as one `refund`.
 */
export async function withdrawRefundTransaction(
  ports: DocumentPorts,
  call: TenantCall,
  locate: () => Promise<string>,
  input: WithdrawInput,
  replace?: { readonly hash: string; readonly decide: Replacement },
): Promise<Outcome<Withdrawal>> {
  const at = call.now.toISOString();
  const repository = ports.documents(call.principal.tenant);
  const usage = chargeOf(call, replace ? 'refund' : 'void');
  let raced: string | undefined;
  return untilWritten(async () => {
    const refundDoc = await visible(repository, await locate(), call);
    if (refundDoc.record.kind !== 'refund' || refundDoc.record.original_code === null)
      throw new DomainError('invalid_lifecycle', `A ${refundDoc.record.kind} document cannot be withdrawn.`);
    const original = await visible(repository, refundDoc.record.original_code, call);
    const decided = withdrawRefund(original.record, refundDoc.record, input.reason ?? null, at);
    let after = decided.original;
    const create: TransactionRecord[] = [];
    const events = [...decided.events];
    if (replace) {
      const request = replace.decide(decided.original, refundDoc.record);
      if (request === null) return { result: { withdrawn: refundDoc.record, replacement: null, written: false }, events: [] };
      const drawn = refund(decided.original, request, at);
      after = drawn.original;
      create.push({ ...withSent(withCollected(drawn.document, request.collected), request.sent), request_sha256: replace.hash });
      events.push(...drawn.events);
    }
    try {
      await repository.write({
        create,
        update: [
          { record: after, before: original.record, expectedVersion: original.version },
          { record: decided.refund, before: refundDoc.record, expectedVersion: refundDoc.version },
        ],
        events,
        usage,
      });
    } catch (error) {
      // The new version's code taken: a concurrent replacement won the race (its create is checked
      // before the versions). Decided again on what it wrote; a second time means another document.
      const code = create[0]?.code;
      if (error instanceof DuplicateDocument && error.documentCode === code && raced !== code) {
        raced = code;
        throw new StaleWrite();
      }
      throw error;
    }
    return { result: { withdrawn: decided.refund, replacement: create[0] ?? null, written: true }, events };
  });
}
