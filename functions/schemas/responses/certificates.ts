// Customers and exemption certificates (docs/transactions-and-certificates.md).
import * as v from 'valibot';
import { EXEMPTION_REASONS, SIGNATURE_TYPES } from '../../core/certificates/certificate';
import { DECLARED_TYPES } from '../../core/tax/types';
import { Amount, Day, Instant, pageOf } from './common';

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

export const DeclaredExemption = v.pipe(
  v.strictObject({
    object: v.literal('declared_exemption'),
    customer_code: v.pipe(v.nullable(v.string()), v.description('The buyer; null for documents without a customer.')),
    state: v.pipe(v.string(), v.description('The destination state the exempted lines ship to.')),
    type: v.pipe(v.picklist(DECLARED_TYPES), v.description('The type the latest document relying on it declared.')),
    source: v.pipe(
      v.picklist(['document', 'customer']),
      v.description(
        'Where the latest document’s declaration came from: its own exemption_type or declared_exemption, or the customer’s declared exempt_regions.',
      ),
    ),
    documents: v.pipe(v.number(), v.description('Committed documents relying on it (voided and superseded ones are taken back).')),
    exempt_amount: v.pipe(Amount, v.description('The amount those documents exempted on the declaration.')),
    first_date: v.pipe(Day, v.description('The date of the first document committed relying on it.')),
    last_date: v.pipe(Day, v.description('The date of the latest document committed relying on it.')),
    covered: v.pipe(v.boolean(), v.description('Whether an active certificate of the customer covers the state today; true closes the gap.')),
    certificate_id: v.pipe(v.nullable(v.string()), v.description('That certificate.')),
  }),
  v.description('A declared exemption without certificate evidence: what relies on it, and whether a certificate now covers it.'),
);
export const DeclaredExemptionList = pageOf(DeclaredExemption);
