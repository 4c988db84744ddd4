// A company's exemption certificates, and a customer's, for AvaTax's certificate lists: the
// certificates of the company's location (the default company: those under no location), read
// whole, with the customers they belong to when asked for (that needs `customers:read`).

import { grants } from '../../core/access/scopes';
import type { Company } from '../../core/avatax/companies';
import type { Certificate } from '../../core/certificates/certificate';
import type { CertificateRepository } from '../../core/certificates/ports';
import type { ProfiledCustomer } from '../../core/customers/profile';
import { DomainError } from '../../core/errors';
import type { TenantCall } from '../call';
import { findCompany } from './companies';
import { type AvataxCustomerPorts, customerOfCompany, MAX_LISTED } from './customers';

export interface AvataxCertificatePorts extends AvataxCustomerPorts {
  readonly certificates: Pick<CertificateRepository, 'list'>;
}

export interface CompanyCertificates {
  readonly company: Company;
  readonly certificates: readonly Certificate[];
  /** The code AvaTax knows each certificate's customer by, when the customer has kept its own. */
  readonly customerCodes: ReadonlyMap<string, string>;
}

/** The company's certificates (up to MAX_LISTED), or one customer's of it, newest first. */
export async function listAvataxCertificates(
  ports: AvataxCertificatePorts,
  call: TenantCall,
  companySegment: string,
  customerCode?: string,
): Promise<CompanyCertificates> {
  const company = await findCompany(ports, call, companySegment);
  const customer = customerCode === undefined ? undefined : await customerOfCompany(ports, call, company, customerCode);
  const filters = { customer_code: customer?.customer.customer_code, location_code: company.locationCode ?? undefined };
  const certificates: Certificate[] = [];
  let cursor: string | undefined;
  do {
    const page = await ports.certificates.list(call.principal.tenant, filters, { limit: 100, cursor });
    certificates.push(...page.data.filter((c) => c.location_code === company.locationCode));
    cursor = page.next_cursor ?? undefined;
  } while (cursor && certificates.length < MAX_LISTED);
  // Only a code the service derived (serviceCodeOf: `av.…`) differs from the one AvaTax knows.
  const derived = [...new Set(certificates.map((c) => c.customer_code).filter((code) => code.startsWith('av.')))];
  const found = derived.length === 0 ? new Map<string, ProfiledCustomer>() : await ports.customers.getManyProfiled(call.principal.tenant, derived);
  const customerCodes = new Map([...found].flatMap(([code, p]) => (p.profile ? [[code, p.profile.code] as const] : [])));
  return { company, certificates: certificates.slice(0, MAX_LISTED), customerCodes };
}

/** The customers of some certificates, by the service's customer code; refused without `customers:read`. */
export async function certificateCustomers(
  ports: Pick<AvataxCustomerPorts, 'customers'>,
  call: TenantCall,
  certificates: readonly Certificate[],
): Promise<Map<string, ProfiledCustomer>> {
  if (!grants(call.principal.key.scopes, 'customers:read'))
    throw new DomainError('insufficient_scope', 'Including the customers of certificates needs the scope customers:read.');
  return ports.customers.getManyProfiled(
    call.principal.tenant,
    certificates.map((c) => c.customer_code),
  );
}
