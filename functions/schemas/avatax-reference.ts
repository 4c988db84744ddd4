// Requests of the AvaTax-compatible reference, company, customer and certificate routes, as the
// API description shows them. AvaTax reads property and query names in any letter case, so what
// these schemas pass is read again by the core's tolerant readers (functions/core/avatax/): the
// schemas document the canonical spelling and accept the others (loose objects); the readers refuse
// what cannot be read, naming the request's own field.
import * as v from 'valibot';
import { MAX_CUSTOMERS, MAX_TEXT } from '../core/avatax/customers';
import { optionalFlag as bodyFlag, optionalDecimal as bodyNumber, optionalText as bodyText } from './avatax-values';
import { described } from './common';

const text = (what: string) => described(v.optional(v.string()), what);

/** GET /addresses/resolve. */
export const AvataxAddressQuerySchema = v.looseObject({
  line1: text('Street line 1, echoed (the service has no street data: it is not validated).'),
  line2: text('Street line 2, echoed.'),
  line3: text('Street line 3, echoed.'),
  city: text('City, echoed; when absent the ZIP code’s city is answered.'),
  region: text('The state: its two-letter code or its name, any case. When sent, the ZIP code must belong to it.'),
  postalCode: text('The 5-digit ZIP code or ZIP+4 the address is resolved by (required to resolve anything).'),
  country: text('`US` (or absent); any other country is answered with a message.'),
  textCase: text('`Upper` (default) or `Mixed`, by name in any case or by number (0, 1).'),
});

/** POST /addresses/resolve: AddressValidationInfo. */
export const AvataxAddressBodySchema = v.looseObject({
  line1: bodyText('Street line 1, echoed (not validated).'),
  line2: bodyText('Street line 2, echoed.'),
  line3: bodyText('Street line 3, echoed.'),
  city: bodyText('City, echoed; when absent the ZIP code’s city is answered.'),
  region: bodyText('The state: code or name, any case.'),
  postalCode: bodyText('The ZIP code the address is resolved by.'),
  country: bodyText('`US` (or absent).'),
  latitude: bodyNumber('Echoed in `address`; not used to resolve.'),
  longitude: bodyNumber('Echoed in `address`; not used to resolve.'),
  textCase: described(v.optional(v.union([v.string(), v.number()])), '`Upper` (default) or `Mixed`, by name in any case or by number.'),
});

/** GET /taxrates/byaddress. */
export const AvataxRatesByAddressQuerySchema = v.looseObject({
  line1: text('Accepted and unused (rates are looked up by ZIP code).'),
  line2: text('Accepted and unused.'),
  line3: text('Accepted and unused.'),
  city: text('Accepted and unused.'),
  region: text('The state (code or name); when sent, the ZIP code must belong to it.'),
  postalCode: text('The ZIP code (required).'),
  country: text('`US` (or absent).'),
});

/** GET /taxrates/bypostalcode. */
export const AvataxRatesByPostalCodeQuerySchema = v.looseObject({
  country: text('`US` (or absent).'),
  postalCode: text('The ZIP code (required).'),
});

/** The query options of an AvaTax list; names in any case. */
export const AvataxListQuerySchema = v.looseObject({
  $filter: text(
    'Clauses joined by `and`: `<field> eq|ne|gt|ge|lt|le|contains|startswith|endswith <value>` (values quoted with \' or ", or bare), or `contains(<field>, <value>)`. Fields per list; `or`, `not` and parentheses are refused (CriteriaNotSupportedError).',
  ),
  $top: text('Rows per page, at most 1000 (absent or 0: 1000).'),
  $skip: text('Rows to pass over (paging: until `@recordsetCount`).'),
  $orderBy: text('`<field> [asc|desc], …` over the list’s filterable fields.'),
  $include: text('Accepted; certificates take `customers` (needs `customers:read`), other words are ignored.'),
});

const customerEntries = {
  customerCode: described(
    v.optional(v.union([v.string(), v.number()])),
    `The customer’s code, up to ${MAX_TEXT} characters, any characters (one that is not a code of this service is kept under \`av.\` and a digest, and answered as written). Required.`,
  ),
  name: bodyText('The customer’s name (required).'),
  alternateId: bodyText('Kept and answered back.'),
  attnName: bodyText('Kept and answered back.'),
  line1: bodyText('Kept and answered back (taxes follow the document’s addresses).'),
  line2: bodyText('Kept and answered back.'),
  city: bodyText('Kept and answered back.'),
  region: bodyText('Kept and answered back.'),
  postalCode: bodyText('Kept and answered back.'),
  country: bodyText('Kept and answered back.'),
  phoneNumber: bodyText('Kept and answered back.'),
  faxNumber: bodyText('Kept and answered back.'),
  emailAddress: bodyText('Kept and answered back.'),
  contactName: bodyText('Kept and answered back.'),
  taxpayerIdNumber: bodyText('Kept and answered back.'),
  isBill: bodyFlag('Kept and answered back.'),
  isShip: bodyFlag('Kept and answered back.'),
  companyId: described(v.optional(v.number()), 'Ignored: the path names the company.'),
};

/** A CustomerModel as a create or an update sends it; other CustomerModel properties are ignored. */
export const AvataxCustomerSchema = v.looseObject(customerEntries);

/** POST /companies/{companyCode}/customers: an array of CustomerModel. */
export const AvataxCustomersCreateSchema = v.pipe(v.array(AvataxCustomerSchema), v.minLength(1), v.maxLength(MAX_CUSTOMERS));
