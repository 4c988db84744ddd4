// TaxJar customers over the customer use cases: create, show and list are ours; update renames;
// delete removes a customer without certificates. The exemption is read from the customer's
// certificates (core/taxjar/customers.ts) and never written from a TaxJar request.
import type { CertificateRepository } from '../../core/certificates/ports';
import type { Customer } from '../../core/customers/customer';
import type { CustomerRepository } from '../../core/customers/ports';
import { DomainError } from '../../core/errors';
import { assertExemptionUnchanged, exemptingCertificates, exemptionOf, type RequestedExemption, type TaxjarExemption } from '../../core/taxjar/customers';
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
  if (customer.certificate_ids.length === 0) return { customer, exemption: NONE };
  const found = await ports.certificates.getMany(call.principal.tenant, customer.certificate_ids);
  return { customer, exemption: exemptionOf(exemptingCertificates(customer, [...found.values()], dayOf(call.now))) };
}

export async function showTaxjarCustomer(ports: TaxjarCustomerPorts, call: TenantCall, code: string): Promise<TaxjarCustomer> {
  return withExemption(ports, call, await getCustomer(ports, call, code));
}

export interface TaxjarCustomerInput extends RequestedExemption {
  readonly customer_id: string;
  readonly name?: string | null | undefined;
}

/** A new customer has no certificates, so it is `non_exempt` and may only say so. */
export async function createTaxjarCustomer(ports: TaxjarCustomerPorts, call: TenantCall, input: TaxjarCustomerInput): Promise<TaxjarCustomer> {
  assertExemptionUnchanged(input, NONE);
  const customer = await createCustomer(ports, call, { customer_code: input.customer_id, name: input.name });
  return { customer, exemption: NONE };
}

/** Renames the customer (a name left out is kept); its exemption may be repeated, not changed. */
export async function updateTaxjarCustomer(
  ports: TaxjarCustomerPorts,
  call: TenantCall,
  code: string,
  input: Omit<TaxjarCustomerInput, 'customer_id'>,
): Promise<TaxjarCustomer> {
  const current = await showTaxjarCustomer(ports, call, code);
  assertExemptionUnchanged(input, current.exemption);
  if (input.name === undefined) return current;
  const renamed = await ports.customers.rename(call.principal.tenant, code, input.name);
  if (!renamed) throw new DomainError('not_found', 'No customer with this code exists in the scope of this key.');
  return { customer: renamed, exemption: current.exemption };
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
