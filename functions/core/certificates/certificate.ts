// Exemption certificates (docs/transactions-and-certificates.md, "Exempt customers and their
// certificates"): the evidence an auditor needs before one is activated, its validity window, its
// assignment to the customer that owns it, and when it may exempt a document. Pure: dates and
// actors are arguments.
import type { Principal } from '../access/authorize';
import { DomainError, type ErrorDetail } from '../errors';
import type { CertificateGrant } from '../tax/types';

export const EXEMPTION_REASONS = ['resale', 'government', 'nonprofit', 'agricultural', 'manufacturing', 'medical', 'educational', 'other'] as const;
export const SIGNATURE_TYPES = ['wet', 'electronic', 'click_through'] as const;

export type CertificateStatus = 'pending' | 'active';

export interface Person {
  readonly name: string;
  readonly title?: string | null;
}

export interface AuditEntry {
  readonly action: 'created' | 'activated' | 'assigned';
  readonly at: string;
  readonly key_id: string;
  readonly key_prefix: string;
  /** Present when a service provider acted for the client. */
  readonly practice_id: string | null;
  readonly engagement_id: number | null;
  readonly status: CertificateStatus;
}

export interface Certificate {
  readonly id: string;
  readonly customer_code: string;
  readonly location_code: string | null;
  readonly jurisdiction: string;
  readonly exemption_reason: (typeof EXEMPTION_REASONS)[number];
  readonly exemption_number: string | null;
  readonly valid_from: string;
  readonly valid_to: string;
  readonly signer: Person | null;
  readonly signature_type: (typeof SIGNATURE_TYPES)[number] | null;
  readonly evidence_reference: string | null;
  readonly document_sha256: string | null;
  readonly status: CertificateStatus;
  readonly reviewer: Person | null;
  readonly review_authority: 'account' | 'provider' | null;
  readonly activated_at: string | null;
  readonly assigned_at: string | null;
  readonly created_at: string;
  readonly audit: readonly AuditEntry[];
}

export const effectiveOn = (certificate: Pick<Certificate, 'valid_from' | 'valid_to'>, date: string): boolean =>
  certificate.valid_from <= date && date <= certificate.valid_to;

export function auditEntry(action: AuditEntry['action'], principal: Principal, at: string, status: CertificateStatus): AuditEntry {
  return {
    action,
    at,
    key_id: principal.key.id,
    key_prefix: principal.key.prefix,
    practice_id: principal.practice?.id ?? null,
    engagement_id: principal.engagement?.id ?? null,
    status,
  };
}

export interface ActivationRequest {
  readonly reviewer?: Person | null;
  readonly review_authority?: 'account' | 'provider' | null;
}

const REQUIRED_EVIDENCE: readonly { field: string; present: (c: Certificate, r: ActivationRequest) => boolean }[] = [
  { field: 'jurisdiction', present: (c) => Boolean(c.jurisdiction) },
  { field: 'exemption_reason', present: (c) => Boolean(c.exemption_reason) },
  { field: 'signer', present: (c) => Boolean(c.signer?.name?.trim()) },
  { field: 'signature_type', present: (c) => Boolean(c.signature_type) },
  { field: 'evidence_reference', present: (c) => Boolean(c.evidence_reference?.trim()) },
  { field: 'document_sha256', present: (c) => Boolean(c.document_sha256) },
  { field: 'reviewer.name', present: (_c, r) => Boolean(r.reviewer?.name?.trim()) },
];

/**
 * Activation, in order: the complete evidence set (one detail per missing field), provider review
 * authority only from provider keys, and `today` inside the validity window.
 */
export function activate(certificate: Certificate, request: ActivationRequest, principal: Principal, today: string, at: string): Certificate {
  if (certificate.status === 'active') throw new DomainError('conflict', 'The certificate is already active.');
  const missing: ErrorDetail[] = REQUIRED_EVIDENCE.filter((e) => !e.present(certificate, request)).map((e) => ({
    code: 'certificate_evidence_incomplete',
    target: e.field,
    message: `Activation needs ${e.field.replace('.', ' ')}.`,
  }));
  if (missing.length > 0)
    throw new DomainError('certificate_evidence_incomplete', 'The certificate lacks evidence required for activation; see details.', missing);
  const authority = request.review_authority ?? 'account';
  if (authority === 'provider' && principal.key.kind !== 'provider')
    throw new DomainError('certificate_review_authority_not_permitted', 'Provider review authority needs a service-provider key.');
  if (!effectiveOn(certificate, today))
    throw new DomainError(
      'certificate_not_effective',
      `The certificate is valid from ${certificate.valid_from} to ${certificate.valid_to}; it cannot be activated on ${today}.`,
    );
  return {
    ...certificate,
    status: 'active',
    reviewer: { name: request.reviewer!.name.trim(), title: request.reviewer!.title ?? null },
    review_authority: authority,
    activated_at: at,
    audit: [...certificate.audit, auditEntry('activated', principal, at, 'active')],
  };
}

/** Assignment: to the customer that owns it, once active and currently effective. */
export function assign(certificate: Certificate, customerCode: string, principal: Principal, today: string, at: string): Certificate {
  if (certificate.customer_code !== customerCode) throw new DomainError('certificate_customer_mismatch', 'The certificate belongs to a different customer.');
  if (certificate.status !== 'active' || !effectiveOn(certificate, today))
    throw new DomainError('certificate_not_active', 'Only an active certificate inside its validity window can be assigned.');
  if (certificate.assigned_at !== null) return certificate;
  return { ...certificate, assigned_at: at, audit: [...certificate.audit, auditEntry('assigned', principal, at, certificate.status)] };
}

/**
 * Whether a certificate may exempt a document of `customerCode` dated `date`: active, assigned to
 * that customer, effective on the date. The grant is the snapshot a committed document keeps, so
 * later changes to the certificate never change it.
 */
export function grantFor(certificate: Certificate | undefined, customerCode: string | null | undefined, date: string): CertificateGrant | null {
  if (!certificate || customerCode == null) return null;
  if (certificate.status !== 'active' || certificate.assigned_at === null || certificate.customer_code !== customerCode || !effectiveOn(certificate, date))
    return null;
  return {
    id: certificate.id,
    jurisdiction: certificate.jurisdiction,
    exemption_reason: certificate.exemption_reason,
    document_sha256: certificate.document_sha256,
  };
}

export function certificateView(certificate: Certificate, today: string) {
  const { audit, ...fields } = certificate;
  return {
    object: 'certificate' as const,
    ...fields,
    effective: certificate.status === 'active' && effectiveOn(certificate, today),
    expired: today > certificate.valid_to,
    assigned: certificate.assigned_at !== null,
    audit: audit.map((a) => ({ ...a })),
  };
}

export type CertificateView = ReturnType<typeof certificateView>;
