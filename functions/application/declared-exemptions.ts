// The evidence gap: declared exemptions that committed documents rely on, per customer and state,
// and whether a certificate covers each now (an active, assigned certificate for the state closes
// it). The counts are the store's running records; coverage is read per page, never stored, so a
// certificate activated later shows at once.
import { visibleTo } from '../core/access/authorize';
import type { Tenant } from '../core/access/records';
import type { CertificateRepository } from '../core/certificates/ports';
import type { Customer } from '../core/customers/customer';
import type { CustomerRepository } from '../core/customers/ports';
import type { DeclaredGap } from '../core/exemptions/declared';
import type { DeclaredExemptionRepository } from '../core/exemptions/ports';
import type { Page, PageRequest } from '../core/lists/paging';
import { exemptingCertificates } from '../core/taxjar/customers';
import { dayOf, type TenantCall } from './call';

export interface DeclaredExemptionPorts {
  readonly declared: (tenant: Tenant) => DeclaredExemptionRepository;
  readonly customers: Pick<CustomerRepository, 'get'>;
  readonly certificates: Pick<CertificateRepository, 'getMany'>;
}

export interface DeclaredGapEntry {
  readonly gap: DeclaredGap;
  /** The certificate that covers the customer and state today; null: the gap is open. */
  readonly certificateId: string | null;
}

/**
 * A page of the records, newest first, each with the certificate that covers it now. A
 * location-scoped key sees the records of its location's customers only (and none without a customer).
 */
export async function listDeclaredExemptions(ports: DeclaredExemptionPorts, call: TenantCall, page: PageRequest): Promise<Page<DeclaredGapEntry>> {
  const { tenant } = call.principal;
  const listed = await ports.declared(tenant).list(page);
  const codes = [...new Set(listed.data.map((g) => g.customer_code).filter((c): c is string => c !== null))];
  const customers = new Map<string, Customer | null>();
  await Promise.all(codes.map(async (code) => customers.set(code, await ports.customers.get(tenant, code))));
  const ids = [...new Set([...customers.values()].flatMap((c) => c?.certificate_ids ?? []))];
  const certificates = ids.length > 0 ? await ports.certificates.getMany(tenant, ids) : new Map();
  const today = dayOf(call.now);
  const data: DeclaredGapEntry[] = [];
  for (const gap of listed.data) {
    const customer = gap.customer_code === null ? null : (customers.get(gap.customer_code) ?? null);
    if (call.principal.locationCode != null && (customer === null || !visibleTo(call.principal, customer.location_code))) continue;
    const covering =
      customer === null ? undefined : exemptingCertificates(customer, [...certificates.values()], today).find((c) => c.jurisdiction === gap.state);
    data.push({ gap, certificateId: covering?.id ?? null });
  }
  return { data, next_cursor: listed.next_cursor };
}
