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

export const AvataxAddressResolution = v.strictObject({
  address: v.strictObject({
    ...addressParts,
    latitude: v.optional(v.number()),
    longitude: v.optional(v.number()),
  }),
  validatedAddresses: v.array(
    v.strictObject({
      addressType: v.pipe(v.picklist(['UnknownAddressType']), v.description('The street is not validated: the service resolves ZIP codes only.')),
      ...addressParts,
    }),
  ),
  resolutionQuality: v.pipe(
    v.picklist(['NotCoded']),
    v.description('The content has no coordinates: a resolved address is placed by its ZIP code, never geocoded (no `coordinates`).'),
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
