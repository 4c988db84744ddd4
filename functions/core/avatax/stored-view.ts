// The surface's documents as TransactionModel (transaction-view.ts), whatever keeps them: an
// estimate taxed now (Temporary, id 0), a draft (Saved or Cancelled), or a ledger document with the
// echo written beside it — or without one, for a document made through /api/v1 or the TaxJar surface,
// which then reads as the ledger holds it (its own line numbers and codes).
import type { Tenant } from '../access/records';
import type { DocumentInput } from '../tax/input';
import type { DocumentTax, Message } from '../tax/types';
import type { TransactionRecord } from '../transactions/transaction';
import type { AvataxDocument } from './document';
import type { DocumentType } from './enums';
import { companyNumber, transactionNumber } from './ids';
import type { Include } from './query';
import { type AvataxDraft, type AvataxEcho, baseCodeOf, draftNumber, type EchoedRequest, echoLinesFor, versionNumberOf } from './records';
import { avataxTransaction, headerOf, statusOf, type TransactionHeader, typeOf } from './transaction-view';

/** The echo of a request the surface taxed: what the ledger's record (or a draft) cannot carry. */
export function echoOf(
  doc: AvataxDocument,
  facts: {
    readonly code: string;
    readonly companyCode: string;
    readonly document: DocumentInput;
    readonly messages: readonly Message[];
    readonly adjustment?: AvataxEcho['adjustment'];
  },
): AvataxEcho & { readonly document: DocumentInput } {
  const { document: _translated, unknown: _unknown, commit: _commit, ...request } = doc;
  return {
    code: facts.code,
    companyCode: facts.companyCode,
    type: doc.type,
    request: { ...request, code: facts.code },
    numbers: facts.document.lines.map((l, i) => l.number ?? String(i + 1)),
    document: facts.document,
    messages: [...doc.messages, ...facts.messages],
    adjustment: facts.adjustment ?? null,
  };
}

/** A request of no fields but those given: the echo of a refund of a document that has none. */
function bareRequest(fields: Pick<EchoedRequest, 'type' | 'code' | 'companyCode' | 'customerCode' | 'date' | 'taxDate' | 'referenceCode'>): EchoedRequest {
  return {
    ...fields,
    sign: 1,
    entityUseCode: null,
    exemptionNo: null,
    purchaseOrderNo: null,
    salespersonCode: null,
    reportingLocationCode: null,
    batchCode: null,
    description: null,
    email: null,
    discount: null,
    addresses: {},
    lines: [],
    messages: [],
    sources: { shipTo: 'addresses.shipTo', shipFrom: null, lineShipTo: [] },
  };
}

/**
 * The echo of a refund the surface recorded from RefundTransaction: a ReturnInvoice of the
 * original's company and customer, dated the refund date, whose lines are the original's as they
 * were sent (`numbers`: the original's ledger lines it holds), taxed as of the original's date.
 */
export function refundEchoOf(
  original: TransactionRecord,
  originalEcho: AvataxEcho | null,
  refund: {
    readonly code: string;
    readonly companyCode: string;
    readonly date: string;
    readonly referenceCode: string | null;
    readonly numbers: readonly string[];
  },
): AvataxEcho {
  const base = bareRequest({
    type: 'ReturnInvoice',
    code: refund.code,
    companyCode: refund.companyCode,
    customerCode: originalEcho?.request.customerCode ?? original.customer_code,
    date: refund.date,
    taxDate: original.date,
    referenceCode: refund.referenceCode,
  });
  const lines = originalEcho ? echoLinesFor(originalEcho, refund.numbers) : [];
  const kept = refund.numbers.flatMap((n, i) => (lines[i] ? [{ n, line: lines[i]! }] : []));
  const request: EchoedRequest = originalEcho
    ? { ...originalEcho.request, ...base, addresses: originalEcho.request.addresses, lines: kept.map((k) => k.line) }
    : base;
  return {
    code: refund.code,
    companyCode: refund.companyCode,
    type: 'ReturnInvoice',
    request,
    numbers: kept.map((k) => k.n),
    document: null,
    messages: [],
    adjustment: null,
  };
}

/** An estimate (an order type): taxed now, stored nowhere. */
export function temporaryView(doc: AvataxDocument, taxed: DocumentTax, code: string, companyId: number, messages: readonly Message[], include: Include) {
  const header = headerOf(doc);
  return avataxTransaction(taxed, { ...header, id: 0, code, companyId, status: 'Temporary', messages: [...(header.messages ?? []), ...messages] }, include);
}

const requestHeader = (echo: AvataxEcho): Omit<TransactionHeader, 'id' | 'code' | 'companyId' | 'status'> => ({
  ...headerOf(echo.request),
  messages: echo.messages,
  ...(echo.adjustment ? { adjustmentReason: echo.adjustment.reason, adjustmentDescription: echo.adjustment.description } : {}),
});

export function draftView(draft: AvataxDraft, include: Include) {
  const base = baseCodeOf(draft.code);
  return avataxTransaction(
    draft.taxed,
    {
      ...requestHeader(draft.echo),
      id: draftNumber(draft),
      code: draft.code,
      companyId: companyNumber(draft.tenant.accountId, draft.locationCode),
      status: draft.status,
      type: draft.type,
      locationCode: draft.locationCode,
      version: versionNumberOf(base, draft.nextCode) ?? 1,
      modifiedDate: draft.updated_at,
    },
    include,
  );
}

export interface RecordViewOptions {
  /** The AvaTax code the document was asked by (a version's code is its base's). */
  readonly code?: string;
  readonly include: Include;
}

/** The AvaTax code a ledger document stands for when no echo says: a version of `<base>` is `<base>`. */
export function avataxCodeOfRecord(record: Pick<TransactionRecord, 'code'>): string {
  return record.code.replace(/:v\d+$/, '');
}

/** A ledger document as the surface answers it, in its echo's terms when it has one. */
export function recordView(tenant: Tenant, record: TransactionRecord, echo: AvataxEcho | null, options: RecordViewOptions) {
  const code = echo?.code ?? options.code ?? avataxCodeOfRecord(record);
  const type: DocumentType = echo?.type ?? typeOf(record);
  const lines = echo
    ? echoLinesFor(
        echo,
        record.lines.map((l) => l.number),
      )
    : undefined;
  return avataxTransaction(
    record,
    {
      ...(echo ? requestHeader(echo) : { customerCode: record.customer_code, date: record.date }),
      id: transactionNumber(tenant.accountId, tenant.environment, record.code),
      code,
      companyId: companyNumber(tenant.accountId, record.location_code),
      status: statusOf(record),
      type,
      // Stored amounts carry their sign (a refund's are negative).
      sign: 1,
      locationCode: record.location_code,
      version: versionNumberOf(baseCodeOf(code), record.code) ?? 1,
      modifiedDate: record.updated_at,
      // What the ledger will not change: a sale drawn on by refunds or credits (docs/avatax-compatibility.md, "Locked").
      locked: record.refunds.length > 0 || record.credits.length > 0,
      lines,
    },
    options.include,
  );
}
