// The AvaTax REST v2 compatible routes: AvaTax's own models, as its clients read them. Strict
// clients (the npm client's strict mode) refuse a null where a model names a string or a number,
// so an absent value is left out rather than null.
import * as v from 'valibot';

export const AvataxPingResult = v.strictObject({
  version: v.pipe(v.string(), v.description('The version of the API answering.')),
  authenticated: v.pipe(v.boolean(), v.description('Whether the credentials sent name a usable key; false without credentials.')),
  authenticationType: v.pipe(
    v.picklist(['None', 'UsernamePassword', 'AccountIdLicenseKey', 'OpenIdBearerToken']),
    v.description('How the credentials were sent: `AccountIdLicenseKey` for HTTP Basic, `OpenIdBearerToken` for a Bearer or X-Api-Key key.'),
  ),
  authenticatedUserName: v.optional(v.pipe(v.string(), v.description('The key’s name.'))),
  authenticatedUserId: v.optional(v.pipe(v.number(), v.description('A stable number of the key.'))),
  authenticatedAccountId: v.optional(v.pipe(v.number(), v.description('The numeric AvaTax-style id of the key’s account (or practice).'))),
});

// --- reference, companies, customers and certificates -------------------------------------------

const str = (text: string) => v.pipe(v.string(), v.description(text));
const optStr = (text: string) => v.optional(str(text));
const num = (text: string) => v.pipe(v.number(), v.description(text));

/** AvaTax's FetchResult: the rows the query matched before paging, the page, and a link to the next while rows remain. */
const fetchResultOf = <S extends v.GenericSchema>(row: S, what: string) =>
  v.strictObject({
    '@recordsetCount': num(`How many ${what} the query matched, before paging.`),
    value: v.array(row),
    nextLink: v.optional(str('The same query for the rows after this page; absent on the last page.')),
  });

const AvataxMessage = v.strictObject({
  summary: str('What is wrong, in a sentence.'),
  details: str('Why, and what to send instead.'),
  refersTo: str('The part of the address it is about (`Address.PostalCode`, `Address.Region`, `Address.Country`).'),
  severity: v.picklist(['Error']),
  source: str('What produced the message.'),
});

const addressParts = {
  line1: optStr('As sent.'),
  line2: optStr('As sent.'),
  line3: optStr('As sent.'),
  city: optStr('As sent, or the ZIP code’s city when none was sent.'),
  region: optStr('The state.'),
  country: optStr('`US`.'),
  postalCode: optStr('The ZIP code (ZIP+4 when one was sent).'),
};

const JurisdictionTypeName = v.picklist(['State', 'County', 'City', 'Special']);

const optNum = (text: string) => v.optional(num(text));

export const AvataxAddressResolution = v.strictObject({
  address: v.strictObject({
    ...addressParts,
    latitude: optNum('As sent in a POST body; absent when none was sent.'),
    longitude: optNum('As sent in a POST body; absent when none was sent.'),
  }),
  validatedAddresses: v.array(
    v.strictObject({
      addressType: v.pipe(v.picklist(['UnknownAddressType']), v.description('The street is not validated: the service resolves ZIP codes only.')),
      ...addressParts,
      latitude: optNum('The ZIP code’s centroid, as in `coordinates`; absent when the ZIP code has none.'),
      longitude: optNum('The ZIP code’s centroid, as in `coordinates`; absent when the ZIP code has none.'),
    }),
  ),
  coordinates: v.optional(
    v.pipe(
      v.strictObject({ latitude: num('Degrees north, four decimals.'), longitude: num('Degrees east (negative: west), four decimals.') }),
      v.description(
        'AvaTax’s CoordinateInfo: the point GeoNames gives the 5-digit ZIP code (its postal place, or an estimate from neighbouring codes), never a street or rooftop point. Absent when the address could not be placed or the ZIP code has no point.',
      ),
    ),
  ),
  resolutionQuality: v.pipe(
    v.picklist(['NotCoded', 'PartialCentroid', 'PostalCentroidGood']),
    v.description(
      '`PostalCentroidGood`: placed at the 5-digit ZIP code’s centroid (AvaTax’s value for a ZIP5 centroid; never Better or Best, its ZIP+2 and ZIP+4 values, even for a ZIP+4 sent). `PartialCentroid`: the ZIP code’s point is GeoNames’ estimate from neighbouring codes (or GeoNames gives no accuracy for it), coarser than a centroid. `NotCoded`: no `coordinates`, because the ZIP code has no point or the address could not be placed.',
    ),
  ),
  taxAuthorities: v.optional(
    v.array(v.strictObject({ jurisdictionName: str('The jurisdiction’s name, as in the rates.'), jurisdictionType: JurisdictionTypeName })),
  ),
  messages: v.optional(
    v.pipe(v.array(AvataxMessage), v.description('Present only when the address could not be placed (severity Error); absent for a good address.')),
  ),
});

export const AvataxTaxRates = v.strictObject({
  totalRate: num('The combined general-merchandise rate of the ZIP code today, as GET /api/v1/rates answers it.'),
  rates: v.array(v.strictObject({ rate: v.number(), name: v.string(), type: JurisdictionTypeName })),
});

const AvataxTaxCodeRow = v.strictObject({
  id: num('A stable number of the code.'),
  companyId: v.pipe(v.literal(0), v.description('0: a system code.')),
  taxCode: str('The AvaTax system tax code.'),
  taxCodeTypeId: str('P product, F freight, D digital, S service, N non-taxable.'),
  description: str('What the code stands for, and which of this service’s codes it is taxed as.'),
  isPhysical: v.boolean(),
  isActive: v.literal(true),
});
export const AvataxTaxCodeList = fetchResultOf(AvataxTaxCodeRow, 'tax codes');

const AvataxEntityUseCodeRow = v.strictObject({
  code: v.string(),
  name: v.string(),
  description: v.string(),
  validCountries: v.array(v.string()),
});
export const AvataxEntityUseCodeList = fetchResultOf(AvataxEntityUseCodeRow, 'entity-use codes');

const AvataxCompanyRow = v.strictObject({
  id: num('The company’s number, which AvaTax clients put in /companies/{companyCode}/customers and …/certificates paths (its code names it there too).'),
  accountId: num('The account’s numeric id (the Basic user strict clients send).'),
  companyCode: str('The location’s code, or `DEFAULT` for the account itself.'),
  name: str('The location’s name, or the account’s.'),
  isDefault: v.pipe(v.boolean(), v.description('The account itself (companyCode DEFAULT).')),
  isActive: v.literal(true),
  hasProfile: v.literal(true),
  defaultCountry: v.literal('US'),
  baseCurrencyCode: v.literal('USD'),
  isTest: v.pipe(v.boolean(), v.description('A sandbox key’s companies.')),
  createdDate: v.optional(str('When the location was created (the default company has none).')),
});
export const AvataxCompanyList = fetchResultOf(AvataxCompanyRow, 'companies');

export const AvataxCustomer = v.strictObject({
  id: num('A stable number of the customer.'),
  companyId: v.number(),
  customerCode: str('The code as its client wrote it.'),
  alternateId: v.optional(v.string()),
  name: str('The name (empty when the customer has none).'),
  attnName: v.optional(v.string()),
  line1: str('As sent; empty for a customer this service was never told the address of.'),
  line2: v.optional(v.string()),
  city: str('As sent, or empty.'),
  postalCode: str('As sent, or empty.'),
  phoneNumber: v.optional(v.string()),
  faxNumber: v.optional(v.string()),
  emailAddress: v.optional(v.string()),
  contactName: v.optional(v.string()),
  createdDate: v.string(),
  modifiedDate: v.string(),
  country: str('As sent, or empty.'),
  region: v.optional(v.string()),
  isBill: v.optional(v.boolean()),
  isShip: v.optional(v.boolean()),
  taxpayerIdNumber: v.optional(v.string()),
});
export const AvataxCustomers = v.array(AvataxCustomer);
export const AvataxCustomerList = fetchResultOf(AvataxCustomer, 'customers');

const AvataxCertificateRow = v.strictObject({
  id: num('A stable number of the certificate.'),
  companyId: v.number(),
  signedDate: str('The first day the certificate is valid (valid_from).'),
  expirationDate: str('Its last day (valid_to).'),
  documentExists: v.pipe(v.boolean(), v.description('A digest of the signed document was recorded.')),
  valid: v.pipe(v.boolean(), v.description('Reviewed (active) and in force today.')),
  verified: v.pipe(v.boolean(), v.description('Reviewed (active).')),
  exemptPercentage: v.literal(100),
  isSingleCertificate: v.literal(false),
  exemptionNumber: v.optional(v.string()),
  exemptionReason: v.strictObject({ id: v.number(), name: v.string() }),
  status: v.pipe(v.picklist(['COMPLETE', 'PENDING']), v.description('COMPLETE once reviewed, PENDING before.')),
  createdDate: v.string(),
  modifiedDate: v.string(),
  exposureZone: v.strictObject({ id: v.number(), name: str('The state’s name.'), region: v.string(), country: v.literal('US') }),
  customerCode: str('The code of the customer it belongs to.'),
  customers: v.optional(v.pipe(v.array(AvataxCustomer), v.description('With `$include=customers`: the customer it belongs to.'))),
});
export const AvataxCertificateList = fetchResultOf(AvataxCertificateRow, 'certificates');
// --- transactions (docs/avatax-compatibility.md, "Transactions") ---------------------------------

const described = <S extends v.GenericSchema>(schema: S, text: string) => v.pipe(schema, v.description(text));
const money = (text: string) => described(v.number(), text);
const optionalText = (text: string) => v.optional(described(v.string(), text));

const AvataxTransactionDetail = v.strictObject({
  country: v.string(),
  region: v.string(),
  exemptAmount: v.number(),
  jurisName: described(v.string(), 'The jurisdiction as the rate table names it.'),
  jurisType: described(v.picklist(['STA', 'CTY', 'CIT', 'STJ', 'CNT']), 'State, county, city, special (STJ).'),
  jurisdictionType: v.picklist(['Country', 'State', 'County', 'City', 'Special']),
  nonTaxableAmount: v.number(),
  rate: v.number(),
  sourcing: v.picklist(['Mixed', 'Destination', 'Origin']),
  tax: v.number(),
  taxableAmount: v.number(),
  taxType: v.string(),
  taxName: v.string(),
  taxCalculated: v.number(),
  rateType: v.picklist(['General', 'Food']),
  unitOfBasis: v.string(),
  isNonPassThru: v.boolean(),
  isFee: v.boolean(),
});

const AvataxTransactionLine = v.strictObject({
  lineNumber: described(v.string(), 'The line number exactly as sent (the position, from 1, when none was).'),
  itemCode: described(v.string(), 'As sent; empty when none was.'),
  taxCode: described(v.string(), 'The AvaTax tax code as sent (or the one the crosswalk names for the service’s code).'),
  description: v.string(),
  quantity: v.number(),
  lineAmount: money('The amount before tax (a tax-included line’s net).'),
  discountAmount: v.number(),
  exemptAmount: v.number(),
  taxableAmount: v.number(),
  tax: v.number(),
  taxCalculated: v.number(),
  isItemTaxable: v.boolean(),
  taxIncluded: v.boolean(),
  entityUseCode: optionalText('The exemption claimed (the line’s or the document’s); it exempts only with a certificate behind it.'),
  customerUsageType: v.optional(v.string()),
  exemptNo: v.optional(v.string()),
  certificateId: optionalText('The certificate that exempted the line.'),
  ref1: v.optional(v.string()),
  ref2: v.optional(v.string()),
  reportingDate: v.string(),
  taxDate: v.string(),
  sourcing: v.picklist(['Mixed', 'Destination', 'Origin']),
  taxOverrideType: v.picklist(['None', 'TaxDate']),
  taxOverrideAmount: v.number(),
  details: v.optional(v.array(AvataxTransactionDetail)),
});

const AvataxTransactionAddress = v.strictObject({
  boundaryLevel: v.picklist(['Address', 'Zip9', 'Zip5']),
  line1: v.optional(v.string()),
  line2: v.optional(v.string()),
  line3: v.optional(v.string()),
  city: v.optional(v.string()),
  region: v.string(),
  postalCode: v.string(),
  country: v.string(),
  latitude: v.optional(v.string()),
  longitude: v.optional(v.string()),
});

const AvataxTransactionSummary = v.strictObject({
  country: v.string(),
  region: v.string(),
  jurisType: v.picklist(['Country', 'State', 'County', 'City', 'Special']),
  jurisName: v.string(),
  taxType: v.string(),
  taxName: v.string(),
  rateType: v.picklist(['General', 'Food']),
  taxable: v.number(),
  rate: v.number(),
  tax: v.number(),
  taxCalculated: v.number(),
  nonTaxable: v.number(),
  exemption: v.number(),
});

const AvataxTransactionMessage = v.strictObject({
  summary: v.string(),
  details: described(
    v.string(),
    'The message’s code (exemption_not_certified: an entity-use code or exemption number no certificate stands behind; the line was taxed).',
  ),
  refersTo: described(v.string(), 'The request field it is about.'),
  severity: described(v.string(), 'Warning, or Success for a note.'),
  source: v.string(),
});

/** AvaTax's TransactionModel, as the surface answers it: absent values are left out, never null. */
export const AvataxTransaction = v.strictObject({
  id: described(v.number(), '0 for an estimate (an order type: Temporary, stored nowhere); else the document’s stable number.'),
  code: described(v.string(), 'The code as the client named it.'),
  companyId: v.number(),
  date: v.string(),
  taxDate: v.string(),
  status: described(
    v.picklist(['Temporary', 'Saved', 'Posted', 'Committed', 'Cancelled', 'Adjusted', 'Queued', 'PendingApproval', 'Uncommitted', 'Any']),
    'Temporary (an estimate), Saved (a draft), Committed, Cancelled (voided), Adjusted (a version an adjustment replaced).',
  ),
  type: v.picklist([
    'SalesOrder',
    'SalesInvoice',
    'PurchaseOrder',
    'PurchaseInvoice',
    'ReturnOrder',
    'ReturnInvoice',
    'InventoryTransferOrder',
    'InventoryTransferInvoice',
    'ReverseChargeOrder',
    'ReverseChargeInvoice',
    'CustomsInvoice',
    'CustomsOrder',
    'InventoryTransferOutboundInvoice',
    'InventoryTransferOutboundOrder',
    'Any',
  ]),
  batchCode: v.optional(v.string()),
  currencyCode: v.string(),
  exchangeRateCurrencyCode: v.string(),
  exchangeRate: v.number(),
  exchangeRateEffectiveDate: v.string(),
  entityUseCode: v.optional(v.string()),
  customerUsageType: v.optional(v.string()),
  customerVendorCode: v.optional(v.string()),
  customerCode: optionalText('As sent.'),
  exemptNo: v.optional(v.string()),
  reconciled: v.boolean(),
  locationCode: optionalText('The company’s location (none for the default company).'),
  reportingLocationCode: v.optional(v.string()),
  purchaseOrderNo: v.optional(v.string()),
  referenceCode: v.optional(v.string()),
  salespersonCode: v.optional(v.string()),
  taxOverrideType: v.picklist(['None', 'TaxDate']),
  taxOverrideAmount: v.number(),
  totalAmount: v.number(),
  totalExempt: v.number(),
  totalDiscount: v.number(),
  totalTax: money('The sum of the lines’ tax, to the cent (as /api/v1 answers the same document).'),
  totalTaxable: v.number(),
  totalTaxCalculated: v.number(),
  adjustmentReason: v.picklist([
    'NotAdjusted',
    'SourcingIssue',
    'ReconciledWithGeneralLedger',
    'ExemptCertApplied',
    'PriceAdjusted',
    'ProductReturned',
    'ProductExchanged',
    'BadDebt',
    'Other',
    'Offline',
    'Offset',
  ]),
  adjustmentDescription: v.optional(v.string()),
  locked: described(v.boolean(), 'True for a sale refunds or credits draw on: the ledger no longer voids or adjusts it.'),
  region: v.optional(v.string()),
  country: v.string(),
  version: described(v.number(), 'The code’s version: 1, then one more for each adjustment or commit after an uncommit or unvoid.'),
  description: v.optional(v.string()),
  email: v.optional(v.string()),
  modifiedDate: v.optional(v.string()),
  lines: v.optional(v.array(AvataxTransactionLine)),
  addresses: v.optional(v.array(AvataxTransactionAddress)),
  summary: v.optional(v.array(AvataxTransactionSummary)),
  taxDetailsByTaxType: v.optional(
    v.array(v.strictObject({ taxType: v.string(), totalTaxable: v.number(), totalExempt: v.number(), totalNonTaxable: v.number(), totalTax: v.number() })),
  ),
  messages: v.optional(v.array(AvataxTransactionMessage)),
});

/** AvaTax's FetchResult of transactions. */
export const AvataxTransactionList = v.strictObject({
  '@recordsetCount': described(v.number(), 'How many rows the query matches before paging.'),
  value: v.array(AvataxTransaction),
  nextLink: v.optional(described(v.string(), 'The query for the rows after this page; absent on the last page.')),
});
