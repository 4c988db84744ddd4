// AvaTax's CreateTransactionModel as the API's tax document, so the AvaTax surface is taxed by the
// same engine as /api/v1 (docs/compatibility.md). The request is read tolerantly (input.ts), its
// fields are translated here, and what the document cannot carry is kept beside it for the answer
// to echo: line numbers exactly as sent, item and tax codes as sent, the AvaTax addresses. The
// document then passes the API's own document schema, like a TaxJar order's.
import { DomainError, type ErrorDetail, validationError } from '../errors';
import type { AddressInput, DocumentInput, LineInput, SellerClass } from '../tax/input';
import { allocateByWeights, fromCents, toCents } from '../tax/money';
import type { Message } from '../tax/types';
import { DOCUMENT_TYPES, type DocumentType, isOrderType, TAX_OVERRIDE_TYPES } from './enums';
import { serviceCodeOf } from './ids';
import { canonicalize, detail, field, parseAmount, parseBoolean, parseCode, parseDate, parseEnum, parseText, type Shape } from './input';
import { familyMessage, type TaxCodeMatch, taxCodeFor } from './tax-codes';

const ADDRESS: Shape = {
  locationCode: true,
  line1: true,
  line2: true,
  line3: true,
  city: true,
  region: true,
  country: true,
  postalCode: true,
  latitude: true,
  longitude: true,
};

const ADDRESS_ROLES = [
  'singleLocation',
  'shipFrom',
  'shipTo',
  'pointOfOrderOrigin',
  'pointOfOrderAcceptance',
  'goodsPlaceOrServiceRendered',
  'import',
  'billTo',
] as const;
type AddressRole = (typeof ADDRESS_ROLES)[number];
const ADDRESSES: Shape = Object.fromEntries(ADDRESS_ROLES.map((role) => [role, ADDRESS]));

const TAX_OVERRIDE: Shape = { type: true, taxAmount: true, taxDate: true, reason: true, taxAmountByTaxTypes: true };

const LINE: Shape = {
  number: true,
  quantity: true,
  amount: true,
  addresses: ADDRESSES,
  taxCode: true,
  customerUsageType: true,
  entityUseCode: true,
  itemCode: true,
  exemptionCode: true,
  discounted: true,
  taxIncluded: true,
  revenueAccount: true,
  ref1: true,
  ref2: true,
  description: true,
  businessIdentificationNo: true,
  taxOverride: TAX_OVERRIDE,
  parameters: true,
  userDefinedFields: true,
  hsCode: true,
  merchantSellerId: true,
  merchantSellerIdentifier: true,
  marketplaceLiabilityType: true,
  originationDocumentId: true,
  originationSite: true,
  category: true,
  summary: true,
};

/** CreateTransactionModel's properties, as the official client's model names them. */
export const CREATE_TRANSACTION_SHAPE: Shape = {
  code: true,
  lines: [LINE],
  type: true,
  companyCode: true,
  date: true,
  salespersonCode: true,
  customerCode: true,
  customerUsageType: true,
  entityUseCode: true,
  discount: true,
  purchaseOrderNo: true,
  exemptionNo: true,
  addresses: ADDRESSES,
  parameters: true,
  userDefinedFields: true,
  referenceCode: true,
  reportingLocationCode: true,
  commit: true,
  batchCode: true,
  taxOverride: TAX_OVERRIDE,
  currencyCode: true,
  serviceMode: true,
  exchangeRate: true,
  exchangeRateEffectiveDate: true,
  exchangeRateCurrencyCode: true,
  posLaneCode: true,
  businessIdentificationNo: true,
  isSellerImporterOfRecord: true,
  description: true,
  email: true,
  debugLevel: true,
  customerSupplierName: true,
  dataSourceId: true,
  deliveryTerms: true,
};

/** CreateOrAdjustTransactionModel (POST /transactions/createoradjust). */
export const CREATE_OR_ADJUST_SHAPE: Shape = { createTransactionModel: CREATE_TRANSACTION_SHAPE, adjustmentReason: true, adjustmentDescription: true };

/** AdjustTransactionModel (POST …/transactions/{code}/adjust). */
export const ADJUST_SHAPE: Shape = { adjustmentReason: true, adjustmentDescription: true, newTransaction: CREATE_TRANSACTION_SHAPE };

/** The sales documents this service taxes; purchase, inventory-transfer, reverse-charge and customs documents are not sales tax. */
export const SUPPORTED_TYPES: readonly DocumentType[] = ['SalesOrder', 'SalesInvoice', 'ReturnOrder', 'ReturnInvoice'];

/** An AvaTax address as the request gave it (a `locationCode` resolved to its state and ZIP). */
export interface AvataxAddress {
  readonly locationCode: string | null;
  readonly line1: string | null;
  readonly line2: string | null;
  readonly line3: string | null;
  readonly city: string | null;
  readonly region: string | null;
  readonly country: string | null;
  readonly postalCode: string | null;
  readonly latitude: number | null;
  readonly longitude: number | null;
}

/** What a line said that the engine's document does not carry, for the answer to echo. */
export interface AvataxLine {
  /** Exactly as sent (`"1"`, a UUID, `"account.move.line,42"`); the position, from 1, when absent. */
  readonly lineNumber: string;
  readonly itemCode: string | null;
  /** As sent; `crosswalk` says which of the service's codes taxed it. */
  readonly taxCode: string | null;
  readonly crosswalk: TaxCodeMatch;
  readonly description: string | null;
  readonly quantity: number | null;
  /** As sent, sign included. */
  readonly amount: number;
  /** This line's share of the document's `discount`, in cents (0 for a line not `discounted`). */
  readonly discountCents: number;
  readonly discounted: boolean;
  readonly taxIncluded: boolean;
  readonly ref1: string | null;
  readonly ref2: string | null;
  /** The line's entity-use code, else the document's; a claim the use case judges (entity-use-codes.ts). */
  readonly entityUseCode: string | null;
  /** The line's exemption number, else the document's `exemptionNo`. */
  readonly exemptionCode: string | null;
  readonly shipFrom: AvataxAddress | null;
  readonly shipTo: AvataxAddress | null;
}

export interface AvataxDocument {
  readonly type: DocumentType;
  /** As sent; null when absent (AvaTax then names the document itself: the caller passes a code it made). */
  readonly code: string | null;
  readonly companyCode: string | null;
  readonly customerCode: string | null;
  /** The document date. */
  readonly date: string;
  /** A TaxDate override: the date the tax is computed as of (a return taxed at the original sale's rates). */
  readonly taxDate: string | null;
  /** `commit: true` on an invoice type; orders are never recorded. */
  readonly commit: boolean;
  /** -1 when the lines' amounts were negative (a return, as AvaTax writes one): the answer negates the engine's figures. */
  readonly sign: 1 | -1;
  readonly entityUseCode: string | null;
  readonly exemptionNo: string | null;
  readonly referenceCode: string | null;
  readonly purchaseOrderNo: string | null;
  readonly salespersonCode: string | null;
  readonly reportingLocationCode: string | null;
  readonly batchCode: string | null;
  readonly description: string | null;
  /** Kept for the answer; the service sends no mail. */
  readonly email: string | null;
  readonly discount: number | null;
  readonly addresses: Readonly<Partial<Record<AddressRole, AvataxAddress>>>;
  readonly lines: readonly AvataxLine[];
  /** The engine's document: amounts as magnitudes, tax codes of the service. */
  readonly document: DocumentInput;
  /** Notes for the answer's messages (a tax code taxed by its group's rule). */
  readonly messages: readonly Message[];
  /** Request paths of properties CreateTransactionModel does not have, which were ignored. */
  readonly unknown: readonly string[];
  /** Where the document's addresses came from in the request, for error targets. */
  readonly sources: { readonly shipTo: string; readonly shipFrom: string | null; readonly lineShipTo: readonly (string | null)[] };
}

export interface AvataxDocumentOptions {
  /** The date of a document without `date` (the caller's today). */
  readonly today: string;
  /** The service location `companyCode` names (null: the default company). */
  readonly locationCode?: string | null;
  /** The account's locations by code, for addresses that name only a `locationCode`. */
  readonly locations?: ReadonlyMap<string, { readonly state: string; readonly zip: string }>;
}

/** The codes the service's documents may carry as SKUs (`item_code`); others are echoed only. */
const SKU = /^[A-Za-z0-9._:-]{1,50}$/;

function readAddress(raw: unknown, path: string, problems: ErrorDetail[]): AvataxAddress | null {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    problems.push(detail('object_type', path, 'Must be an object.'));
    return null;
  }
  const text = (name: string) => parseText(field(raw, name), `${path}.${name}`, problems);
  const coordinate = (name: string) => parseAmount(field(raw, name), `${path}.${name}`, problems);
  return {
    locationCode: text('locationCode'),
    line1: text('line1'),
    line2: text('line2'),
    line3: text('line3'),
    city: text('city'),
    region: text('region'),
    country: text('country'),
    postalCode: text('postalCode'),
    latitude: coordinate('latitude'),
    longitude: coordinate('longitude'),
  };
}

function readAddresses(raw: unknown, path: string, problems: ErrorDetail[]): Partial<Record<AddressRole, AvataxAddress>> {
  const out: Partial<Record<AddressRole, AvataxAddress>> = {};
  if (raw === undefined || raw === null) return out;
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    problems.push(detail('object_type', path, 'Must be an object.'));
    return out;
  }
  for (const role of ADDRESS_ROLES) {
    const address = readAddress(field(raw, role), `${path}.${role}`, problems);
    if (address) out[role] = address;
  }
  return out;
}

interface TaxDateOverride {
  readonly taxDate: string | null;
}

function readTaxOverride(raw: unknown, path: string, problems: ErrorDetail[], refusals: ErrorDetail[]): TaxDateOverride {
  if (raw === undefined || raw === null) return { taxDate: null };
  const type = parseEnum(TAX_OVERRIDE_TYPES, field(raw, 'type'), `${path}.type`, problems);
  const taxDate = parseDate(field(raw, 'taxDate'), `${path}.taxDate`, problems);
  if (type === undefined || type === 'None') return { taxDate: null };
  if (type !== 'TaxDate') {
    refusals.push(
      detail(
        'tax_override_unsupported',
        `${path}.type`,
        `A ${type} override is not supported: the service always computes the tax itself. Only TaxDate (tax as of another date, as for a return) is.`,
      ),
    );
    return { taxDate: null };
  }
  if (taxDate === null) problems.push(detail('missing', `${path}.taxDate`, 'A TaxDate override needs taxDate.'));
  return { taxDate };
}

const sameAddress = (a: AddressInput | null, b: AddressInput | null): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * The engine's address of an AvaTax address: `region` is the state, `postalCode` the ZIP; an
 * address that names only a `locationCode` is that location's state and ZIP. The engine locates by
 * ZIP, so an address without one (AvaTax would geocode street and city) is refused.
 */
function engineAddress(a: AvataxAddress, path: string, options: AvataxDocumentOptions, problems: ErrorDetail[]): AddressInput | null {
  let zip = a.postalCode?.trim() || null;
  let state = a.region?.trim() || null;
  if (zip === null && a.locationCode) {
    const location = options.locations?.get(a.locationCode);
    if (!location) {
      problems.push(detail('location_not_found', `${path}.locationCode`, `The company has no location ${a.locationCode}.`));
      return null;
    }
    zip = location.zip;
    state ??= location.state;
  }
  if (zip === null) {
    problems.push(detail('postal_code_required', `${path}.postalCode`, 'This service locates an address by its ZIP code: send postalCode.'));
    return null;
  }
  const line2 = [a.line2, a.line3].filter((l) => l != null && l !== '').join(', ');
  return {
    zip,
    state,
    city: a.city,
    line1: a.line1,
    ...(line2 ? { line2 } : {}),
    country: a.country,
    ...(a.latitude != null && a.longitude != null ? { latitude: a.latitude, longitude: a.longitude } : {}),
  };
}

/** Illinois sourcing reads the seller's posture; as for TaxJar orders, shipping from Illinois is selling there. */
const sellerClassOf = (origin: AvataxAddress | null): SellerClass => (origin?.region?.trim().toUpperCase() === 'IL' ? 'in_state' : 'remote');

/**
 * The document of a CreateTransactionModel (already parsed JSON, property names in any case).
 * Refuses, listing every field at fault: what cannot be read (validation_error), what this service
 * does not do (invalid_request: another document type, a currency other than USD, a tax override
 * other than TaxDate, a discount with no line to spread over, lines that ship from different
 * places), and lines without a destination (invalid_address).
 */
export function avataxDocument(raw: unknown, options: AvataxDocumentOptions): AvataxDocument {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw validationError([detail('missing', 'body', 'The request needs a CreateTransactionModel body.')]);
  const { value: model, unknown } = canonicalize(raw, CREATE_TRANSACTION_SHAPE);
  const problems: ErrorDetail[] = [];
  const refusals: ErrorDetail[] = [];
  const addressProblems: ErrorDetail[] = [];
  const code = (name: string) => parseCode(field(model, name), name, problems);
  const text = (name: string) => parseText(field(model, name), name, problems);

  const type = parseEnum(DOCUMENT_TYPES, field(model, 'type'), 'type', problems) ?? 'SalesOrder';
  if (!SUPPORTED_TYPES.includes(type))
    refusals.push(
      detail(
        'document_type_unsupported',
        'type',
        `A ${type} is not a sales document; this service records SalesOrder, SalesInvoice, ReturnOrder and ReturnInvoice.`,
      ),
    );
  const date = parseDate(field(model, 'date'), 'date', problems) ?? options.today;
  const commit = parseBoolean(field(model, 'commit'), 'commit', problems) ?? false;
  const currency = code('currencyCode');
  if (currency !== null && currency.trim().toUpperCase() !== 'USD')
    refusals.push(detail('currency_unsupported', 'currencyCode', 'currencyCode must be USD: this service computes US sales tax.'));
  const documentOverride = readTaxOverride(field(model, 'taxOverride'), 'taxOverride', problems, refusals);
  const discount = parseAmount(field(model, 'discount'), 'discount', problems);
  const addresses = readAddresses(field(model, 'addresses'), 'addresses', problems);
  const entityUseCode = code('entityUseCode') ?? code('customerUsageType');
  const exemptionNo = code('exemptionNo');

  const rawLines = field(model, 'lines');
  if (!Array.isArray(rawLines) || rawLines.length === 0) {
    problems.push(detail(Array.isArray(rawLines) ? 'too_short' : 'missing', 'lines', 'A transaction needs at least one line.'));
    throw validationError(problems);
  }

  interface Read {
    readonly line: unknown;
    readonly number: string | null;
    readonly amount: number | null;
    readonly quantity: number | null;
    readonly taxCode: string | null;
    readonly itemCode: string | null;
    readonly description: string | null;
    readonly ref1: string | null;
    readonly ref2: string | null;
    readonly discounted: boolean;
    readonly taxIncluded: boolean;
    readonly entityUseCode: string | null;
    readonly exemptionCode: string | null;
    readonly taxDate: string | null;
    readonly addresses: Partial<Record<AddressRole, AvataxAddress>>;
  }
  const read: Read[] = rawLines.map((line, i) => {
    const at = `lines[${i}]`;
    if (typeof line !== 'object' || line === null || Array.isArray(line)) problems.push(detail('object_type', at, 'Must be an object.'));
    const lineCode = (name: string) => parseCode(field(line, name), `${at}.${name}`, problems);
    const amount = parseAmount(field(line, 'amount'), `${at}.amount`, problems);
    if (amount === null && field(line, 'amount') == null) problems.push(detail('missing', `${at}.amount`, 'Each line needs an amount.'));
    return {
      line,
      number: lineCode('number'),
      amount,
      quantity: parseAmount(field(line, 'quantity'), `${at}.quantity`, problems),
      taxCode: lineCode('taxCode'),
      itemCode: lineCode('itemCode'),
      description: parseText(field(line, 'description'), `${at}.description`, problems),
      ref1: parseText(field(line, 'ref1'), `${at}.ref1`, problems),
      ref2: parseText(field(line, 'ref2'), `${at}.ref2`, problems),
      discounted: parseBoolean(field(line, 'discounted'), `${at}.discounted`, problems) ?? false,
      taxIncluded: parseBoolean(field(line, 'taxIncluded'), `${at}.taxIncluded`, problems) ?? false,
      entityUseCode: lineCode('entityUseCode') ?? lineCode('customerUsageType') ?? entityUseCode,
      exemptionCode: lineCode('exemptionCode') ?? exemptionNo,
      taxDate: readTaxOverride(field(line, 'taxOverride'), `${at}.taxOverride`, problems, refusals).taxDate,
      addresses: readAddresses(field(line, 'addresses'), `${at}.addresses`, problems),
    };
  });
  const customerCode = code('customerCode');
  const echoed = {
    code: code('code'),
    companyCode: code('companyCode'),
    referenceCode: text('referenceCode'),
    purchaseOrderNo: text('purchaseOrderNo'),
    salespersonCode: text('salespersonCode'),
    reportingLocationCode: text('reportingLocationCode'),
    batchCode: text('batchCode'),
    description: text('description'),
    email: text('email'),
  };

  // One sign for the whole document: a return's lines are all negative (or zero), a sale's positive.
  const nonzero = read.filter((r) => r.amount !== null && r.amount !== 0);
  const sign: 1 | -1 = nonzero.length > 0 && nonzero[0]!.amount! < 0 ? -1 : 1;
  read.forEach((r, i) => {
    if (r.amount !== null && r.amount !== 0 && Math.sign(r.amount) !== sign)
      refusals.push(
        detail(
          'mixed_line_signs',
          `lines[${i}].amount`,
          'Lines of one document are all sales (amounts of 0 or more) or all returns (0 or less); send a discount with discounted lines, or a separate return.',
        ),
      );
  });

  // The tax date: one for the whole document (the engine taxes a document as of one date).
  const taxDates = new Set(read.map((r) => r.taxDate ?? documentOverride.taxDate));
  if (taxDates.size > 1)
    refusals.push(detail('tax_override_unsupported', 'lines', 'Lines with different tax dates are not supported: send one TaxDate override for the document.'));
  const taxDate = [...taxDates][0] ?? null;

  // The document discount, spread over the discounted lines in proportion to their amounts.
  const discountCents = Math.abs(toCents(discount ?? 0));
  const shares = new Array<number>(read.length).fill(0);
  if (discountCents > 0) {
    const indexes = read.flatMap((r, i) => (r.discounted ? [i] : []));
    const weights = indexes.map((i) => Math.abs(toCents(read[i]!.amount ?? 0)));
    if (indexes.length === 0)
      refusals.push(detail('no_lines_discounted', 'discount', 'A discount is spread over the lines marked discounted: mark at least one.'));
    else if (discountCents > weights.reduce((a, b) => a + b, 0))
      problems.push(detail('less_than_equal', 'discount', 'The discount exceeds the amounts of the discounted lines.'));
    else
      allocateByWeights(weights, discountCents).forEach((share, k) => {
        shares[indexes[k]!] = share;
      });
  }

  // Addresses: a line's own, else the document's; singleLocation stands for both ends.
  const docTo = addresses.shipTo ?? addresses.singleLocation ?? null;
  const docToPath = addresses.shipTo ? 'addresses.shipTo' : 'addresses.singleLocation';
  const docFrom = addresses.shipFrom ?? addresses.singleLocation ?? null;
  const docFromPath = addresses.shipFrom ? 'addresses.shipFrom' : 'addresses.singleLocation';
  const ends = read.map((r, i) => {
    const own = r.addresses;
    const to = own.shipTo ?? own.singleLocation ?? docTo;
    const toPath = own.shipTo ? `lines[${i}].addresses.shipTo` : own.singleLocation ? `lines[${i}].addresses.singleLocation` : docToPath;
    const from = own.shipFrom ?? own.singleLocation ?? docFrom;
    const fromPath =
      own.shipFrom || (from === null && !own.singleLocation)
        ? `lines[${i}].addresses.shipFrom`
        : own.singleLocation
          ? `lines[${i}].addresses.singleLocation`
          : docFromPath;
    return { to, toPath, from, fromPath };
  });
  const engineTo = new Map<string, AddressInput | null>();
  const converted = (a: AvataxAddress, path: string): AddressInput | null => {
    if (!engineTo.has(path)) engineTo.set(path, engineAddress(a, path, options, addressProblems));
    return engineTo.get(path)!;
  };
  const destinations = ends.map((e, i) => {
    if (e.to === null) {
      addressProblems.push(
        detail(
          'missing_address',
          `lines[${i}].addresses`,
          'The line has no destination: send addresses.shipTo or singleLocation, on the document or the line.',
        ),
      );
      return null;
    }
    return converted(e.to, e.toPath);
  });
  const origins = ends.map((e) => (e.from === null ? null : converted(e.from, e.fromPath)));
  const origin = origins[0] ?? null;
  ends.forEach((e, i) => {
    if (JSON.stringify(e.from) !== JSON.stringify(ends[0]!.from))
      refusals.push(
        detail('address_conflict', ends[i]!.fromPath, 'Lines that ship from different places are not supported: one shipFrom serves the whole document.'),
      );
  });

  if (problems.length > 0) throw validationError(problems);
  if (refusals.length > 0)
    throw new DomainError(
      'invalid_request',
      refusals.length === 1 ? refusals[0]!.message : 'The transaction asks for what this service does not do; see details.',
      refusals,
    );
  if (addressProblems.length > 0)
    throw new DomainError(
      'invalid_address',
      addressProblems.length === 1 ? addressProblems[0]!.message : 'Some addresses cannot be located; see details.',
      addressProblems,
    );

  const shipTo = destinations[0]!;
  const messages: Message[] = [];
  const lines: AvataxLine[] = [];
  const engineLines: LineInput[] = read.map((r, i) => {
    const crosswalk = taxCodeFor(r.taxCode);
    const note = r.taxCode === null ? null : familyMessage(crosswalk, r.taxCode, `lines[${i}].taxCode`);
    if (note) messages.push(note);
    lines.push({
      lineNumber: r.number ?? String(i + 1),
      itemCode: r.itemCode,
      taxCode: r.taxCode,
      crosswalk,
      description: r.description,
      quantity: r.quantity,
      amount: r.amount ?? 0,
      discountCents: shares[i]!,
      discounted: r.discounted,
      taxIncluded: r.taxIncluded,
      ref1: r.ref1,
      ref2: r.ref2,
      entityUseCode: r.entityUseCode,
      exemptionCode: r.exemptionCode,
      shipFrom: ends[i]!.from,
      shipTo: ends[i]!.to,
    });
    const dest = destinations[i]!;
    // Illinois identifies a product without a code by its description (the SKU is the next best);
    // the engine reads no more than its schema's 500 characters, the answer echoes all.
    const description = (r.description ?? r.itemCode)?.slice(0, 500) ?? null;
    return {
      // An empty number cannot name a line in refunds: the position stands in (the echo keeps '').
      number: r.number === null || r.number === '' ? String(i + 1) : r.number,
      ...(r.itemCode !== null && SKU.test(r.itemCode) ? { item_code: r.itemCode } : {}),
      tax_code: crosswalk.taxCode,
      description,
      ...(r.quantity !== null && r.quantity !== 0 ? { quantity: Math.abs(r.quantity) } : {}),
      amount: Math.abs(r.amount ?? 0),
      ...(shares[i]! > 0 ? { discount: fromCents(shares[i]!) } : {}),
      ...(r.taxIncluded ? { tax_included: true } : {}),
      ...(sameAddress(dest, shipTo) ? {} : { ship_to: dest }),
    };
  });

  const document: DocumentInput = {
    date: taxDate ?? date,
    customer_code: customerCode === null || customerCode === '' ? null : serviceCodeOf(customerCode),
    location_code: options.locationCode ?? null,
    currency: 'USD',
    seller_class: sellerClassOf(ends[0]!.from),
    ship_from: origin,
    ship_to: shipTo,
    lines: engineLines,
  };
  return {
    type,
    code: echoed.code,
    companyCode: echoed.companyCode,
    customerCode,
    date,
    taxDate,
    commit: commit && !isOrderType(type),
    sign,
    entityUseCode,
    exemptionNo,
    referenceCode: echoed.referenceCode,
    purchaseOrderNo: echoed.purchaseOrderNo,
    salespersonCode: echoed.salespersonCode,
    reportingLocationCode: echoed.reportingLocationCode,
    batchCode: echoed.batchCode,
    description: echoed.description,
    email: echoed.email,
    discount,
    addresses,
    lines,
    document,
    messages,
    unknown,
    sources: {
      shipTo: ends[0]!.toPath,
      shipFrom: origin === null ? null : ends[0]!.fromPath,
      lineShipTo: ends.map((e, i) => (i > 0 && e.toPath !== ends[0]!.toPath ? e.toPath : null)),
    },
  };
}

const ADDRESS_FIELDS: Readonly<Record<string, string>> = {
  zip: 'postalCode',
  state: 'region',
  line1: 'line1',
  line2: 'line2',
  city: 'city',
  country: 'country',
};
const LINE_FIELDS: Readonly<Record<string, string>> = {
  number: 'number',
  item_code: 'itemCode',
  tax_code: 'taxCode',
  description: 'description',
  quantity: 'quantity',
  amount: 'amount',
  tax_included: 'taxIncluded',
};
const DOCUMENT_FIELDS: Readonly<Record<string, string>> = { date: 'date', customer_code: 'customerCode', location_code: 'companyCode', lines: 'lines' };

/**
 * A target of the engine's document (`lines.0.ship_to.zip`, `ship_from`) in the AvaTax request's
 * terms (`lines[0].addresses.shipTo.postalCode`, `addresses.shipFrom`): an address where the
 * request gave it, a line's discount the document's `discount`, the date the TaxDate override when
 * there was one.
 */
export function avataxTarget(target: string, doc: Pick<AvataxDocument, 'sources' | 'taxDate'>): string {
  const [head = '', second, third, ...rest] = target.split('.');
  const address = (path: string | null, fieldName: string | undefined) =>
    [path ?? 'addresses', ...(fieldName === undefined ? [] : [ADDRESS_FIELDS[fieldName] ?? fieldName])].join('.');
  if (head === 'ship_to') return address(doc.sources.shipTo, second);
  if (head === 'ship_from') return address(doc.sources.shipFrom, second);
  if (head === 'lines' && second !== undefined && /^\d+$/.test(second)) {
    const i = Number(second);
    if (third === 'ship_to') return address(doc.sources.lineShipTo[i] ?? doc.sources.shipTo, rest[0]);
    if (third === 'discount') return 'discount';
    return [`lines[${i}]`, ...(third === undefined ? [] : [LINE_FIELDS[third] ?? third]), ...rest].join('.');
  }
  if (head === 'date' && doc.taxDate !== null) return 'taxOverride.taxDate';
  return [DOCUMENT_FIELDS[head] ?? head, ...[second, third, ...rest].filter((p) => p !== undefined)].join('.');
}
