// Exemption certificates: recorded pending, activated by a named reviewer with the complete
// evidence, assigned to the customer that owns them, and resolved into grants when a document
// selects them. Every change is written with a version condition.
import { visibleTo } from '../core/access/authorize';
import { activation } from '../core/certificates/activation';
import { type ActivationRequest, assign, auditEntry, type Certificate } from '../core/certificates/certificate';
import { grantsFor, selectedCertificates } from '../core/certificates/grants';
import type { CertificateFilters, CertificateRepository, CertificateResolver, StoredCertificate } from '../core/certificates/ports';
import type { CustomerRepository } from '../core/customers/ports';
import { DomainError } from '../core/errors';
import type { Page, PageRequest } from '../core/lists/paging';
import { dayOf, type Outcome, type TenantCall } from './call';
import { getCustomer } from './customers';
import { untilWritten } from './optimistic-retry';
import { reusedKey, type SubmissionOptions, submissionId } from './submissions';

export interface CertificatePorts {
  readonly certificates: CertificateRepository;
  readonly customers: Pick<CustomerRepository, 'get'>;
}

type StorePorts = Pick<CertificatePorts, 'certificates'>;

export interface CertificateInput {
  readonly customer_code: string;
  readonly jurisdiction: string;
  readonly exemption_reason: Certificate['exemption_reason'];
  readonly exemption_number?: string | null | undefined;
  readonly valid_from: string;
  readonly valid_to: string;
  readonly signer?: { readonly name: string; readonly title?: string | null | undefined } | null | undefined;
  readonly signature_type?: Certificate['signature_type'] | undefined;
  readonly evidence_reference?: string | null | undefined;
  readonly document_sha256?: string | null | undefined;
}

const notFound = () => new DomainError('not_found', 'No certificate with this id exists in the scope of this key.');

async function visible(ports: StorePorts, call: TenantCall, id: string): Promise<StoredCertificate> {
  const stored = await ports.certificates.get(call.principal.tenant, id);
  if (!stored || !visibleTo(call.principal, stored.certificate.location_code)) throw notFound();
  return stored;
}

/** What a request records: a repeat of its submission must carry the same. */
const recorded = (c: Certificate) =>
  JSON.stringify([
    c.customer_code,
    c.jurisdiction,
    c.exemption_reason,
    c.exemption_number,
    c.valid_from,
    c.valid_to,
    c.signer,
    c.signature_type,
    c.evidence_reference,
    c.document_sha256,
  ]);

/**
 * Records a certificate of a customer in scope, pending review. Under an Idempotency-Key its id
 * derives from the submission: a repeat after an attempt that was written but not answered finds
 * that certificate (as it is now, reviewed or not) instead of recording a second.
 */
export async function createCertificate(
  ports: CertificatePorts,
  call: TenantCall,
  input: CertificateInput,
  options: SubmissionOptions = {},
): Promise<Certificate> {
  const customer = await getCustomer(ports, call, input.customer_code);
  const at = call.now.toISOString();
  const certificate: Certificate = {
    id: `cert_${submissionId('certificate', options, 24)}`,
    customer_code: customer.customer_code,
    location_code: customer.location_code,
    jurisdiction: input.jurisdiction,
    exemption_reason: input.exemption_reason,
    exemption_number: input.exemption_number ?? null,
    valid_from: input.valid_from,
    valid_to: input.valid_to,
    signer: input.signer ? { name: input.signer.name, title: input.signer.title ?? null } : null,
    signature_type: input.signature_type ?? null,
    evidence_reference: input.evidence_reference ?? null,
    document_sha256: input.document_sha256 ?? null,
    status: 'pending',
    reviewer: null,
    review_authority: null,
    activated_at: null,
    assigned_at: null,
    created_at: at,
    audit: [auditEntry('created', call.principal, at, 'pending')],
  };
  return untilWritten(async () => {
    // A lost race with another attempt of the submission fails the create's condition; the re-run finds it.
    const earlier = options.submission === undefined ? null : await ports.certificates.get(call.principal.tenant, certificate.id);
    if (earlier) {
      if (recorded(earlier.certificate) !== recorded(certificate)) throw reusedKey();
      return earlier.certificate;
    }
    await ports.certificates.create(call.principal.tenant, certificate);
    return certificate;
  });
}

export async function getCertificate(ports: StorePorts, call: TenantCall, id: string): Promise<Certificate> {
  return (await visible(ports, call, id)).certificate;
}

export function listCertificates(
  ports: StorePorts,
  call: TenantCall,
  filters: Pick<CertificateFilters, 'customer_code'>,
  page: PageRequest,
): Promise<Page<Certificate>> {
  return ports.certificates.list(call.principal.tenant, { ...filters, location_code: call.principal.locationCode }, page);
}

/** A named reviewer accepts the evidence; audited, and `certificate.activated` is written with it. */
export function activateCertificate(ports: StorePorts, call: TenantCall, id: string, request: ActivationRequest): Promise<Outcome<Certificate>> {
  const at = call.now.toISOString();
  return untilWritten(async () => {
    const stored = await visible(ports, call, id);
    const { certificate, events } = activation(stored.certificate, request, call.principal, dayOf(call.now), at);
    await ports.certificates.update(call.principal.tenant, certificate, stored.version, events);
    return { result: certificate, events };
  });
}

/** Assigns an active, currently effective certificate to the customer that owns it. */
export async function assignCertificate(ports: CertificatePorts, call: TenantCall, customerCode: string, certificateId: string): Promise<Certificate> {
  const customer = await getCustomer(ports, call, customerCode);
  const at = call.now.toISOString();
  return untilWritten(async () => {
    const stored = await visible(ports, call, certificateId);
    const next = assign(stored.certificate, customer.customer_code, call.principal, dayOf(call.now), at);
    if (next !== stored.certificate) await ports.certificates.update(call.principal.tenant, next, stored.version, []);
    return next;
  });
}

/** The resolver the engine context uses: one batch read of the selected certificates, then the pure rules. */
export function storedCertificateResolver(certificates: Pick<CertificateRepository, 'getMany'>): CertificateResolver {
  return {
    async resolve(tenant, principal, doc, date) {
      const selections = selectedCertificates(doc);
      if (selections.length === 0) return new Map();
      const found = await certificates.getMany(
        tenant,
        selections.map((s) => s.id),
      );
      return grantsFor(selections, found, principal, doc.customer_code, date);
    },
  };
}
