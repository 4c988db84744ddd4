// Customers: buyers a tenant sells to, within the scope of the key that created them.
export interface Customer {
  readonly customer_code: string;
  readonly name: string | null;
  /** The location whose keys may see the customer; null for organization-wide customers. */
  readonly location_code: string | null;
  readonly created_at: string;
  /** Ids of the certificates recorded for the customer, oldest first. */
  readonly certificate_ids: readonly string[];
  /**
   * The exemption the customer declares, as a TaxJar client sent it (absent: none sent). It is the
   * buyer's word, never evidence: it exempts only where no certificate does, and is reported so.
   */
  readonly declaration?: CustomerDeclaration | undefined;
  /** The customer's address as a TaxJar client sent it (absent: none sent); taxes follow the document's addresses. */
  readonly address?: CustomerAddress | undefined;
}

export interface CustomerDeclaration {
  /** TaxJar's exemption type as sent: wholesale, government, other, marketplace or non_exempt. */
  readonly exemption_type: string;
  /** Two-letter states, as sent (upper-cased); empty: none named. */
  readonly exempt_regions: readonly { readonly country: string; readonly state: string }[];
}

export interface CustomerAddress {
  readonly country: string | null;
  readonly state: string | null;
  readonly zip: string | null;
  readonly city: string | null;
  readonly street: string | null;
}

/** The fields an update of a compatible API replaces (absent: kept). */
export interface CustomerChanges {
  readonly name?: string | null | undefined;
  readonly declaration?: CustomerDeclaration | undefined;
  readonly address?: CustomerAddress | undefined;
}

export function customerView(customer: Customer) {
  const { certificate_ids, declaration: _declaration, address: _address, ...fields } = customer;
  return { object: 'customer' as const, ...fields, certificates: [...certificate_ids] };
}
