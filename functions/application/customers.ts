// Customers: buyers of a tenant, within the scope of the key that created them.
import { actingLocation, visibleTo } from '../core/access/authorize';
import { locationNamed } from '../core/account/settings';
import type { Customer } from '../core/customers/customer';
import type { CustomerRepository } from '../core/customers/ports';
import { DomainError } from '../core/errors';
import type { Page, PageRequest } from '../core/lists/paging';
import type { TenantCall } from './call';
import type { TenantConfigs } from './tenant-configs';

export interface CustomerPorts {
  readonly customers: CustomerRepository;
  readonly tenantConfigs: TenantConfigs;
}

export interface CustomerInput {
  readonly customer_code: string;
  readonly name?: string | null | undefined;
  readonly location_code?: string | null | undefined;
  /** What a TaxJar client sends about the customer (core/customers/customer.ts). */
  readonly declaration?: Customer['declaration'];
  readonly address?: Customer['address'];
}

const notFound = () => new DomainError('not_found', 'No customer with this code exists in the scope of this key.');

/** A customer scoped to the key's location (or the one named, for organization keys). */
export async function createCustomer(ports: CustomerPorts, call: TenantCall, input: CustomerInput): Promise<Customer> {
  const { tenant } = call.principal;
  const location = actingLocation(call.principal, input.location_code);
  if (location !== null) locationNamed((await ports.tenantConfigs.get(tenant)).locations, location);
  const customer = {
    customer_code: input.customer_code,
    name: input.name ?? null,
    location_code: location,
    created_at: call.now.toISOString(),
    ...(input.declaration === undefined ? {} : { declaration: input.declaration }),
    ...(input.address === undefined ? {} : { address: input.address }),
  };
  await ports.customers.create(tenant, customer);
  return { ...customer, certificate_ids: [] };
}

/** A customer the caller may see; another location's is as absent. */
export async function getCustomer(ports: { readonly customers: Pick<CustomerRepository, 'get'> }, call: TenantCall, code: string): Promise<Customer> {
  const customer = await ports.customers.get(call.principal.tenant, code);
  if (!customer || !visibleTo(call.principal, customer.location_code)) throw notFound();
  return customer;
}

export function listCustomers(ports: Pick<CustomerPorts, 'customers'>, call: TenantCall, page: PageRequest): Promise<Page<Customer>> {
  return ports.customers.list(call.principal.tenant, call.principal.locationCode, page);
}
