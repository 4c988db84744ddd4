// POST /certificates: records a certificate of a customer in scope, pending review.
import { randomBytes } from 'node:crypto';
import { auditEntry, certificateView, type Certificate } from '../core/certificates/certificate';
import { CertificateCreateSchema } from '../schemas/certificates';
import { certificateStore, visibleCustomer } from '../shared/certificate-service';
import { httpHandler, ok, tenantOf } from '../shared/http/handler';

export const handler = httpHandler('certificates-create', { body: CertificateCreateSchema }, async (request) => {
  const tenant = tenantOf(request);
  const body = request.body;
  const customer = await visibleCustomer(tenant, body.customer_code, request.principal);
  const at = request.now.toISOString();
  const certificate: Certificate = {
    id: `cert_${randomBytes(12).toString('hex')}`,
    customer_code: customer.customer_code,
    location_code: customer.location_code,
    jurisdiction: body.jurisdiction,
    exemption_reason: body.exemption_reason,
    exemption_number: body.exemption_number ?? null,
    valid_from: body.valid_from,
    valid_to: body.valid_to,
    signer: body.signer ? { name: body.signer.name, title: body.signer.title ?? null } : null,
    signature_type: body.signature_type ?? null,
    evidence_reference: body.evidence_reference ?? null,
    document_sha256: body.document_sha256 ?? null,
    status: 'pending',
    reviewer: null,
    review_authority: null,
    activated_at: null,
    assigned_at: null,
    created_at: at,
    audit: [auditEntry('created', request.principal, at, 'pending')],
  };
  await certificateStore().create(tenant, certificate);
  return ok(certificateView(certificate, at.slice(0, 10)), 201);
});
