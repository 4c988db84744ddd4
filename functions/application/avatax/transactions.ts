// AvaTax's transactions over the ledger (docs/avatax-compatibility.md, "Transactions"). A company is
// one of the account's locations (or the default company, no location); a document is named by
// company, code and type. Orders are taxed by the calculation use case and stored nowhere; a Saved
// invoice is a draft (core/avatax/records.ts); a committed one is a ledger document written by the
// commit, refund, credit, void and adjustment use cases of application/transactions.ts, whose
// single atomic write also carries the surface's records (the echo beside a new document, the
// draft a commit deletes or an uncommit writes). Nothing here stores by itself but drafts alone.
import { randomUUID } from 'node:crypto';
import { visibleTo } from '../../core/access/authorize';
import { grants } from '../../core/access/scopes';
import type { Location } from '../../core/account/settings';
import type { AdjustmentBody, AdjustmentNote, RefundRequest, Settlement } from '../../core/avatax/actions';
import { verifySettlement } from '../../core/avatax/actions';
import { type AvataxDocument, type AvataxDocumentOptions, CREATE_TRANSACTION_SHAPE } from '../../core/avatax/document';
import { type DocumentStatus, type DocumentType, isOrderType, type VoidReasonCode } from '../../core/avatax/enums';
import { claimsExemption, exemptionClaims } from '../../core/avatax/exemptions';
import { companyCodeOf, companyNumber, locationCodeOf } from '../../core/avatax/ids';
import { canonicalize, field, parseCode } from '../../core/avatax/input';
import { fetchPage, type ListLink } from '../../core/avatax/lists';
import type { AvataxRepository, EchoedDocument } from '../../core/avatax/ports';
import { type Include, MAX_TOP, matchesFilter, type OrderBy, parseFilter, sortRows } from '../../core/avatax/query';
import {
  type AvataxCompanion,
  type AvataxDraft,
  type AvataxEcho,
  baseCodeOf,
  type DraftKey,
  reversalCodeOf,
  type StoredDraft,
  versionCodeOf,
  versionNumberOf,
} from '../../core/avatax/records';
import { plannedRefund, returnRefund } from '../../core/avatax/refunds';
import { draftView, echoOf, recordView, refundEchoOf, temporaryView } from '../../core/avatax/stored-view';
import { companyRows, documentRows, draftRow, ROW_FILTERS, rowValue, type TransactionRow } from '../../core/avatax/transaction-rows';
import { type AvataxTransactionModel, statusOf, typeOf } from '../../core/avatax/transaction-view';
import type { CertificateRepository } from '../../core/certificates/ports';
import type { CustomerRepository } from '../../core/customers/ports';
import { DomainError } from '../../core/errors';
import type { DocumentInput } from '../../core/tax/input';
import { fromCents, toCents } from '../../core/tax/money';
import type { Message } from '../../core/tax/types';
import { CompanionChanged } from '../../core/transactions/repository';
import type { TransactionRecord } from '../../core/transactions/transaction';
import type { TransactionSummary } from '../../core/transactions/view';
import { calculateDocument } from '../calculations';
import { dayOf, type TenantCall } from '../call';
import type { CalculationOptions } from '../engine-context';
import { untilWritten } from '../optimistic-retry';
import { requestHash } from '../request-hash';
import {
  adjustTransaction,
  commitTransaction,
  creditTransaction,
  listTransactions,
  refundTransaction,
  type TransactionPorts,
  voidTransaction,
} from '../transactions';

export interface AvataxTransactionPorts extends TransactionPorts {
  readonly avatax: AvataxRepository;
  readonly customers: Pick<CustomerRepository, 'get'>;
  readonly certificates: Pick<CertificateRepository, 'getMany'>;
}

/**
 * Reads a CreateTransactionModel into the engine's document, validated as a /api/v1 document is
 * (the HTTP layer's schema; functions/http/avatax-body.ts), refusals in the request's own terms.
 */
export type DocumentReader = (raw: unknown, options: AvataxDocumentOptions) => { readonly doc: AvataxDocument; readonly document: DocumentInput };

/** What a use case found, for the refusal that follows to be named by it (AvaTax names some by the document's status). */
export type Noticed = (found: { readonly status: DocumentStatus; readonly type: DocumentType }) => void;

export interface AvataxAnswer {
  readonly view: AvataxTransactionModel;
  /** The answer taxed without recording (an estimate, a draft): one calculation unit, metered by the caller. */
  readonly calculation: boolean;
}

export interface Company {
  /** The company code as answers name it (the location's code, or DEFAULT). */
  readonly code: string;
  readonly locationCode: string | null;
  readonly locations: readonly Location[];
}

const companyNotFound = () => new DomainError('not_found', 'No company with this code exists in the scope of this key.');
const transactionNotFound = () => new DomainError('transaction_not_found', 'No transaction with this code, company and type exists in the scope of this key.');

/**
 * The company `companyCode` names among the account's locations (DEFAULT, or none, the account
 * level); a location-scoped key sees only its own, and names it by sending none.
 */
export async function companyOf(ports: Pick<AvataxTransactionPorts, 'engine'>, call: TenantCall, companyCode: string | null | undefined): Promise<Company> {
  const { locations } = await ports.engine.tenantConfigs.get(call.principal.tenant);
  const named =
    companyCode == null || companyCode.trim() === ''
      ? call.principal.locationCode
      : locationCodeOf(
          companyCode,
          locations.map((l) => l.code),
        );
  if (named === undefined || !visibleTo(call.principal, named)) throw companyNotFound();
  return { code: companyCodeOf(named), locationCode: named, locations };
}

/** The `companyCode` a CreateTransactionModel names (any letter case, string or number). */
export function companyCodeIn(model: unknown): string | null {
  const { value } = canonicalize(model, CREATE_TRANSACTION_SHAPE);
  return parseCode(field(value, 'companyCode'), 'companyCode', []);
}

const readerOptions = (company: Company, call: TenantCall): AvataxDocumentOptions => ({
  today: dayOf(call.now),
  locationCode: company.locationCode,
  locations: new Map(company.locations.map((l) => [l.code, { state: l.state, zip: l.zip }])),
});

// --- where a code stands ------------------------------------------------------------------------

type Current =
  | { readonly kind: 'draft'; readonly type: DocumentType; readonly stored: StoredDraft }
  | { readonly kind: 'document'; readonly type: DocumentType; readonly base: string; readonly n: number; readonly found: EchoedDocument };

const statusOfCurrent = (current: Current): DocumentStatus => (current.kind === 'draft' ? current.stored.draft.status : statusOf(current.found.stored.record));

/** Bounds the versions followed from a code: more is a loop. */
const MAX_VERSIONS = 1000;

/**
 * The current version of the ledger's documents for `base`: following an adjustment to its
 * replacement, and a voided version to the next one when the code was committed again (after an
 * uncommit or an unvoid).
 */
async function latestVersion(
  ports: Pick<AvataxTransactionPorts, 'avatax'>,
  call: TenantCall,
  base: string,
): Promise<{ readonly found: EchoedDocument; readonly n: number } | null> {
  const tenant = call.principal.tenant;
  const first = await ports.avatax.document(tenant, base);
  if (!first) return null;
  let found: EchoedDocument = first;
  let n = 1;
  for (let hops = 0; hops < MAX_VERSIONS; hops++) {
    const record: TransactionRecord = found.stored.record;
    const nextCode: string | null =
      record.status === 'adjusted' && record.adjustment ? record.adjustment.replacement_code : record.status === 'voided' ? versionCodeOf(base, n + 1) : null;
    if (nextCode === null) break;
    const next: EchoedDocument | null = await ports.avatax.document(tenant, nextCode);
    if (!next || next.stored.record.location_code !== record.location_code) break;
    found = next;
    n = versionNumberOf(base, nextCode) ?? n + 1;
  }
  return { found, n };
}

const documentType = (found: EchoedDocument): DocumentType => found.echo?.type ?? typeOf(found.stored.record);

/**
 * Where `code` of `company` stands, among `types` in order (AvaTax prefers a SalesInvoice when no
 * type is asked): a draft is the code's current state; else the ledger's latest version.
 */
async function currentOf(
  ports: Pick<AvataxTransactionPorts, 'avatax'>,
  call: TenantCall,
  company: Company,
  code: string,
  types: readonly DocumentType[],
): Promise<Current | null> {
  const base = baseCodeOf(code);
  const latest = await latestVersion(ports, call, base);
  const ledger =
    latest &&
    latest.found.stored.record.location_code === company.locationCode &&
    visibleTo(call.principal, latest.found.stored.record.location_code) &&
    (latest.found.echo === null || latest.found.echo.code === code)
      ? latest
      : null;
  for (const type of types) {
    const stored = await ports.avatax.draft({ tenant: call.principal.tenant, companyCode: company.code, type, code });
    if (stored) return { kind: 'draft', type, stored };
    if (ledger && documentType(ledger.found) === type) return { kind: 'document', type, base, n: ledger.n, found: ledger.found };
  }
  return null;
}

/** The types a request names (`documentType`), or AvaTax's preference when it names none (or Any). */
export const typesOf = (type: DocumentType | undefined, fallback: readonly DocumentType[] = ['SalesInvoice', 'ReturnInvoice']): readonly DocumentType[] =>
  type === undefined || type === 'Any' ? fallback : [type];

/** Re-decides on CompanionChanged (a draft moved under the decision), and on a duplicate the decision may explain on a fresh read. */
async function decided<T>(attempt: (retry: number) => Promise<T>, maxAttempts = 10): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await untilWritten(() => attempt(i));
    } catch (error) {
      if (!(error instanceof CompanionChanged) || i + 1 >= maxAttempts) throw error;
    }
  }
}

/**
 * AvaTax's DocStatus refusal: create may replace a Saved document, not a Committed or Cancelled
 * one. `samePayload` says whether the document was made from this very request (a retry of a
 * create that was applied), as /api/v1's duplicate says it.
 */
const docStatusError = (code: string, status: DocumentStatus, samePayload: boolean | null = null) =>
  new DomainError(
    'duplicate_transaction',
    `A ${status} document with this code exists; create replaces only a Saved one (createoradjust adjusts a committed one).`,
    [
      {
        code: 'doc_status',
        target: 'code',
        message:
          samePayload === true
            ? `Transaction ${code} is ${status}, made from a request with this same payload: most likely an earlier attempt of this request, applied; GET it.`
            : `Transaction ${code} is ${status}.`,
      },
    ],
  );

// --- exemption claims -------------------------------------------------------------------------------

/**
 * The document with the customer's certificate selected on each line whose claim one stands
 * behind (core/avatax/exemptions.ts), and a warning for each claim none does. The lines' states
 * are the engine's, so a first taxing locates them when any line claims.
 */
async function withClaims(
  ports: AvataxTransactionPorts,
  call: TenantCall,
  doc: AvataxDocument,
  document: DocumentInput,
  options: CalculationOptions,
): Promise<{ document: DocumentInput; messages: readonly Message[] }> {
  if (!claimsExemption(doc.lines)) return { document, messages: [] };
  const located = await calculateDocument(ports.engine, call, document, options);
  const { tenant } = call.principal;
  const customerCode = document.customer_code ?? null;
  const customer = customerCode === null ? null : await ports.customers.get(tenant, customerCode);
  const visible = customer && visibleTo(call.principal, customer.location_code) ? customer : null;
  const found = visible && visible.certificate_ids.length > 0 ? await ports.certificates.getMany(tenant, visible.certificate_ids) : new Map();
  const certificates = [...found.values()].filter((c) => visibleTo(call.principal, c.location_code));
  const claims = exemptionClaims(
    doc.lines,
    located.lines.map((l) => l.address.state),
    certificates,
    customerCode,
    document.date ?? dayOf(call.now),
  );
  return {
    document: { ...document, lines: document.lines.map((l, i) => (claims.selections[i] ? { ...l, exemption_certificate_id: claims.selections[i] } : l)) },
    messages: claims.messages,
  };
}

// --- creating ---------------------------------------------------------------------------------------

interface Prepared {
  readonly company: Company;
  readonly doc: AvataxDocument;
  readonly code: string;
  readonly document: DocumentInput;
  readonly messages: readonly Message[];
}

async function prepare(
  ports: AvataxTransactionPorts,
  call: TenantCall,
  model: unknown,
  read: DocumentReader,
  options: CalculationOptions,
  fixed: { readonly company?: Company } = {},
): Promise<Prepared> {
  const company = fixed.company ?? (await companyOf(ports, call, companyCodeIn(model)));
  const { doc, document } = read(model, readerOptions(company, call));
  const claimed = await withClaims(ports, call, doc, document, options);
  return { company, doc, code: doc.code ?? randomUUID(), document: claimed.document, messages: claimed.messages };
}

const estimate = async (ports: AvataxTransactionPorts, call: TenantCall, p: Prepared, include: Include, options: CalculationOptions) => {
  const taxed = await calculateDocument(ports.engine, call, p.document, options);
  const view = temporaryView(p.doc, taxed, p.code, companyNumber(call.principal.tenant.accountId, p.company.locationCode), p.messages, include);
  return { view, calculation: true };
};

const draftKey = (call: TenantCall, p: Pick<Prepared, 'company' | 'code'>, type: DocumentType): DraftKey => ({
  tenant: call.principal.tenant,
  companyCode: p.company.code,
  type,
  code: p.code,
});

/** A draft of a prepared request (taxed now), to be committed to `nextCode`. */
async function newDraft(
  ports: AvataxTransactionPorts,
  call: TenantCall,
  p: Prepared,
  nextCode: string,
  createdAt: string | null,
  options: CalculationOptions,
  adjustment: AdjustmentNote | null = null,
): Promise<AvataxDraft> {
  const taxed = await calculateDocument(ports.engine, call, p.document, options);
  const at = call.now.toISOString();
  return {
    ...draftKey(call, p, p.doc.type),
    locationCode: p.company.locationCode,
    status: 'Saved',
    echo: echoOf(p.doc, { code: p.code, companyCode: p.company.code, document: p.document, messages: p.messages, adjustment }),
    taxed: { date: taxed.date, lines: taxed.lines, messages: taxed.messages },
    nextCode,
    created_at: createdAt ?? at,
    updated_at: at,
  };
}

/**
 * A ReturnInvoice is a refund of the sale its `referenceCode` names, in the same company: its
 * current version, committed. Without one the return cannot be recorded here.
 */
async function originalOf(ports: AvataxTransactionPorts, call: TenantCall, company: Company, referenceCode: string | null) {
  const refuse = (code: string, message: string) => new DomainError('invalid_request', message, [{ code, target: 'referenceCode', message }]);
  if (referenceCode === null || referenceCode.trim() === '')
    throw refuse(
      'return_original_required',
      'A ReturnInvoice is recorded as a refund of the sale its referenceCode names (at that sale’s rates); send the sale’s code as referenceCode.',
    );
  const current = await currentOf(ports, call, company, referenceCode, ['SalesInvoice']);
  if (current?.kind !== 'document' || current.found.stored.record.status === 'voided')
    throw refuse(
      'return_original_not_found',
      `referenceCode ${referenceCode} names no committed SalesInvoice of company ${company.code}: a ReturnInvoice is recorded as a refund of one.`,
    );
  return current.found;
}

/** Commits a prepared invoice to `target`, with the companions given (a draft it replaces). */
async function commitPrepared(
  ports: AvataxTransactionPorts,
  call: TenantCall,
  p: Prepared,
  target: string,
  companions: readonly AvataxCompanion[],
  include: Include,
  options: CalculationOptions,
  adjustment: AdjustmentNote | null = null,
): Promise<AvataxAnswer> {
  const tenant = call.principal.tenant;
  if (p.doc.type === 'ReturnInvoice') {
    const original = await originalOf(ports, call, p.company, p.doc.referenceCode);
    const plan = returnRefund(p.doc.lines, original.stored.record, original.echo);
    const echo: AvataxEcho = {
      ...echoOf(p.doc, { code: p.code, companyCode: p.company.code, document: p.document, messages: p.messages, adjustment }),
      numbers: plan.matched.map((n) => n ?? ''),
      document: null,
    };
    const lines = plan.ledger.kind === 'refund' ? (plan.ledger.lines ?? []) : [];
    const { result } = await refundTransaction(
      ports,
      call,
      original.stored.record.code,
      { refund_code: target, date: p.doc.date, reason: 'AvaTax ReturnInvoice', lines: lines.map((l) => ({ number: l.number, amount: fromCents(l.amount) })) },
      { companions: [...companions, { kind: 'echo', tenant, documentCode: target, echo }] },
    ).catch((error: unknown) => {
      throw inReturnTerms(error, plan.sources);
    });
    return { view: recordView(tenant, result, echo, { include }), calculation: false };
  }
  const echo = echoOf(p.doc, { code: p.code, companyCode: p.company.code, document: p.document, messages: p.messages, adjustment });
  const { result } = await commitTransaction(ports, call, { ...p.document, code: target }, options, undefined, {
    companions: [...companions, { kind: 'echo', tenant, documentCode: target, echo }],
  });
  return { view: recordView(tenant, result, echo, { include }), calculation: false };
}

/**
 * A refusal of a return's refund, its lines named as the ReturnInvoice's (the refund's k-th line
 * came from the return's `sources[k]`-th), so the request's own terms follow (document.ts).
 */
function inReturnTerms(error: unknown, sources: readonly number[]): unknown {
  if (!(error instanceof DomainError) || !error.details) return error;
  const details = error.details.map((d) => ({ ...d, target: d.target.replace(/^lines\.(\d+)\./, (_m, k: string) => `lines.${sources[Number(k)] ?? k}.`) }));
  return new DomainError(error.code, error.message, details, error.retryAfterSeconds, { cause: error });
}

/** Records or saves an invoice whose code stands as `current` (create's and createoradjust's common part). */
async function recordInvoice(
  ports: AvataxTransactionPorts,
  call: TenantCall,
  p: Prepared,
  current: Current | null,
  mode: 'create' | 'createoradjust',
  include: Include,
  options: CalculationOptions,
  adjustment: AdjustmentNote | null = null,
): Promise<AvataxAnswer> {
  // The route lets a calculation key estimate; recording (or saving) a document needs the ledger's scope.
  if (!grants(call.principal.key.scopes, 'transactions:write'))
    throw new DomainError(
      'insufficient_scope',
      'Recording a document (an invoice type) needs the scope transactions:write; an order type needs calculations:write only.',
    );
  const base = baseCodeOf(p.code);
  if (current?.kind === 'draft') {
    const { draft } = current.stored;
    if (draft.status === 'Cancelled' && mode === 'create') throw docStatusError(p.code, 'Cancelled');
    if (p.doc.commit)
      return commitPrepared(
        ports,
        call,
        p,
        draft.nextCode,
        [{ kind: 'draft_delete', key: draft, expectedVersion: current.stored.version }],
        include,
        options,
        adjustment,
      );
    const replaced = await newDraft(ports, call, p, draft.nextCode, draft.created_at, options, adjustment);
    await ports.avatax.putDraft(replaced, current.stored.version);
    return { view: draftView(replaced, include), calculation: true };
  }
  if (current?.kind === 'document') {
    const record = current.found.stored.record;
    const status = statusOf(record);
    if (mode === 'create') {
      const committedFrom = record.request_sha256;
      throw docStatusError(p.code, status, committedFrom === undefined ? null : committedFrom === requestHash({ ...p.document, code: record.code }));
    }
    const next = versionCodeOf(current.base, current.n + 1);
    if (record.status === 'voided') {
      // A cancelled code recorded again: a new version beside the void, which stays.
      if (p.doc.commit) return commitPrepared(ports, call, p, next, [], include, options, adjustment);
      const draft = await newDraft(ports, call, p, next, null, options, adjustment);
      await ports.avatax.putDraft(draft, null);
      return { view: draftView(draft, include), calculation: true };
    }
    if (!p.doc.commit) {
      // Adjusted into an uncommitted document: the committed version is voided, the new content a draft.
      const draft = await newDraft(ports, call, p, next, null, options, adjustment);
      await voidTransaction(
        ports,
        call,
        record.code,
        { reason: `AvaTax adjustment to a Saved document (${adjustment?.reason ?? 'Other'})` },
        { companions: [{ kind: 'draft_put', draft, expectedVersion: null }] },
      );
      return { view: draftView(draft, include), calculation: true };
    }
    const echo = echoOf(p.doc, { code: p.code, companyCode: p.company.code, document: p.document, messages: p.messages, adjustment });
    const reason = [`AvaTax adjustment: ${adjustment?.reason ?? 'Other'}`, adjustment?.description].filter(Boolean).join(' — ');
    const { result } = await adjustTransaction(
      ports,
      call,
      { original_code: record.code, reversal_code: reversalCodeOf(current.base, current.n + 1), replacement_code: next, reason, replacement: p.document },
      options,
      { companions: [{ kind: 'echo', tenant: call.principal.tenant, documentCode: next, echo }] },
    );
    return { view: recordView(call.principal.tenant, result.replacement, echo, { include }), calculation: false };
  }
  if (p.doc.commit) return commitPrepared(ports, call, p, base, [], include, options, adjustment);
  if (p.doc.type === 'ReturnInvoice') await originalOf(ports, call, p.company, p.doc.referenceCode);
  const draft = await newDraft(ports, call, p, base, null, options, adjustment);
  await ports.avatax.putDraft(draft, null);
  return { view: draftView(draft, include), calculation: true };
}

/**
 * POST /transactions/create. An order type is an estimate; an invoice is committed (`commit:
 * true`) or saved as a draft, replacing a Saved one of the same code; a Committed or Cancelled
 * code is refused with AvaTax's DocStatus error, also when the payload is the same (AvaTax's
 * answer; createoradjust is the idempotent path, and an Idempotency-Key replays the first answer).
 */
export async function createAvataxTransaction(
  ports: AvataxTransactionPorts,
  call: TenantCall,
  model: unknown,
  read: DocumentReader,
  include: Include,
  options: CalculationOptions,
  noticed: Noticed,
): Promise<AvataxAnswer> {
  const p = await prepare(ports, call, model, read, options);
  if (isOrderType(p.doc.type)) return estimate(ports, call, p, include, options);
  return decided(async () => {
    const current = await currentOf(ports, call, p.company, p.code, [p.doc.type]);
    if (current) noticed({ status: statusOfCurrent(current), type: current.type });
    return recordInvoice(ports, call, p, current, 'create', include, options);
  });
}

/**
 * POST /transactions/createoradjust: create, or, for a code that exists, replace a draft (a
 * Cancelled one too), record a cancelled code again as its next version, or adjust a committed one
 * (the ledger's adjustment: the version becomes Adjusted, a reversal and the replacement
 * `<base>:v<n>` are written at once). Refused only for what the ledger will not change (a sale with
 * refunds or credits, a refund).
 */
export async function createOrAdjustAvataxTransaction(
  ports: AvataxTransactionPorts,
  call: TenantCall,
  body: AdjustmentBody,
  read: DocumentReader,
  include: Include,
  options: CalculationOptions,
  noticed: Noticed,
): Promise<AvataxAnswer> {
  const p = await prepare(ports, call, body.model, read, options);
  if (isOrderType(p.doc.type)) return estimate(ports, call, p, include, options);
  return decided(async () => {
    const current = await currentOf(ports, call, p.company, p.code, [p.doc.type]);
    if (current) noticed({ status: statusOfCurrent(current), type: current.type });
    return recordInvoice(ports, call, p, current, 'createoradjust', include, options, body);
  });
}

export interface DocumentAddress {
  readonly companyCode: string;
  readonly code: string;
  readonly types: readonly DocumentType[];
}

/** The document an action names, or not found. */
async function located(ports: AvataxTransactionPorts, call: TenantCall, address: DocumentAddress, noticed: Noticed) {
  const company = await companyOf(ports, call, address.companyCode);
  const current = await currentOf(ports, call, company, address.code, address.types);
  if (!current) throw transactionNotFound();
  noticed({ status: statusOfCurrent(current), type: current.type });
  return { company, current };
}

const viewOf = (call: TenantCall, current: Current, code: string, include: Include): AvataxTransactionModel =>
  current.kind === 'draft'
    ? draftView(current.stored.draft, include)
    : recordView(call.principal.tenant, current.found.stored.record, current.found.echo, { code, include });

/** POST …/adjust: as createoradjust, on a document that exists; the path names it, the new transaction keeps its type unless it says. */
export async function adjustAvataxTransaction(
  ports: AvataxTransactionPorts,
  call: TenantCall,
  address: DocumentAddress,
  body: AdjustmentBody,
  read: DocumentReader,
  include: Include,
  options: CalculationOptions,
  noticed: Noticed,
): Promise<AvataxAnswer> {
  const first = await located(ports, call, address, noticed);
  const { value } = canonicalize(body.model, CREATE_TRANSACTION_SHAPE);
  const given = (value ?? {}) as Record<string, unknown>;
  const model = {
    ...given,
    code: address.code,
    companyCode: first.company.code,
    type: given.type ?? first.current.type,
    // Unless the new transaction says, a committed document stays committed, another stays uncommitted.
    commit: given.commit ?? statusOfCurrent(first.current) === 'Committed',
  };
  const p = await prepare(ports, call, model, read, options, { company: first.company });
  return decided(async (retry) => {
    const current = retry === 0 ? first.current : await currentOf(ports, call, p.company, p.code, [p.doc.type]);
    if (!current) throw transactionNotFound();
    noticed({ status: statusOfCurrent(current), type: current.type });
    return recordInvoice(ports, call, p, current, 'createoradjust', include, options, body);
  });
}

/** GET …/transactions/{code}: the code's current state. */
export async function getAvataxTransaction(
  ports: AvataxTransactionPorts,
  call: TenantCall,
  address: DocumentAddress,
  include: Include,
  noticed: Noticed,
): Promise<AvataxTransactionModel> {
  const { current } = await located(ports, call, address, noticed);
  return viewOf(call, current, address.code, include);
}

/** Commits a Saved draft to its next code, deleting it in the same write. */
async function commitDraft(
  ports: AvataxTransactionPorts,
  call: TenantCall,
  company: Company,
  stored: StoredDraft,
  include: Include,
  options: CalculationOptions,
  code = stored.draft.code,
) {
  const { draft } = stored;
  const echo = draft.echo;
  const doc: AvataxDocument = { ...echo.request, code, document: echo.document, unknown: [], commit: true };
  const p: Prepared = { company, doc, code, document: echo.document, messages: echo.messages.slice(echo.request.messages.length) };
  return commitPrepared(
    ports,
    call,
    p,
    code === draft.code ? draft.nextCode : baseCodeOf(code),
    [{ kind: 'draft_delete', key: draft, expectedVersion: stored.version }],
    include,
    options,
    echo.adjustment,
  );
}

/**
 * POST …/commit: a Saved draft is committed through the commit use case (or, a ReturnInvoice, the
 * refund one), the draft deleted in the same atomic write; a committed document is answered as it
 * is. `commit: false` changes nothing.
 */
export async function commitAvataxTransaction(
  ports: AvataxTransactionPorts,
  call: TenantCall,
  address: DocumentAddress,
  commit: boolean,
  include: Include,
  options: CalculationOptions,
  noticed: Noticed,
): Promise<AvataxAnswer> {
  return decided(async () => {
    const { company, current } = await located(ports, call, address, noticed);
    const status = statusOfCurrent(current);
    if (!commit || status === 'Committed') return { view: viewOf(call, current, address.code, include), calculation: false };
    if (current.kind === 'draft' && status === 'Saved') return commitDraftOrAnswer(ports, call, company, current.stored, address, include, options, noticed);
    throw new DomainError('invalid_lifecycle', `A ${status} document cannot be committed${status === 'Cancelled' ? '; unvoid it first' : ''}.`);
  });
}

/** A draft's commit that lost to another commit of it answers the document that other commit made. */
async function commitDraftOrAnswer(
  ports: AvataxTransactionPorts,
  call: TenantCall,
  company: Company,
  stored: StoredDraft,
  address: DocumentAddress,
  include: Include,
  options: CalculationOptions,
  noticed: Noticed,
): Promise<AvataxAnswer> {
  try {
    return await commitDraft(ports, call, company, stored, include, options);
  } catch (error) {
    if (!(error instanceof DomainError && error.code === 'duplicate_transaction')) throw error;
    const now = await currentOf(ports, call, company, address.code, [stored.draft.type]);
    if (now?.kind !== 'document' || now.found.stored.record.code !== stored.draft.nextCode) throw error;
    noticed({ status: statusOfCurrent(now), type: now.type });
    return { view: viewOf(call, now, address.code, include), calculation: false };
  }
}

/**
 * POST …/void. DocVoided, DocDeleted and Unspecified void a committed document (the ledger's void:
 * Cancelled); a draft becomes Cancelled, or is deleted by DocDeleted. PostFailed and
 * AdjustmentCancelled undo steps this service does not have, and are refused.
 */
export async function voidAvataxTransaction(
  ports: AvataxTransactionPorts,
  call: TenantCall,
  address: DocumentAddress,
  reason: VoidReasonCode,
  include: Include,
  noticed: Noticed,
): Promise<AvataxTransactionModel> {
  if (reason === 'PostFailed' || reason === 'AdjustmentCancelled') {
    const message =
      reason === 'PostFailed'
        ? 'PostFailed undoes a post; documents here are Saved or Committed, never Posted: void with DocVoided (or DocDeleted for a draft).'
        : 'AdjustmentCancelled would reinstate the version an adjustment replaced; an adjustment is final in the ledger (its reversal and replacement are recorded): void the current version with DocVoided, or adjust it again.';
    throw new DomainError('invalid_request', message, [{ code: 'void_reason_unsupported', target: 'code', message }]);
  }
  return decided(async () => {
    const { current } = await located(ports, call, address, noticed);
    if (current.kind === 'document') {
      const { result } = await voidTransaction(ports, call, current.found.stored.record.code, { reason: `AvaTax void (${reason})` });
      return recordView(call.principal.tenant, result, current.found.echo, { code: address.code, include });
    }
    const { draft, version } = current.stored;
    if (draft.status === 'Cancelled') throw new DomainError('invalid_lifecycle', 'A voided transaction cannot be voided.');
    const cancelled: AvataxDraft = { ...draft, status: 'Cancelled', updated_at: call.now.toISOString() };
    if (reason === 'DocDeleted') await ports.avatax.deleteDraft(draft, version);
    else await ports.avatax.putDraft(cancelled, version);
    return draftView(cancelled, include);
  });
}

const notRequestKept = (status: DocumentStatus) =>
  new DomainError(
    'invalid_lifecycle',
    `This ${status} document was not recorded through the AvaTax API, so its request is not kept and it cannot become a draft; void or adjust it instead.`,
  );

/** A draft of a ledger document, from its echo: what an uncommit or an unvoid leaves. */
function draftOfDocument(call: TenantCall, company: Company, current: Extract<Current, { kind: 'document' }>): AvataxDraft {
  const { record } = current.found.stored;
  const echo = current.found.echo;
  if (!echo || echo.document === null) throw notRequestKept(statusOf(record));
  const at = call.now.toISOString();
  return {
    tenant: call.principal.tenant,
    companyCode: company.code,
    type: echo.type,
    code: echo.code,
    locationCode: company.locationCode,
    status: 'Saved',
    echo: { ...echo, document: echo.document },
    taxed: { date: record.date, lines: record.lines, messages: record.messages },
    nextCode: versionCodeOf(current.base, current.n + 1),
    created_at: at,
    updated_at: at,
  };
}

/**
 * POST …/uncommit: the ledger never edits a committed document away, so the committed version is
 * voided and its request becomes a draft (Saved) in the same atomic write; committing it again
 * writes the code's next version. A document with refunds or credits, or one not made through this
 * API, is refused as locked (CannotModifyLockedTransaction).
 */
export async function uncommitAvataxTransaction(
  ports: AvataxTransactionPorts,
  call: TenantCall,
  address: DocumentAddress,
  include: Include,
  noticed: Noticed,
): Promise<AvataxTransactionModel> {
  return decided(async () => {
    const { company, current } = await located(ports, call, address, noticed);
    const status = statusOfCurrent(current);
    if (current.kind === 'draft') {
      if (status === 'Saved') return draftView(current.stored.draft, include);
      throw new DomainError('invalid_lifecycle', `A ${status} document cannot be uncommitted.`);
    }
    if (status !== 'Committed') throw new DomainError('invalid_lifecycle', `A ${status} document cannot be uncommitted.`);
    const draft = draftOfDocument(call, company, current);
    await voidTransaction(
      ports,
      call,
      current.found.stored.record.code,
      { reason: 'AvaTax uncommit' },
      { companions: [{ kind: 'draft_put', draft, expectedVersion: null }] },
    );
    return draftView(draft, include);
  });
}

/**
 * POST …/unvoid: a Cancelled draft is Saved again; a voided document's request becomes a draft
 * (the void stays in the ledger; committing the draft writes the code's next version).
 */
export async function unvoidAvataxTransaction(
  ports: AvataxTransactionPorts,
  call: TenantCall,
  address: DocumentAddress,
  include: Include,
  noticed: Noticed,
): Promise<AvataxTransactionModel> {
  return decided(async () => {
    const { company, current } = await located(ports, call, address, noticed);
    const status = statusOfCurrent(current);
    if (status !== 'Cancelled') throw new DomainError('invalid_lifecycle', `A ${status} document is not cancelled; only a cancelled one can be unvoided.`);
    if (current.kind === 'draft') {
      const saved: AvataxDraft = { ...current.stored.draft, status: 'Saved', updated_at: call.now.toISOString() };
      await ports.avatax.putDraft(saved, current.stored.version);
      return draftView(saved, include);
    }
    const draft = draftOfDocument(call, company, current);
    await ports.avatax.putDraft(draft, null);
    return draftView(draft, include);
  });
}

/**
 * POST …/refund: Full, Partial and Percentage refunds are the ledger's refund of the original (at
 * its rates, so the tax refunded matches what it charged), TaxOnly its tax-only credit; the result
 * is a ReturnInvoice coded `refundTransactionCode` (a new code when none is given).
 */
export async function refundAvataxTransaction(
  ports: AvataxTransactionPorts,
  call: TenantCall,
  address: DocumentAddress,
  request: RefundRequest,
  include: Include,
  noticed: Noticed,
): Promise<AvataxTransactionModel> {
  const { company, current } = await located(ports, call, address, noticed);
  const status = statusOfCurrent(current);
  if (current.kind === 'draft') throw new DomainError('invalid_lifecycle', `A ${status} document cannot be refunded: only a committed sale can.`);
  const original = current.found.stored.record;
  const plan = plannedRefund(request, original, current.found.echo);
  const code = request.refundTransactionCode ?? randomUUID();
  const ledgerCode = baseCodeOf(code);
  const tenant = call.principal.tenant;
  const echo = refundEchoOf(original, current.found.echo, {
    code,
    companyCode: company.code,
    date: request.refundDate,
    referenceCode: request.referenceCode,
    numbers: plan.numbers,
  });
  const companions = [{ kind: 'echo' as const, tenant, documentCode: ledgerCode, echo }];
  const reason = `AvaTax ${request.refundType} refund${request.referenceCode ? ` (${request.referenceCode})` : ''}`;
  const { result } =
    plan.ledger.kind === 'credit'
      ? await creditTransaction(
          ports,
          call,
          original.code,
          {
            credit_code: ledgerCode,
            date: request.refundDate,
            reason,
            lines: plan.ledger.lines.map((l) => ({ number: l.number, tax_amount: fromCents(l.tax) })),
          },
          { companions },
        )
      : await refundTransaction(
          ports,
          call,
          original.code,
          {
            refund_code: ledgerCode,
            date: request.refundDate,
            reason,
            lines: plan.ledger.lines?.map((l) => ({ number: l.number, amount: fromCents(l.amount) })) ?? null,
          },
          { companions },
        );
  return recordView(tenant, result, echo, { include });
}

/**
 * POST …/settle: verify (date, totalAmount, totalTax, to the cent), change the code (a draft's: a
 * recorded document's code is final in the ledger), then commit, as AvaTax runs them.
 */
export async function settleAvataxTransaction(
  ports: AvataxTransactionPorts,
  call: TenantCall,
  address: DocumentAddress,
  settlement: Settlement,
  include: Include,
  options: CalculationOptions,
  noticed: Noticed,
): Promise<AvataxAnswer> {
  return decided(async () => {
    const { company, current } = await located(ports, call, address, noticed);
    const view = viewOf(call, current, address.code, include);
    if (settlement.verify)
      verifySettlement(settlement.verify, { date: String(view.date), totalAmount: toCents(view.totalAmount), totalTax: toCents(view.totalTax) });
    const newCode = settlement.newCode !== null && settlement.newCode !== address.code ? settlement.newCode : null;
    const status = statusOfCurrent(current);
    if (newCode !== null && (current.kind !== 'draft' || status !== 'Saved')) {
      const message = `A ${status} document keeps its code: codes recorded in the ledger are final (a Saved document's may change).`;
      throw new DomainError('invalid_request', message, [{ code: 'code_change_unsupported', target: 'changeCode.newCode', message }]);
    }
    const commit = settlement.commit === true;
    if (current.kind === 'draft' && status === 'Saved' && (newCode !== null || commit)) {
      const { draft, version } = current.stored;
      const code = newCode ?? draft.code;
      if (commit) return commitDraft(ports, call, company, current.stored, include, options, code);
      const taken = await currentOf(ports, call, company, code, [draft.type]);
      if (taken) throw docStatusError(code, statusOfCurrent(taken));
      const moved: AvataxDraft = {
        ...draft,
        code,
        echo: { ...draft.echo, code, request: { ...draft.echo.request, code } },
        nextCode: baseCodeOf(code),
        updated_at: call.now.toISOString(),
      };
      await ports.avatax.moveDraft(draft, version, moved);
      return { view: draftView(moved, include), calculation: false };
    }
    if (commit && status !== 'Committed') throw new DomainError('invalid_lifecycle', `A ${status} document cannot be committed.`);
    return { view, calculation: false };
  });
}

// --- lists ------------------------------------------------------------------------------------------

/** Ledger list pages read for one company list at most (100 entries each). */
const MAX_PAGES = 100;

export interface ListQuery {
  readonly filter: string | undefined;
  readonly top: number;
  readonly skip: number;
  readonly orderBy: readonly OrderBy[];
  readonly include: Include;
  readonly link: ListLink;
}

/**
 * GET /companies/{companyCode}/transactions: the company's documents of the key's tenant, a row per
 * code and type in its current state (transaction-rows.ts), filtered and ordered over the whole
 * company (`@recordsetCount` counts them all), a page of them answered in full.
 */
export async function listAvataxTransactions(ports: AvataxTransactionPorts, call: TenantCall, companyCode: string, query: ListQuery) {
  const filter = parseFilter(query.filter, ROW_FILTERS);
  const company = await companyOf(ports, call, companyCode);
  const { tenant } = call.principal;
  const entries: TransactionSummary[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < MAX_PAGES; pages++) {
    // A location-scoped key's list is its location's already; the company's is kept of any other.
    const page = await listTransactions(ports, call, {}, { limit: 100, cursor });
    entries.push(...page.data.filter((e) => e.location_code === company.locationCode));
    if (!page.next_cursor) break;
    cursor = page.next_cursor;
  }
  const listed = entries.filter((e) => e.kind !== 'reversal' && e.status !== 'adjusted').map((e) => e.code);
  const facts = listed.length > 0 ? await ports.avatax.echoFacts(tenant, listed) : new Map();
  const drafts = await ports.avatax.drafts(tenant, company.code);
  const totalsOnly: Include = { lines: false, details: false, summary: false, addresses: false, taxDetailsByTaxType: false };
  const draftRows = drafts.map((stored) => {
    const view = draftView(stored.draft, totalsOnly);
    return draftRow(stored, { totalAmount: view.totalAmount, totalTax: view.totalTax });
  });
  const rows = companyRows(documentRows(tenant, entries, facts), draftRows).filter((row) => matchesFilter(filter, (f) => rowValue(row, f)));
  const ordered = sortRows(rows, query.orderBy, rowValue);
  const page = fetchPage(ordered, { top: query.top || MAX_TOP, skip: query.skip }, query.link);
  const documentCodes = page.value.flatMap((r) => (r.source.kind === 'document' ? [r.source.documentCode] : []));
  const documents = documentCodes.length > 0 ? await ports.avatax.documents(tenant, documentCodes) : new Map<string, EchoedDocument>();
  const value = page.value.flatMap((row: TransactionRow) => {
    if (row.source.kind === 'draft') return [draftView(row.source.stored.draft, query.include)];
    const found = documents.get(row.source.documentCode);
    return found ? [recordView(tenant, found.stored.record, found.echo, { code: row.code, include: query.include })] : [];
  });
  return { ...page, value };
}
