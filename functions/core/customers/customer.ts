// Customers: buyers a tenant sells to, within the scope of the key that created them.
export interface Customer {
  readonly customer_code: string;
  readonly name: string | null;
  /** The location whose keys may see the customer; null for organization-wide customers. */
  readonly location_code: string | null;
  readonly created_at: string;
  /** Ids of the certificates recorded for the customer, oldest first. */
  readonly certificate_ids: readonly string[];
}

export function customerView(customer: Customer) {
  const { certificate_ids, ...fields } = customer;
  return { object: 'customer' as const, ...fields, certificates: [...certificate_ids] };
}
