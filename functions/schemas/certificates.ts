// Bodies and queries of customers and exemption certificates (contract §4).
import * as v from 'valibot';
import { EXEMPTION_REASONS, SIGNATURE_TYPES } from '../core/certificates/certificate';
import { CodeSchema, DateSchema, NameSchema, opt, PageQueryEntries, StateCodeSchema } from './common';

export const CustomerCreateSchema = v.strictObject({
  customer_code: CodeSchema,
  name: opt(NameSchema),
  location_code: opt(CodeSchema),
});

const PersonSchema = v.strictObject({ name: v.pipe(v.string(), v.minLength(1), v.maxLength(200)), title: opt(v.pipe(v.string(), v.maxLength(200))) });

export const CertificateCreateSchema = v.pipe(
  v.strictObject({
    customer_code: CodeSchema,
    jurisdiction: StateCodeSchema,
    exemption_reason: v.picklist(EXEMPTION_REASONS),
    exemption_number: opt(v.pipe(v.string(), v.minLength(1), v.maxLength(100))),
    valid_from: DateSchema,
    valid_to: v.pipe(DateSchema, v.description('Not before `valid_from` (otherwise 422 greater_than).')),
    signer: opt(PersonSchema),
    signature_type: opt(v.picklist(SIGNATURE_TYPES)),
    evidence_reference: opt(
      v.pipe(v.string(), v.minLength(1), v.maxLength(1000), v.description('Durable reference to the signed document (e.g. an object-store URI).')),
    ),
    document_sha256: opt(
      v.pipe(
        v.string(),
        v.regex(/^[0-9a-fA-F]{64}$/),
        v.transform((s) => s.toLowerCase()),
        v.description('SHA-256 of the signed document, 64 hex digits.'),
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
    reviewer: opt(PersonSchema),
    review_authority: opt(v.picklist(['account', 'provider'])),
  }),
  {},
);

export const AssignmentSchema = v.strictObject({ certificate_id: v.pipe(v.string(), v.minLength(1), v.maxLength(64)) });

export const CertificateListQuerySchema = v.strictObject({ ...PageQueryEntries, customer_code: v.optional(CodeSchema) });
