// The request models of AvaTax's transaction endpoints, for the API description. They are read by
// functions/core/avatax (input.ts, document.ts, actions.ts), which accept every property name in
// any letter case, enumerations by name in any case or by number, amounts and codes as numbers or
// strings: these schemas say what is read under AvaTax's own names, and pass anything else through
// (as AvaTax ignores what it does not know).
import * as v from 'valibot';
import { decimalValue, optionalDecimal, optionalFlag, optionalText } from './avatax-values';

const described = <S extends v.GenericSchema>(schema: S, text: string) => v.pipe(schema, v.description(text));
const opt = <S extends v.GenericSchema>(schema: S, text: string) => v.optional(described(schema, text));
const text = optionalText;
const amount = (what: string) => described(decimalValue(), what);
const flag = optionalFlag;
const enumeration = (what: string) => opt(v.union([v.string(), v.number()]), what);

const Address = v.looseObject({
  locationCode: text('A location of the company: its state and ZIP stand for the address.'),
  line1: text('Street.'),
  line2: text('Street, second line.'),
  line3: text('Street, third line.'),
  city: text('City.'),
  region: text('State, two letters.'),
  country: text('US (the service taxes US sales only).'),
  postalCode: text('ZIP or ZIP+4: required (the service locates an address by its ZIP).'),
  latitude: optionalDecimal('With longitude: rooftop precision where the content has boundaries.'),
  longitude: optionalDecimal('See latitude.'),
});

const Addresses = v.looseObject({
  singleLocation: v.optional(described(Address, 'Both ends of the sale (a store sale).')),
  shipFrom: v.optional(Address),
  shipTo: v.optional(described(Address, 'The destination: every line needs one, its own or the document’s.')),
  pointOfOrderOrigin: v.optional(Address),
  pointOfOrderAcceptance: v.optional(Address),
});

const TaxOverride = v.looseObject({
  type: enumeration('TaxDate (3) only: tax as of `taxDate` (a return at the sale’s rates). Other overrides are refused: the service computes the tax.'),
  taxDate: text('The date the tax is computed as of.'),
  reason: text('Why.'),
});

const Line = v.looseObject({
  number: text('The line number, echoed exactly in the answer (default: the position, from 1).'),
  quantity: optionalDecimal('Quantity (the amount is already extended).'),
  amount: amount('The extended amount; negative on a return (all lines of one sign).'),
  taxCode: text('An AvaTax tax code (crosswalked to the service’s) or one of the service’s own.'),
  itemCode: text('Echoed; a SKU of the account’s catalog also gives its tax code.'),
  description: text('Echoed; Illinois reads a product’s identity from it.'),
  discounted: flag('Whether the document’s `discount` is spread over this line.'),
  taxIncluded: flag('The amount includes the tax.'),
  entityUseCode: text('An exemption claim: exempts only on a certificate of the customer with the reason the code claims; otherwise taxed, with a warning.'),
  exemptionCode: text('An exemption (certificate) number claimed: as entityUseCode.'),
  ref1: text('Echoed.'),
  ref2: text('Echoed.'),
  addresses: v.optional(Addresses),
  taxOverride: v.optional(TaxOverride),
});

/** CreateTransactionModel: what POST /transactions/create (and createoradjust, adjust) read. */
export const AvataxCreateTransactionSchema = v.looseObject({
  type: enumeration(
    'SalesOrder (0, the default: an estimate, stored nowhere), SalesInvoice (1), ReturnOrder (4), ReturnInvoice (5: a refund of the sale `referenceCode` names).',
  ),
  code: text('The document code (a new code when absent). Documents are named by company, code and type.'),
  companyCode: text('A location code of the account, or DEFAULT (none: the account level, or a location-scoped key’s own location).'),
  date: text('YYYY-MM-DD or an ISO date-time (the date written is the date). Default: today.'),
  customerCode: text('The customer: its certificates back entity-use codes.'),
  commit: flag('An invoice with `commit: true` is recorded in the ledger; otherwise Saved (a draft).'),
  lines: described(v.array(Line), 'At least one line.'),
  addresses: v.optional(Addresses),
  entityUseCode: text('The lines’ exemption claim when they name none.'),
  customerUsageType: text('The former name of entityUseCode.'),
  exemptionNo: text('The lines’ exemption number when they name none.'),
  discount: optionalDecimal('A document discount, spread over the lines marked discounted.'),
  referenceCode: text('Echoed; a ReturnInvoice’s names the sale it refunds.'),
  purchaseOrderNo: text('Echoed.'),
  salespersonCode: text('Echoed.'),
  reportingLocationCode: text('Echoed.'),
  batchCode: text('Echoed.'),
  description: text('Echoed.'),
  email: text('Echoed.'),
  currencyCode: text('USD only.'),
  taxOverride: v.optional(TaxOverride),
});

const adjustment = {
  adjustmentReason: enumeration('AdjustmentReason by name or number (default Other); kept with the new version.'),
  adjustmentDescription: text('Kept with the new version.'),
};

export const AvataxCreateOrAdjustSchema = v.looseObject({
  createTransactionModel: described(AvataxCreateTransactionSchema, 'The document; its code, company and type name the one to adjust.'),
  ...adjustment,
});

export const AvataxAdjustSchema = v.looseObject({
  newTransaction: described(
    AvataxCreateTransactionSchema,
    'The document’s new content; the path names its code and company, and its type is kept unless it says.',
  ),
  ...adjustment,
});

export const AvataxCommitSchema = v.optional(v.looseObject({ commit: flag('true (or no body) commits; false changes nothing.') }), {});

export const AvataxVoidSchema = v.looseObject({
  code: described(
    v.union([v.string(), v.number()]),
    'Required: DocVoided (3), DocDeleted (2: a draft is deleted), Unspecified (0) void; PostFailed (1) and AdjustmentCancelled (4) are refused.',
  ),
});

export const AvataxRefundSchema = v.looseObject({
  refundTransactionCode: text('The refund’s code (a new one when absent): a ReturnInvoice.'),
  refundDate: described(v.union([v.string(), v.number()]), 'Required: the refund’s date; its return figures count in this month.'),
  refundType: enumeration('Full (0, default), Partial (1, with refundLines), TaxOnly (2: the remaining tax, goods kept), Percentage (3).'),
  refundPercentage: optionalDecimal('Percentage refunds: more than 0, at most 100, of each line’s price.'),
  refundLines: opt(v.array(v.union([v.string(), v.number()])), 'Partial refunds: the line numbers (as sent), each refunded whole.'),
  referenceCode: text('Kept with the refund.'),
});

export const AvataxSettleSchema = v.looseObject({
  verify: v.optional(
    v.looseObject({
      verifyTransactionDate: text('The date the document must have.'),
      verifyTotalAmount: optionalDecimal('Its totalAmount, to the cent.'),
      verifyTotalTax: optionalDecimal('Its totalTax, to the cent.'),
    }),
  ),
  changeCode: v.optional(v.looseObject({ newCode: text('A Saved document’s new code (a recorded one keeps its own).') })),
  commit: v.optional(v.looseObject({ commit: flag('Commit the document.') })),
});

/** A query parameter: a string at the wire. */
const param = (what: string) => opt(v.string(), what);

const include = param(
  'Lines, Details, Summary, Addresses, SummaryOnly, LinesOnly, TaxDetailsByTaxType, comma-separated, any case; absent or empty: Summary,Addresses (lines with details, summary, addresses).',
);
const documentType = param('The document’s type by name or number (default: a SalesInvoice, else a ReturnInvoice of the code).');

export const AvataxIncludeQuerySchema = v.looseObject({ $include: include });
export const AvataxDocumentQuerySchema = v.looseObject({ documentType, $include: include });
export const AvataxRefundQuerySchema = v.looseObject({
  documentType,
  $include: include,
  useTaxDateOverride: param('Accepted: a refund is always taxed at the original’s rates, as of its date.'),
});
export const AvataxTransactionListQuerySchema = v.looseObject({
  $filter: param(
    'Clauses joined by and: id, code, type, status, date, customerCode, referenceCode, purchaseOrderNo, totalAmount, totalTax, modifiedDate with eq, ne, gt, ge, lt, le (text fields also contains, startswith, endswith).',
  ),
  $top: param('At most 1000 rows a page (absent or 0: 1000).'),
  $skip: param('Rows to pass over.'),
  $orderBy: param('`field [asc|desc], …` over the filter’s fields (default: newest first).'),
  $include: include,
  dataSourceId: param('Accepted and ignored.'),
});
