// TaxJar customers over the customer use cases: create, show and list are ours; update replaces the
// name, the declared exemption and the address; delete removes a customer without certificates.
// The declared exemption is kept as sent and answered back; without one, the exemption shown is
// the certificates' (core/taxjar/customers.ts).
import type { CertificateRepository } from '../../core/certificates/ports';
import type { Customer, CustomerAddress } from '../../core/customers/customer';
import type { CustomerRepository } from '../../core/customers/ports';
import { DomainError } from '../../core/errors';
import {
  answeredExemption,
  declarationOf,
  exemptingCertificates,
  exemptionOf,
  type RequestedExemption,
  type TaxjarExemption,
} from '../../core/taxjar/customers';
import { dayOf, type TenantCall } from '../call';
import { createCustomer, getCustomer, listCustomers } from '../customers';
import type { TenantConfigs } from '../tenant-configs';

export interface TaxjarCustomerPorts {
  readonly customers: CustomerRepository;
  readonly tenantConfigs: TenantConfigs;
  readonly certificates: Pick<CertificateRepository, 'getMany'>;
}

export interface TaxjarCustomer {
  readonly customer: Customer;
  readonly exemption: TaxjarExemption;
}

const NONE: TaxjarExemption = { exemption_type: 'non_exempt', exempt_regions: [] };

async function withExemption(ports: Pick<TaxjarCustomerPorts, 'certificates'>, call: TenantCall, customer: Customer): Promise<TaxjarCustomer> {
  if (customer.certificate_ids.length === 0) return { customer, exemption: answeredExemption(customer, NONE) };
  const found = await ports.certificates.getMany(call.principal.tenant, customer.certificate_ids);
  return { customer, exemption: answeredExemption(customer, exemptionOf(exemptingCertificates(customer, [...found.values()], dayOf(call.now)))) };
}

export async function showTaxjarCustomer(ports: TaxjarCustomerPorts, call: TenantCall, code: string): Promise<TaxjarCustomer> {
  return withExemption(ports, call, await getCustomer(ports, call, code));
}

type AddressInput = { readonly [K in keyof CustomerAddress]?: string | null | undefined };

export interface TaxjarCustomerInput extends RequestedExemption, AddressInput {
  readonly customer_id: string;
  readonly name?: string | null | undefined;
}

const ADDRESS_FIELDS = ['country', 'state', 'zip', 'city', 'street'] as const;

/** The address as sent, over `current` (a field left out is kept); undefined when none is sent. */
function addressOf(input: AddressInput, current?: CustomerAddress): CustomerAddress | undefined {
  if (ADDRESS_FIELDS.every((f) => input[f] === undefined)) return undefined;
  return Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, input[f] === undefined ? (current?.[f] ?? null) : input[f]])) as unknown as CustomerAddress;
}

/** A new customer, with the exemption it declares and its address kept as sent. */
export async function createTaxjarCustomer(ports: TaxjarCustomerPorts, call: TenantCall, input: TaxjarCustomerInput): Promise<TaxjarCustomer> {
  const created = await createCustomer(ports, call, {
    customer_code: input.customer_id,
    name: input.name,
    declaration: declarationOf(input),
    address: addressOf(input),
  });
  return { customer: created, exemption: answeredExemption(created, NONE) };
}

/** Replaces what the request sends (the name, the declared exemption, the address); what it leaves out is kept. */
export async function updateTaxjarCustomer(
  ports: TaxjarCustomerPorts,
  call: TenantCall,
  code: string,
  input: Omit<TaxjarCustomerInput, 'customer_id'>,
): Promise<TaxjarCustomer> {
  const current = await showTaxjarCustomer(ports, call, code);
  const changes = {
    name: input.name,
    declaration: declarationOf(input, current.customer.declaration),
    address: addressOf(input, current.customer.address),
  };
  if (changes.name === undefined && changes.declaration === undefined && changes.address === undefined) return current;
  const updated = await ports.customers.update(call.principal.tenant, code, changes);
  if (!updated) throw new DomainError('not_found', 'No customer with this code exists in the scope of this key.');
  return withExemption(ports, call, updated);
}

/** Deletes a customer in scope that holds no certificates; answers it as it was. */
export async function deleteTaxjarCustomer(ports: TaxjarCustomerPorts, call: TenantCall, code: string): Promise<TaxjarCustomer> {
  const current = await showTaxjarCustomer(ports, call, code);
  if (!(await ports.customers.delete(call.principal.tenant, code)))
    throw new DomainError('not_found', 'No customer with this code exists in the scope of this key.');
  return current;
}

/** Every customer in scope (TaxJar's list is unpaged): up to 100 pages of 100. */
export async function listTaxjarCustomerIds(ports: TaxjarCustomerPorts, call: TenantCall): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 100; pages++) {
    const page = await listCustomers(ports, call, { limit: 100, cursor });
    ids.push(...page.data.map((c) => c.customer_code));
    if (!page.next_cursor) break;
    cursor = page.next_cursor;
  }
  return ids;
}
