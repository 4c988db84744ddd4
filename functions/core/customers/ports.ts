// Port of a tenant's customers.
import type { Tenant } from '../access/records';
import type { Page, PageRequest } from '../lists/paging';
import type { Customer } from './customer';

export interface CustomerRepository {
  /** A customer code is unique per tenant (conflict otherwise). */
  create(tenant: Tenant, customer: Omit<Customer, 'certificate_ids'>): Promise<void>;
  get(tenant: Tenant, code: string): Promise<Customer | null>;
  /** Newest first; a location-scoped reader sees its location's customers only. */
  list(tenant: Tenant, locationCode: string | null, page: PageRequest): Promise<Page<Customer>>;
  /** Renames an existing customer; null when there is none. */
  rename(tenant: Tenant, code: string, name: string | null): Promise<Customer | null>;
  /**
   * Deletes a customer that has no certificates (they are evidence other records point to: a
   * customer holding one is a `conflict`); false when there is none.
   */
  delete(tenant: Tenant, code: string): Promise<boolean>;
}
