// An exemption certificate: one item in the tenant's partition, listed newest first, holding the
// record as JSON and the attributes lists filter on; changed only under a version condition
// (docs/transactions-and-certificates.md, "Exempt customers and their certificates").
import * as v from 'valibot';
import type { Tenant } from '../../../core/access/records';
import { type Certificate, EXEMPTION_REASONS, SIGNATURE_TYPES } from '../../../core/certificates/certificate';
import type { StoredCertificate } from '../../../core/certificates/ports';
import { maybe, parseItem } from '../item-schema';
import { type ItemKey, tenantPartition, tenantScope } from './keys';
import { listed } from './list-index';

const Person = v.object({ name: v.string(), title: maybe(v.string()) });
const CertificateRecord = v.object({
  id: v.string(),
  customer_code: v.string(),
  location_code: v.nullable(v.string()),
  jurisdiction: v.string(),
  exemption_reason: v.picklist(EXEMPTION_REASONS),
  exemption_number: v.nullable(v.string()),
  valid_from: v.string(),
  valid_to: v.string(),
  signer: v.nullable(Person),
  signature_type: v.nullable(v.picklist(SIGNATURE_TYPES)),
  evidence_reference: v.nullable(v.string()),
  document_sha256: v.nullable(v.string()),
  status: v.picklist(['pending', 'active']),
  reviewer: v.nullable(Person),
  review_authority: v.nullable(v.picklist(['account', 'provider'])),
  activated_at: v.nullable(v.string()),
  assigned_at: v.nullable(v.string()),
  created_at: v.string(),
  audit: v.array(
    v.object({
      action: v.picklist(['created', 'activated', 'assigned']),
      at: v.string(),
      key_id: v.string(),
      key_prefix: v.string(),
      practice_id: v.nullable(v.string()),
      engagement_id: v.nullable(v.number()),
      status: v.picklist(['pending', 'active']),
    }),
  ),
});
const CertificateItem = v.object({ version: v.number(), doc: v.string() });

export const certificateEntity = {
  key: (t: Tenant, id: string): ItemKey => ({ PK: tenantPartition(t), SK: `CERT#${id}` }),

  /** The tenant's certificate list (newest first). */
  list: (t: Tenant): string => `CERTS#${tenantScope(t)}`,

  /** The item of a certificate at `version`. */
  item: (t: Tenant, certificate: Certificate, version: number): Record<string, unknown> => ({
    ...certificateEntity.key(t, certificate.id),
    ...listed(certificateEntity.list(t), certificate.created_at, certificate.id),
    entity: 'certificate',
    customer_code: certificate.customer_code,
    location_code: certificate.location_code ?? undefined,
    status: certificate.status,
    version,
    doc: JSON.stringify(certificate),
  }),

  read(item: unknown): StoredCertificate {
    const { version, doc } = parseItem(CertificateItem, item, 'certificate');
    return { certificate: parseItem(CertificateRecord, JSON.parse(doc), 'certificate'), version };
  },
};
