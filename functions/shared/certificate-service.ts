// Customers and certificates of a tenant as a key may see them, and the resolver that turns the
// certificates a document selects into the grants the engine applies.
import { CertificateStore } from '../adapters/dynamodb/certificate-store';
import { CustomerStore } from '../adapters/dynamodb/customer-store';
import { visibleTo, type Principal } from '../core/access/authorize';
import type { Tenant } from '../core/access/records';
import { grantFor } from '../core/certificates/certificate';
import type { Customer } from '../core/customers/customer';
import { DomainError, type ErrorDetail } from '../core/errors';
import type { CertificateGrant } from '../core/tax/types';
import { documents } from './clients';
import { config } from './config';
import type { CertificateResolver } from './engine-context';
import type { StoredCertificate } from '../adapters/dynamodb/certificate-store';

export const customerStore = (): CustomerStore => new CustomerStore(documents, config().tableName);
export const certificateStore = (): CertificateStore => new CertificateStore(documents, config().tableName);

export async function visibleCustomer(tenant: Tenant, code: string, principal: Principal): Promise<Customer> {
  const customer = await customerStore().get(tenant, code);
  if (!customer || !visibleTo(principal, customer.location_code)) throw new DomainError('not_found', 'No customer with this code exists in the scope of this key.');
  return customer;
}

export async function visibleCertificate(tenant: Tenant, id: string, principal: Principal): Promise<StoredCertificate> {
  const stored = await certificateStore().get(tenant, id);
  if (!stored || !visibleTo(principal, stored.certificate.location_code)) throw new DomainError('not_found', 'No certificate with this id exists in the scope of this key.');
  return stored;
}

const NOT_FOUND = 'The selected exemption certificate is not active and assigned to the customer in this key scope on the document date.';

/** Every selected certificate must be active, assigned to the document's customer, in scope and effective on its date. */
export const storedCertificates: CertificateResolver = async (tenant, principal, doc, date) => {
  const selected: [string, string][] = [];
  if (doc.exemption_certificate_id) selected.push(['exemption_certificate_id', doc.exemption_certificate_id]);
  doc.lines.forEach((l, i) => l.exemption_certificate_id && selected.push([`lines.${i}.exemption_certificate_id`, l.exemption_certificate_id]));
  const grants = new Map<string, CertificateGrant>();
  if (selected.length === 0) return grants;
  const found = await certificateStore().getMany(tenant, selected.map(([, id]) => id));
  const missing: ErrorDetail[] = [];
  for (const [target, id] of selected) {
    const certificate = found.get(id);
    const grant = certificate && visibleTo(principal, certificate.location_code) ? grantFor(certificate, doc.customer_code, date) : null;
    if (grant) grants.set(id, grant);
    else missing.push({ code: 'exemption_certificate_not_found', target, message: NOT_FOUND });
  }
  if (missing.length > 0) throw new DomainError('exemption_certificate_not_found', NOT_FOUND, missing);
  return grants;
};
