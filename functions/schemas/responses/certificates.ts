// Customers and exemption certificates (docs/transactions-and-certificates.md).
import * as v from 'valibot';
import { EXEMPTION_REASONS, SIGNATURE_TYPES } from '../../core/certificates/certificate';
import { Day, Instant, pageOf } from './common';

const Person = v.strictObject({ name: v.string(), title: v.optional(v.nullable(v.string())) });
const Status = v.picklist(['pending', 'active']);

export const Certificate = v.strictObject({
  object: v.literal('certificate'),
  id: v.string(),
  customer_code: v.string(),
  location_code: v.nullable(v.string()),
  jurisdiction: v.string(),
  exemption_reason: v.picklist(EXEMPTION_REASONS),
  exemption_number: v.nullable(v.string()),
  valid_from: Day,
  valid_to: Day,
  signer: v.nullable(Person),
  signature_type: v.nullable(v.picklist(SIGNATURE_TYPES)),
  evidence_reference: v.nullable(v.string()),
  document_sha256: v.nullable(v.string()),
  status: v.pipe(Status, v.description('pending until a reviewer activates it (POST /certificates/{id}/activate).')),
  reviewer: v.nullable(Person),
  review_authority: v.nullable(v.picklist(['account', 'provider'])),
  activated_at: v.nullable(Instant),
  assigned_at: v.nullable(Instant),
  created_at: Instant,
  effective: v.pipe(v.boolean(), v.description('Today lies in [valid_from, valid_to].')),
  expired: v.pipe(v.boolean(), v.description('Today is after valid_to.')),
  assigned: v.pipe(v.boolean(), v.description('Assigned to its customer: documents of the customer may select it.')),
  audit: v.pipe(
    v.array(
      v.strictObject({
        action: v.picklist(['created', 'activated', 'assigned']),
        at: Instant,
        key_id: v.string(),
        key_prefix: v.string(),
        practice_id: v.nullable(v.string()),
        engagement_id: v.nullable(v.number()),
        status: Status,
      }),
    ),
    v.description('Who created, activated and assigned it, when, with which key (and for which practice and engagement).'),
  ),
});
export const CertificateList = pageOf(Certificate);

export const Customer = v.strictObject({
  object: v.literal('customer'),
  customer_code: v.string(),
  name: v.nullable(v.string()),
  location_code: v.nullable(v.string()),
  created_at: Instant,
  certificates: v.pipe(v.array(v.string()), v.description('Ids of the certificates recorded for the customer.')),
});
export const CustomerList = pageOf(Customer);
