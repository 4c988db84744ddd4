// A taxed document (a calculation, or a stored transaction) as AvaTax's TransactionModel. Every
// figure is a sum of the engine's own line and jurisdiction cents, converted once, so `totalTax` is
// the sum of the lines' `tax` and of the summary's to the cent, and an AvaTax answer agrees with
// /api/v1's for the same document (docs/taxes-and-content.md, "What an answer says"). What the
// engine does not keep (line numbers, item and tax codes as sent, AvaTax addresses) comes from the
// request when the caller has it. A strict client rejects null where it expects a string or a
// number, so an absent value is left out, never null.
import type { Category } from '../content/artifact';
import { fromCents, fromMicro } from '../tax/money';
import type { JurisdictionTax, LineTax, Message, JurisdictionType as OurJurisdictionType } from '../tax/types';
import type { TransactionRecord } from '../transactions/transaction';
import { type AvataxAddress, type AvataxDocument, type AvataxLine, avataxTarget } from './document';
import type { AdjustmentReason, BoundaryLevel, DocumentStatus, DocumentType, JurisdictionType, JurisTypeId, Sourcing } from './enums';
import { DEFAULT_INCLUDE, type Include } from './query';
import { avataxTaxCodeOf } from './tax-codes';

/** What the view reads of a taxed document: a DocumentTax and a TransactionRecord both are one. */
export interface TaxedLines {
  readonly date: string;
  readonly lines: readonly LineTax[];
  readonly messages: readonly Message[];
}

export interface TransactionHeader {
  /** 0 for a Temporary document (AvaTax's estimate); the stored document's number otherwise (ids.ts). */
  readonly id: number;
  readonly code: string;
  readonly companyId: number;
  readonly status: DocumentStatus;
  readonly type: DocumentType;
  /** The document date; default the taxed document's date. */
  readonly date?: string;
  /** The date the tax was computed as of, when a TaxDate override moved it. */
  readonly taxDate?: string | null;
  /** -1 negates the engine's figures (a return taxed from magnitudes); stored refunds are already negative. */
  readonly sign?: 1 | -1;
  readonly customerCode?: string | null;
  readonly locationCode?: string | null;
  readonly entityUseCode?: string | null;
  readonly exemptNo?: string | null;
  readonly purchaseOrderNo?: string | null;
  readonly referenceCode?: string | null;
  readonly salespersonCode?: string | null;
  readonly reportingLocationCode?: string | null;
  readonly batchCode?: string | null;
  readonly description?: string | null;
  readonly email?: string | null;
  readonly adjustmentReason?: AdjustmentReason;
  readonly adjustmentDescription?: string | null;
  readonly version?: number;
  /** ISO date-time of the last change (a stored document's `updated_at`). */
  readonly modifiedDate?: string | null;
  readonly locked?: boolean;
  /** The request's lines by position, for what the engine does not keep. */
  readonly lines?: readonly (AvataxLine | undefined)[];
  /** The request's document-level addresses. */
  readonly addresses?: AvataxDocument['addresses'];
  /** Messages of the translation, already in the request's terms. */
  readonly messages?: readonly Message[];
  /** An engine message's target in the request's terms (document.ts `avataxTarget`). */
  readonly targetOf?: (target: string) => string;
}

/**
 * A stored document's AvaTax status: committed documents, refunded or not, are Committed (a refund
 * is a document of its own); voided ones Cancelled; adjusted ones Adjusted (their replacement is
 * the current version). Uncommitted statuses (Temporary, Saved) are the caller's to state.
 */
export function statusOf(record: Pick<TransactionRecord, 'status'>): DocumentStatus {
  switch (record.status) {
    case 'voided':
      return 'Cancelled';
    case 'adjusted':
      return 'Adjusted';
    default:
      return 'Committed';
  }
}

/** A stored document's AvaTax type: sales and replacements are invoices; refunds, credits and reversals returns. */
export const typeOf = (record: Pick<TransactionRecord, 'kind'>): DocumentType =>
  record.kind === 'sale' || record.kind === 'replacement' ? 'SalesInvoice' : 'ReturnInvoice';

/** The header fields an AvaTax request gives (document.ts), for a view of the document it made (or of its echo). */
export function headerOf(doc: Omit<AvataxDocument, 'document' | 'unknown' | 'commit'>): Omit<TransactionHeader, 'id' | 'code' | 'companyId' | 'status'> {
  return {
    type: doc.type,
    date: doc.date,
    taxDate: doc.taxDate,
    sign: doc.sign,
    customerCode: doc.customerCode,
    entityUseCode: doc.entityUseCode,
    exemptNo: doc.exemptionNo,
    purchaseOrderNo: doc.purchaseOrderNo,
    referenceCode: doc.referenceCode,
    salespersonCode: doc.salespersonCode,
    reportingLocationCode: doc.reportingLocationCode,
    batchCode: doc.batchCode,
    description: doc.description,
    email: doc.email,
    lines: doc.lines,
    addresses: doc.addresses,
    messages: doc.messages,
    targetOf: (target) => avataxTarget(target, doc),
  };
}

const JURIS_TYPE: Readonly<Record<OurJurisdictionType, JurisTypeId>> = { state: 'STA', county: 'CTY', city: 'CIT', special: 'STJ' };
const JURISDICTION_TYPE: Readonly<Record<OurJurisdictionType, JurisdictionType>> = { state: 'State', county: 'County', city: 'City', special: 'Special' };
const FOOD: ReadonlySet<Category> = new Set(['food_groceries', 'prepared_food']);

/** AvaTax names a jurisdiction's tax `<region> <LEVEL> TAX` (CA STATE TAX, CA SPECIAL TAX). */
const taxNameOf = (region: string, type: OurJurisdictionType): string => `${region} ${type.toUpperCase()} TAX`;

/** Hybrid sourcing (California) is state, county and city at origin, districts at destination. */
function sourcingOf(line: LineTax, type?: OurJurisdictionType): Sourcing {
  if (line.sourcing === 'destination') return 'Destination';
  if (line.sourcing === 'origin') return 'Origin';
  if (type === undefined) return 'Mixed';
  return type === 'special' ? 'Destination' : 'Origin';
}

const BOUNDARY: Readonly<Record<LineTax['address']['precision'], BoundaryLevel>> = { rooftop: 'Address', zip9: 'Zip9', zip5: 'Zip5', state: 'Zip5' };

/** Leaves out what is absent: a strict client refuses null for a string or a number. */
function present<T extends Record<string, unknown>>(fields: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== null) out[k] = v;
  return out as T;
}

/** The parts of a line an exemption moved out of the tax base: by certificate (`exemption`), or by the product's taxability (`nonTaxable`). */
const exemptParts = (line: LineTax) =>
  line.reason === 'certificate_applied' || line.reason === 'declared_exemption'
    ? { exempt: line.exempt, nonTaxable: 0 }
    : { exempt: 0, nonTaxable: line.exempt };

/** A tax-included line's amount is gross in the engine; AvaTax's `lineAmount` is the amount before tax. */
const lineAmountCents = (line: LineTax): number => (line.tax_included ? line.amount - line.tax : line.amount);

interface SummaryGroup {
  readonly region: string;
  readonly type: OurJurisdictionType;
  readonly name: string;
  readonly rate: number;
  readonly rateType: 'General' | 'Food';
  taxable: number;
  tax: number;
  nonTaxable: number;
  exemption: number;
}

const rateTypeOf = (line: LineTax): 'General' | 'Food' => (line.reason === 'reduced_rated' && FOOD.has(line.category) ? 'Food' : 'General');

/** Jurisdictions summed over lines by region, type, name, rate and rate type, in order of first appearance. */
function summaryGroups(lines: readonly LineTax[]): SummaryGroup[] {
  const groups = new Map<string, SummaryGroup>();
  for (const line of lines) {
    const parts = exemptParts(line);
    const rateType = rateTypeOf(line);
    for (const j of line.jurisdictions) {
      const key = `${line.address.state}|${j.type}|${j.name}|${j.rate}|${rateType}`;
      let g = groups.get(key);
      if (!g) {
        g = { region: line.address.state, type: j.type, name: j.name, rate: j.rate, rateType, taxable: 0, tax: 0, nonTaxable: 0, exemption: 0 };
        groups.set(key, g);
      }
      g.taxable += j.taxable;
      g.tax += j.tax;
      g.nonTaxable += parts.nonTaxable;
      g.exemption += parts.exempt;
    }
  }
  return [...groups.values()];
}

interface Totals {
  amount: number;
  discount: number;
  exempt: number;
  taxable: number;
  tax: number;
}

function totalsOf(lines: readonly LineTax[]): Totals {
  const t: Totals = { amount: 0, discount: 0, exempt: 0, taxable: 0, tax: 0 };
  for (const l of lines) {
    t.amount += lineAmountCents(l);
    t.discount += l.discount;
    t.exempt += l.exempt;
    t.taxable += l.taxable;
    t.tax += l.tax;
  }
  return t;
}

const SEVERITY: Readonly<Record<Message['severity'], string>> = { warning: 'Warning', info: 'Success' };

/** The distinct addresses of the request (document and lines), else the lines' resolved ZIPs. */
function addressModels(lines: readonly LineTax[], header: TransactionHeader) {
  const given: AvataxAddress[] = [];
  const seen = new Set<string>();
  const add = (a: AvataxAddress | null | undefined) => {
    if (!a) return;
    const key = JSON.stringify(a);
    if (!seen.has(key)) {
      seen.add(key);
      given.push(a);
    }
  };
  for (const a of Object.values(header.addresses ?? {})) add(a);
  for (const l of header.lines ?? []) {
    add(l?.shipFrom);
    add(l?.shipTo);
  }
  const levelOf = (zip: string | null) => {
    const line = lines.find((l) => zip !== null && l.address.zip === zip.trim().slice(0, 5));
    return line ? BOUNDARY[line.address.precision] : 'Zip5';
  };
  if (given.length > 0)
    return given.map((a) =>
      present({
        boundaryLevel: levelOf(a.postalCode),
        line1: a.line1 ?? '',
        line2: a.line2 ?? '',
        line3: a.line3 ?? '',
        city: a.city ?? '',
        region: a.region ?? '',
        postalCode: a.postalCode ?? '',
        country: a.country ?? 'US',
        // AvaTax writes an address's coordinates as strings here.
        latitude: a.latitude === null ? undefined : String(a.latitude),
        longitude: a.longitude === null ? undefined : String(a.longitude),
      }),
    );
  const distinct = new Map(lines.map((l) => [`${l.address.state}|${l.address.zip}`, l.address]));
  return [...distinct.values()].map((a) => ({ boundaryLevel: BOUNDARY[a.precision], region: a.state, postalCode: a.zip, country: 'US' }));
}

/**
 * The TransactionModel of a taxed document. `include` is the request's `$include` (query.ts): by
 * default lines with their details, the summary and the addresses.
 */
export function avataxTransaction(taxed: TaxedLines, header: TransactionHeader, include: Include = DEFAULT_INCLUDE) {
  const sign = header.sign ?? 1;
  const money = (cents: number): number => fromCents(sign * cents);
  const date = header.date ?? taxed.date;
  const taxDate = header.taxDate ?? taxed.date;
  const totals = totalsOf(taxed.lines);
  const first = taxed.lines[0];

  const detailModel = (line: LineTax, j: JurisdictionTax) => {
    const parts = exemptParts(line);
    return {
      country: 'US',
      region: line.address.state,
      exemptAmount: money(parts.exempt),
      jurisName: j.name,
      jurisType: JURIS_TYPE[j.type],
      jurisdictionType: JURISDICTION_TYPE[j.type],
      nonTaxableAmount: money(parts.nonTaxable),
      rate: fromMicro(j.rate),
      sourcing: sourcingOf(line, j.type),
      tax: money(j.tax),
      taxableAmount: money(j.taxable),
      taxType: 'Sales',
      taxName: taxNameOf(line.address.state, j.type),
      taxCalculated: money(j.tax),
      rateType: rateTypeOf(line),
      unitOfBasis: 'PerCurrencyUnit',
      isNonPassThru: false,
      isFee: false,
    };
  };

  const lineModel = (line: LineTax, index: number) => {
    const echo = header.lines?.[index];
    return present({
      lineNumber: echo?.lineNumber ?? line.number,
      // As the request wrote them when it is at hand (the engine's description may be the SKU standing in).
      itemCode: (echo ? echo.itemCode : line.item_code) ?? '',
      taxCode: echo?.taxCode ?? avataxTaxCodeOf(line.tax_code),
      description: (echo ? echo.description : line.description) ?? '',
      quantity: echo?.quantity ?? line.quantity,
      lineAmount: money(lineAmountCents(line)),
      discountAmount: money(line.discount),
      exemptAmount: money(line.exempt),
      taxableAmount: money(line.taxable),
      tax: money(line.tax),
      taxCalculated: money(line.tax),
      // The product is taxable here, whether or not a certificate exempted this buyer.
      isItemTaxable:
        line.reason === 'standard_rated' || line.reason === 'reduced_rated' || line.reason === 'certificate_applied' || line.reason === 'declared_exemption',
      taxIncluded: line.tax_included,
      entityUseCode: echo?.entityUseCode ?? undefined,
      customerUsageType: echo?.entityUseCode ?? undefined,
      exemptNo: echo?.exemptionCode ?? undefined,
      certificateId: line.certificate?.id,
      ref1: echo?.ref1 ?? undefined,
      ref2: echo?.ref2 ?? undefined,
      reportingDate: date,
      taxDate,
      sourcing: sourcingOf(line),
      taxOverrideType: header.taxDate ? 'TaxDate' : 'None',
      taxOverrideAmount: 0,
      details: include.details ? line.jurisdictions.map((j) => detailModel(line, j)) : undefined,
    });
  };

  const summary = include.summary
    ? summaryGroups(taxed.lines).map((g) => ({
        country: 'US',
        region: g.region,
        jurisType: JURISDICTION_TYPE[g.type],
        jurisName: g.name,
        taxType: 'Sales',
        taxName: taxNameOf(g.region, g.type),
        rateType: g.rateType,
        taxable: money(g.taxable),
        rate: fromMicro(g.rate),
        tax: money(g.tax),
        taxCalculated: money(g.tax),
        nonTaxable: money(g.nonTaxable),
        exemption: money(g.exemption),
      }))
    : undefined;

  const targetOf = header.targetOf ?? ((t: string) => t);
  const messages = [
    ...(header.messages ?? []).map((m) => ({ m, refersTo: m.target, source: 'translation' })),
    ...taxed.messages.map((m) => ({ m, refersTo: targetOf(m.target), source: 'engine' })),
  ].map(({ m, refersTo, source }) => ({ summary: m.message, details: m.code, refersTo, severity: SEVERITY[m.severity], source }));

  const certificateExempt = taxed.lines.reduce((n, l) => n + exemptParts(l).exempt, 0);
  return present({
    id: header.id,
    code: header.code,
    companyId: header.companyId,
    date,
    taxDate,
    status: header.status,
    type: header.type,
    batchCode: header.batchCode ?? undefined,
    currencyCode: 'USD',
    exchangeRateCurrencyCode: 'USD',
    exchangeRate: 1,
    exchangeRateEffectiveDate: date,
    entityUseCode: header.entityUseCode ?? undefined,
    customerUsageType: header.entityUseCode ?? undefined,
    customerVendorCode: header.customerCode ?? undefined,
    customerCode: header.customerCode ?? undefined,
    exemptNo: header.exemptNo ?? undefined,
    reconciled: false,
    locationCode: header.locationCode ?? undefined,
    reportingLocationCode: header.reportingLocationCode ?? undefined,
    purchaseOrderNo: header.purchaseOrderNo ?? undefined,
    referenceCode: header.referenceCode ?? undefined,
    salespersonCode: header.salespersonCode ?? undefined,
    taxOverrideType: header.taxDate ? 'TaxDate' : 'None',
    taxOverrideAmount: 0,
    totalAmount: money(totals.amount),
    totalExempt: money(totals.exempt),
    totalDiscount: money(totals.discount),
    totalTax: money(totals.tax),
    totalTaxable: money(totals.taxable),
    totalTaxCalculated: money(totals.tax),
    adjustmentReason: header.adjustmentReason ?? 'NotAdjusted',
    adjustmentDescription: header.adjustmentDescription ?? undefined,
    locked: header.locked ?? false,
    region: first?.address.state,
    country: 'US',
    version: header.version ?? 1,
    description: header.description ?? undefined,
    email: header.email ?? undefined,
    modifiedDate: header.modifiedDate ?? undefined,
    lines: include.lines ? taxed.lines.map(lineModel) : undefined,
    addresses: include.addresses ? addressModels(taxed.lines, header) : undefined,
    summary,
    taxDetailsByTaxType: include.taxDetailsByTaxType
      ? [
          {
            taxType: 'Sales',
            totalTaxable: money(totals.taxable),
            totalExempt: money(certificateExempt),
            totalNonTaxable: money(totals.exempt - certificateExempt),
            totalTax: money(totals.tax),
          },
        ]
      : undefined,
    messages: messages.length > 0 ? messages : undefined,
  });
}

export type AvataxTransactionModel = ReturnType<typeof avataxTransaction>;
