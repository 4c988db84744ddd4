// Which certificates a document selects, and whether each may exempt it. Pure: the caller fetches
// the selected certificates; these rules decide.
import { type Principal, visibleTo } from '../access/authorize';
import { DomainError, type ErrorDetail } from '../errors';
import type { CertificateGrant } from '../tax/types';
import { type Certificate, grantFor } from './certificate';
import type { CertificateSelecting } from './ports';

export interface Selection {
  /** Where the document names it: `exemption_certificate_id` or `lines.<i>.exemption_certificate_id`. */
  readonly target: string;
  readonly id: string;
}

export function selectedCertificates(doc: CertificateSelecting): Selection[] {
  const selected: Selection[] = [];
  if (doc.exemption_certificate_id) selected.push({ target: 'exemption_certificate_id', id: doc.exemption_certificate_id });
  doc.lines.forEach((line, i) => {
    if (line.exemption_certificate_id) selected.push({ target: `lines.${i}.exemption_certificate_id`, id: line.exemption_certificate_id });
  });
  return selected;
}

const NOT_FOUND = 'The selected exemption certificate is not active and assigned to the customer in this key scope on the document date.';

/** Every selection must name an active certificate assigned to the customer, in scope and effective on `date`. */
export function grantsFor(
  selections: readonly Selection[],
  found: ReadonlyMap<string, Certificate>,
  principal: Pick<Principal, 'locationCode'>,
  customerCode: string | null | undefined,
  date: string,
): Map<string, CertificateGrant> {
  const grants = new Map<string, CertificateGrant>();
  const missing: ErrorDetail[] = [];
  for (const { target, id } of selections) {
    const certificate = found.get(id);
    const grant = certificate && visibleTo(principal, certificate.location_code) ? grantFor(certificate, customerCode, date) : null;
    if (grant) grants.set(id, grant);
    else missing.push({ code: 'exemption_certificate_not_found', target, message: NOT_FOUND });
  }
  if (missing.length > 0) throw new DomainError('exemption_certificate_not_found', NOT_FOUND, missing);
  return grants;
}
