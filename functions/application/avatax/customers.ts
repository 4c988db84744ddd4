// AvaTax customers of a company over the customer store: created with the profile AvaTax sends
// (all of one request in one write), read back whole, replaced by PUT, listed per company. A
// customer belongs to the company of its location (the default company: none), so a company sees
// its own customers only, and a code is one customer across the account's companies.

import { actingLocation } from '../../core/access/authorize';
import type { Company } from '../../core/avatax/companies';
import { type AvataxCustomerInput, customerRecord, profileOf } from '../../core/avatax/customers';
import { serviceCodeOf } from '../../core/avatax/ids';
import type { CustomerProfileRepository } from '../../core/customers/ports';
import type { ProfiledCustomer } from '../../core/customers/profile';
import { DomainError } from '../../core/errors';
import type { TenantCall } from '../call';
import { untilWritten } from '../optimistic-retry';
import { type AvataxCompanyPorts, findCompany } from './companies';

export interface AvataxCustomerPorts extends AvataxCompanyPorts {
  readonly customers: CustomerProfileRepository;
}

/** What a list reads at most: 100 pages of 100 (AvaTax's lists count every row, so they are read whole). */
export const MAX_LISTED = 10_000;

export interface CompanyCustomers {
  readonly company: Company;
  readonly customers: readonly ProfiledCustomer[];
}

const notFound = () => new DomainError('not_found', 'No customer with this code exists in this company, or the credentials cannot see it.');

/** Creates the customers in the company, all or none (a code taken anywhere in the account: conflict). */
export async function createAvataxCustomers(
  ports: AvataxCustomerPorts,
  call: TenantCall,
  companySegment: string,
  inputs: readonly AvataxCustomerInput[],
): Promise<CompanyCustomers> {
  const company = await findCompany(ports, call, companySegment);
  const location = actingLocation(call.principal, company.locationCode);
  const at = call.now.toISOString();
  const entries = inputs.map((input) => ({ customer: customerRecord(input, location, at), profile: profileOf(input, at) }));
  await untilWritten(() => ports.customers.createProfiled(call.principal.tenant, entries));
  return { company, customers: entries.map(({ customer, profile }) => ({ customer: { ...customer, certificate_ids: [] }, profile })) };
}

/** A customer of the company by the code AvaTax knows it by. */
export async function customerOfCompany(
  ports: Pick<AvataxCustomerPorts, 'customers'>,
  call: TenantCall,
  company: Company,
  customerCode: string,
): Promise<ProfiledCustomer> {
  const found = await ports.customers.getProfiled(call.principal.tenant, serviceCodeOf(customerCode));
  if (!found || found.customer.location_code !== company.locationCode) throw notFound();
  return found;
}

export async function getAvataxCustomer(ports: AvataxCustomerPorts, call: TenantCall, companySegment: string, customerCode: string) {
  const company = await findCompany(ports, call, companySegment);
  return { company, customer: await customerOfCompany(ports, call, company, customerCode) };
}

/** Replaces the customer's name and profile (its code and company stay). */
export async function updateAvataxCustomer(
  ports: AvataxCustomerPorts,
  call: TenantCall,
  companySegment: string,
  customerCode: string,
  input: AvataxCustomerInput,
) {
  const company = await findCompany(ports, call, companySegment);
  const current = await customerOfCompany(ports, call, company, customerCode);
  const profile = profileOf({ ...input, customerCode: current.profile?.code ?? input.customerCode }, call.now.toISOString());
  const replaced = await ports.customers.replaceProfile(call.principal.tenant, current.customer.customer_code, input.name, profile);
  if (!replaced) throw notFound();
  return { company, customer: replaced };
}

/** Every customer of the company (up to MAX_LISTED), newest first. */
export async function listAvataxCustomers(ports: AvataxCustomerPorts, call: TenantCall, companySegment: string): Promise<CompanyCustomers> {
  const company = await findCompany(ports, call, companySegment);
  const customers: ProfiledCustomer[] = [];
  let cursor: string | undefined;
  do {
    const page = await ports.customers.listProfiled(call.principal.tenant, company.locationCode, { limit: 100, cursor });
    customers.push(...page.data.filter((c) => c.customer.location_code === company.locationCode));
    cursor = page.next_cursor ?? undefined;
  } while (cursor && customers.length < MAX_LISTED);
  return { company, customers: customers.slice(0, MAX_LISTED) };
}
