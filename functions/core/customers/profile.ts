// What a compatible API's client says about a customer beyond this service's customer record (a
// code, a name, a location): the customer code as the client wrote it, its address and contact
// details. Kept beside the customer so the compatible API can answer the customer back whole, as
// its strict clients require; the service itself never reads it (taxes follow the document's
// addresses and the customer's certificates), and GET /api/v1/customers does not show it.
import type { Customer } from './customer';

export const PROFILE_FIELDS = [
  'alternate_id',
  'attn_name',
  'line1',
  'line2',
  'city',
  'region',
  'postal_code',
  'country',
  'phone_number',
  'fax_number',
  'email_address',
  'contact_name',
  'taxpayer_id_number',
] as const;

export type ProfileField = (typeof PROFILE_FIELDS)[number];

export interface CustomerProfile extends Partial<Record<ProfileField, string>> {
  /** Which API wrote it. */
  readonly source: 'avatax';
  /** The customer code as the client wrote it, when the service's code is derived from it (serviceCodeOf). */
  readonly code: string;
  readonly is_bill?: boolean;
  readonly is_ship?: boolean;
  readonly updated_at: string;
}

/** A customer with the profile a compatible API kept for it (null: created through /api/v1 or TaxJar's). */
export interface ProfiledCustomer {
  readonly customer: Customer;
  readonly profile: CustomerProfile | null;
}
