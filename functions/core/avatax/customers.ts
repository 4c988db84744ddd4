// AvaTax customers (CustomerModel) over this service's customers: the customer code (mapped to
// one the service can hold, serviceCodeOf), the name, and the company's location as the
// customer's location. What AvaTax keeps and this service's record does not (the code as written,
// the address and contact details) is kept beside it as its profile (core/customers/profile.ts) and
// answered back; a customer made through /api/v1 has none, and its answer carries empty strings
// where strict clients need a string (docs/compatibility.md, "AvaTax").
import type { Customer } from '../customers/customer';
import type { CustomerProfile, ProfiledCustomer, ProfileField } from '../customers/profile';
import { type ErrorDetail, validationError } from '../errors';
import { customerNumber, serviceCodeOf } from './ids';
import { canonicalize, detail, field, parseBoolean, parseCode, parseText, type Shape } from './input';
import type { FieldType } from './query';

/** CustomerModel's properties this surface reads (any letter case); others are ignored, as AvaTax ignores read-only ones. */
export const CUSTOMER_SHAPE: Shape = {
  id: true,
  companyId: true,
  customerCode: true,
  alternateId: true,
  name: true,
  attnName: true,
  line1: true,
  line2: true,
  city: true,
  region: true,
  postalCode: true,
  country: true,
  phoneNumber: true,
  faxNumber: true,
  emailAddress: true,
  contactName: true,
  taxpayerIdNumber: true,
  isBill: true,
  isShip: true,
};

/** The AvaTax property of each profile field. */
const PROFILE_PROPERTIES: Readonly<Record<ProfileField, string>> = {
  alternate_id: 'alternateId',
  attn_name: 'attnName',
  line1: 'line1',
  line2: 'line2',
  city: 'city',
  region: 'region',
  postal_code: 'postalCode',
  country: 'country',
  phone_number: 'phoneNumber',
  fax_number: 'faxNumber',
  email_address: 'emailAddress',
  contact_name: 'contactName',
  taxpayer_id_number: 'taxpayerIdNumber',
};

/** The longest text a customer field keeps (codes and names included). */
export const MAX_TEXT = 255;
/** The most customers one create takes: they are written in one atomic write. */
export const MAX_CUSTOMERS = 100;

export interface AvataxCustomerInput {
  /** The code as the client wrote it. */
  readonly customerCode: string;
  /** The code this service keeps the customer under. */
  readonly serviceCode: string;
  readonly name: string;
  readonly fields: Partial<Record<ProfileField, string>>;
  readonly isBill: boolean | null;
  readonly isShip: boolean | null;
}

function customerAt(raw: unknown, at: (name: string) => string, problems: ErrorDetail[]): AvataxCustomerInput | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    problems.push(detail('object_type', at('') || 'body', 'Must be a CustomerModel object.'));
    return null;
  }
  const text = (name: string, required: boolean): string | null => {
    const read = parseText(field(raw, name), at(name), problems);
    const value = read?.trim() ?? '';
    if (value === '') {
      if (required) problems.push(detail('missing', at(name), `A customer needs ${name}.`));
      return null;
    }
    if (value.length > MAX_TEXT) {
      problems.push(detail('string_too_long', at(name), `Must be at most ${MAX_TEXT} characters long.`));
      return null;
    }
    return value;
  };
  const customerCode = text('customerCode', true);
  const name = text('name', true);
  const fields: Partial<Record<ProfileField, string>> = {};
  for (const [ours, theirs] of Object.entries(PROFILE_PROPERTIES) as [ProfileField, string][]) {
    const value = text(theirs, false);
    if (value !== null) fields[ours] = value;
  }
  const isBill = parseBoolean(field(raw, 'isBill'), at('isBill'), problems);
  const isShip = parseBoolean(field(raw, 'isShip'), at('isShip'), problems);
  if (customerCode === null || name === null) return null;
  return { customerCode, serviceCode: serviceCodeOf(customerCode), name, fields, isBill, isShip };
}

/** The array of CustomerModel of a create, read in any property spelling; each code once. */
export function customersToCreate(raw: unknown): AvataxCustomerInput[] {
  if (raw === undefined || raw === null) throw validationError([detail('missing', 'body', 'Send an array of CustomerModel.')]);
  if (!Array.isArray(raw)) throw validationError([detail('array_type', 'body', 'Send an array of CustomerModel.')]);
  if (raw.length === 0) throw validationError([detail('too_short', 'body', 'Send at least one customer.')]);
  if (raw.length > MAX_CUSTOMERS) throw validationError([detail('too_long', 'body', `Send at most ${MAX_CUSTOMERS} customers at a time.`)]);
  const problems: ErrorDetail[] = [];
  const seen = new Map<string, number>();
  const inputs = raw.map((item, i) => {
    const input = customerAt(canonicalize(item, CUSTOMER_SHAPE).value, (name) => (name === '' ? `[${i}]` : `[${i}].${name}`), problems);
    if (input) {
      if (seen.has(input.serviceCode))
        problems.push(detail('duplicate_value', `[${i}].customerCode`, `The customer code is also that of customer [${seen.get(input.serviceCode)}].`));
      seen.set(input.serviceCode, i);
    }
    return input;
  });
  if (problems.length > 0) throw validationError(problems);
  return inputs as AvataxCustomerInput[];
}

/** The CustomerModel of an update; its customerCode, when sent, is the path's. */
export function customerToUpdate(raw: unknown, pathCode: string): AvataxCustomerInput {
  const problems: ErrorDetail[] = [];
  if (raw === undefined || raw === null) throw validationError([detail('missing', 'body', 'Send the CustomerModel that replaces the customer.')]);
  const value = canonicalize(raw, CUSTOMER_SHAPE).value;
  const sent = parseCode(field(value, 'customerCode'), 'customerCode', problems);
  const withCode = typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...value, customerCode: sent ?? pathCode } : value;
  const input = customerAt(withCode, (name) => name, problems);
  if (input && input.serviceCode !== serviceCodeOf(pathCode))
    problems.push(detail('string_pattern_mismatch', 'customerCode', 'A customer’s code cannot change: send the code of the path, or none.'));
  if (problems.length > 0 || input === null) throw validationError(problems);
  return input;
}

/** The profile a create or an update keeps. */
export function profileOf(input: AvataxCustomerInput, at: string): CustomerProfile {
  return {
    source: 'avatax',
    code: input.customerCode,
    ...input.fields,
    ...(input.isBill === null ? {} : { is_bill: input.isBill }),
    ...(input.isShip === null ? {} : { is_ship: input.isShip }),
    updated_at: at,
  };
}

/** The customer record a create writes. */
export const customerRecord = (input: AvataxCustomerInput, locationCode: string | null, at: string): Omit<Customer, 'certificate_ids'> => ({
  customer_code: input.serviceCode,
  name: input.name,
  location_code: locationCode,
  created_at: at,
});

/** The code AvaTax knows a customer by: the one its client wrote, else the service's own. */
export const avataxCustomerCode = ({ customer, profile }: ProfiledCustomer): string => profile?.code ?? customer.customer_code;

export interface CustomerModel {
  readonly id: number;
  readonly companyId: number;
  readonly customerCode: string;
  readonly alternateId?: string;
  readonly name: string;
  readonly attnName?: string;
  readonly line1: string;
  readonly line2?: string;
  readonly city: string;
  readonly postalCode: string;
  readonly phoneNumber?: string;
  readonly faxNumber?: string;
  readonly emailAddress?: string;
  readonly contactName?: string;
  readonly createdDate: string;
  readonly modifiedDate: string;
  readonly country: string;
  readonly region?: string;
  readonly isBill?: boolean;
  readonly isShip?: boolean;
  readonly taxpayerIdNumber?: string;
}

/**
 * A customer as CustomerModel. The strings strict clients require (name, line1, city, postalCode,
 * country) are empty when the service was never told them; optional ones are left out.
 */
export function customerModel(profiled: ProfiledCustomer, companyId: number, accountId: string, environment: string): CustomerModel {
  const { customer, profile } = profiled;
  const optional = (name: ProfileField, as: keyof CustomerModel) => (profile?.[name] === undefined ? {} : { [as]: profile[name] });
  return {
    id: customerNumber(accountId, environment, customer.customer_code),
    companyId,
    customerCode: avataxCustomerCode(profiled),
    ...optional('alternate_id', 'alternateId'),
    name: customer.name ?? '',
    ...optional('attn_name', 'attnName'),
    line1: profile?.line1 ?? '',
    ...optional('line2', 'line2'),
    city: profile?.city ?? '',
    postalCode: profile?.postal_code ?? '',
    ...optional('phone_number', 'phoneNumber'),
    ...optional('fax_number', 'faxNumber'),
    ...optional('email_address', 'emailAddress'),
    ...optional('contact_name', 'contactName'),
    createdDate: customer.created_at,
    modifiedDate: profile?.updated_at ?? customer.created_at,
    country: profile?.country ?? '',
    ...optional('region', 'region'),
    ...(profile?.is_bill === undefined ? {} : { isBill: profile.is_bill }),
    ...(profile?.is_ship === undefined ? {} : { isShip: profile.is_ship }),
    ...optional('taxpayer_id_number', 'taxpayerIdNumber'),
  };
}

export const CUSTOMER_FIELDS: Readonly<Record<string, FieldType>> = {
  id: 'number',
  customerCode: 'string',
  alternateId: 'string',
  name: 'string',
  line1: 'string',
  city: 'string',
  region: 'string',
  postalCode: 'string',
  country: 'string',
  emailAddress: 'string',
  createdDate: 'date',
  modifiedDate: 'date',
};
