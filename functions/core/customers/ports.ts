// Port of a tenant's customers.
import type { Tenant } from '../access/records';
import type { Page, PageRequest } from '../lists/paging';
import type { Customer, CustomerChanges } from './customer';
import type { CustomerProfile, ProfiledCustomer } from './profile';

export interface CustomerRepository {
  /** A customer code is unique per tenant (conflict otherwise). */
  create(tenant: Tenant, customer: Omit<Customer, 'certificate_ids'>): Promise<void>;
  get(tenant: Tenant, code: string): Promise<Customer | null>;
  /** Newest first; a location-scoped reader sees its location's customers only. */
  list(tenant: Tenant, locationCode: string | null, page: PageRequest): Promise<Page<Customer>>;
  /** Replaces the fields `changes` names of an existing customer; null when there is none. */
  update(tenant: Tenant, code: string, changes: CustomerChanges): Promise<Customer | null>;
  /**
   * Deletes a customer that has no certificates (they are evidence other records point to: a
   * customer holding one is a `conflict`); false when there is none.
   */
  delete(tenant: Tenant, code: string): Promise<boolean>;
}

/** Customers with the profile a compatible API keeps beside them (profile.ts), on the same items. */
export interface CustomerProfileRepository {
  /**
   * Creates the customers with their profiles in one write, all or none; `conflict` naming the
   * first whose code exists.
   */
  createProfiled(
    tenant: Tenant,
    entries: readonly { readonly customer: Omit<Customer, 'certificate_ids'>; readonly profile: CustomerProfile }[],
  ): Promise<void>;
  getProfiled(tenant: Tenant, code: string): Promise<ProfiledCustomer | null>;
  /** The customers among `codes` that exist. */
  getManyProfiled(tenant: Tenant, codes: readonly string[]): Promise<Map<string, ProfiledCustomer>>;
  /** Newest first; as `list`. */
  listProfiled(tenant: Tenant, locationCode: string | null, page: PageRequest): Promise<Page<ProfiledCustomer>>;
  /** Replaces an existing customer's name and profile; null when there is none. */
  replaceProfile(tenant: Tenant, code: string, name: string | null, profile: CustomerProfile): Promise<ProfiledCustomer | null>;
}
