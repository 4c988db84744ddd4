// Bodies and queries of customers and exemption certificates (docs/transactions-and-certificates.md,
// "Exempt customers and their certificates").
import * as v from 'valibot';
import { EXEMPTION_REASONS, SIGNATURE_TYPES } from '../core/certificates/certificate';
import { CodeSchema, DateSchema, described, formatted, NameSchema, opt, PageQueryEntries, StateCodeSchema } from './common';

export const CustomerCreateSchema = v.strictObject({
  customer_code: described(CodeSchema, 'Your code for the buyer, unique in the account environment (a taken one is 409 conflict).'),
  name: opt(NameSchema),
  location_code: described(
    opt(CodeSchema),
    'Scopes the customer to a location (organization keys; a location-scoped key’s customers are its location’s). 404 not_found if the account has no such location.',
  ),
});

const PersonSchema = v.strictObject({ name: v.pipe(v.string(), v.minLength(1), v.maxLength(200)), title: opt(v.pipe(v.string(), v.maxLength(200))) });

/** Evidence activation needs; a certificate may be recorded without it. */
const EVIDENCE = 'Activation needs it (422 certificate_evidence_incomplete without).';

export const CertificateCreateSchema = v.pipe(
  v.strictObject({
    customer_code: described(CodeSchema, 'The customer (POST /customers) the certificate is for; it must be in the key’s scope (404 not_found).'),
    jurisdiction: described(StateCodeSchema, 'The state whose sales it exempts.'),
    exemption_reason: v.picklist(EXEMPTION_REASONS),
    exemption_number: described(opt(v.pipe(v.string(), v.minLength(1), v.maxLength(100))), 'The buyer’s exemption or resale number on the certificate.'),
    valid_from: described(DateSchema, 'First day it exempts; activation must happen inside the validity window.'),
    valid_to: v.pipe(DateSchema, v.description('Last day it exempts; not before `valid_from` (otherwise 422 greater_than).')),
    signer: described(opt(PersonSchema), `Who signed it. ${EVIDENCE}`),
    signature_type: described(opt(v.picklist(SIGNATURE_TYPES)), `How it was signed. ${EVIDENCE}`),
    evidence_reference: opt(
      v.pipe(v.string(), v.minLength(1), v.maxLength(1000), v.description(`Durable reference to the signed document (e.g. an object-store URI). ${EVIDENCE}`)),
    ),
    document_sha256: opt(
      v.pipe(
        v.string(),
        formatted(/^[0-9a-fA-F]{64}$/, '64 hexadecimal digits'),
        v.transform((s) => s.toLowerCase()),
        v.description(`SHA-256 of the signed document, 64 hex digits. ${EVIDENCE}`),
      ),
    ),
  }),
  v.forward(
    v.check((c) => c.valid_to >= c.valid_from, 'greater_than'),
    ['valid_to'],
  ),
);

export const ActivationSchema = v.optional(
  v.strictObject({
    reviewer: described(opt(PersonSchema), 'The person who reviewed the evidence; a reviewer name is required (422 certificate_evidence_incomplete).'),
    review_authority: described(
      opt(v.picklist(['account', 'provider'])),
      'Who reviewed it: the account (default) or the service provider acting for it (provider keys only: 422 certificate_review_authority_not_permitted).',
    ),
  }),
  {},
);

export const AssignmentSchema = v.strictObject({
  certificate_id: v.pipe(v.string(), v.minLength(1), v.maxLength(64), v.description('An active certificate of this customer, effective today.')),
});

export const CertificateListQuerySchema = v.strictObject({
  ...PageQueryEntries,
  customer_code: described(v.optional(CodeSchema), 'Only this customer’s certificates.'),
});

/** GET /exemptions/declared. */
export const DeclaredExemptionListQuerySchema = v.strictObject({ ...PageQueryEntries });
