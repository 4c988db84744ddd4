// This service's exemption certificates as AvaTax's CertificateModel, for the lists connectors
// read (a company's certificates, a customer's). The certificate's validity window is AvaTax's
// signed (effective) and expiration dates; its state is the exposure zone (named in title case, as AvaTax names zones); its status says whether
// it was reviewed and is in force today. Certificates are recorded, reviewed and assigned through
// /api/v1 (docs/transactions-and-certificates.md): AvaTax's certificate creation takes the
// signed form's document itself, which this service does not store.
import type { Certificate } from '../certificates/certificate';
import { effectiveOn } from '../certificates/certificate';
import { titleCase } from './addresses';
import type { ExemptionReason } from './entity-use-codes';
import { certificateNumber, stableNumber } from './ids';
import type { FieldType } from './query';

/** Each exemption reason under the name AvaTax's exemption reasons use for it. */
const REASON_NAMES: Readonly<Record<ExemptionReason, string>> = {
  resale: 'RESALE',
  government: 'GOVERNMENT',
  nonprofit: 'CHARITABLE/EXEMPT ORG',
  agricultural: 'AGRICULTURE',
  manufacturing: 'INDUSTRIAL PROD/MANUFACTURING',
  medical: 'MEDICAL',
  educational: 'EDUCATIONAL ORG',
  other: 'OTHER',
};

export interface CertificateModel {
  readonly id: number;
  readonly companyId: number;
  readonly signedDate: string;
  readonly expirationDate: string;
  readonly documentExists: boolean;
  readonly valid: boolean;
  readonly verified: boolean;
  readonly exemptPercentage: 100;
  readonly isSingleCertificate: false;
  readonly exemptionNumber?: string;
  readonly exemptionReason: { readonly id: number; readonly name: string };
  readonly status: 'COMPLETE' | 'PENDING';
  readonly createdDate: string;
  readonly modifiedDate: string;
  readonly exposureZone: { readonly id: number; readonly name: string; readonly region: string; readonly country: 'US' };
  /** The customer code the certificate belongs to (filterable; AvaTax's `customers` carries it too). */
  readonly customerCode: string;
}

/**
 * A certificate as CertificateModel. `valid`: active (reviewed) and effective today; `verified`:
 * reviewed; `status` COMPLETE once reviewed, PENDING before; the modification date is its last
 * review or assignment.
 */
export function certificateModel(
  certificate: Certificate,
  companyId: number,
  accountId: string,
  environment: string,
  today: string,
  stateName: (code: string) => string,
  customerCode: string = certificate.customer_code,
): CertificateModel {
  const active = certificate.status === 'active';
  const changes = [certificate.created_at, certificate.activated_at, certificate.assigned_at].filter((t): t is string => t !== null).sort();
  return {
    id: certificateNumber(accountId, environment, certificate.id),
    companyId,
    signedDate: certificate.valid_from,
    expirationDate: certificate.valid_to,
    documentExists: certificate.document_sha256 !== null,
    valid: active && effectiveOn(certificate, today),
    verified: active,
    exemptPercentage: 100,
    isSingleCertificate: false,
    ...(certificate.exemption_number === null ? {} : { exemptionNumber: certificate.exemption_number }),
    exemptionReason: { id: stableNumber('exemption-reason', certificate.exemption_reason), name: REASON_NAMES[certificate.exemption_reason] },
    status: active ? 'COMPLETE' : 'PENDING',
    createdDate: certificate.created_at,
    modifiedDate: changes.at(-1) ?? certificate.created_at,
    exposureZone: {
      id: stableNumber('exposure-zone', certificate.jurisdiction),
      name: titleCase(stateName(certificate.jurisdiction)),
      region: certificate.jurisdiction,
      country: 'US',
    },
    customerCode,
  };
}

export const CERTIFICATE_FIELDS: Readonly<Record<string, FieldType>> = {
  id: 'number',
  signedDate: 'date',
  expirationDate: 'date',
  exemptionNumber: 'string',
  status: 'string',
  valid: 'boolean',
  verified: 'boolean',
  createdDate: 'date',
  modifiedDate: 'date',
  customerCode: 'string',
};

/** What `$include` adds to a certificate: its customer (`customers`); other words are ignored. */
export const includesCustomers = (include: string | undefined): boolean =>
  (include ?? '')
    .split(',')
    .map((w) => w.trim().toLowerCase())
    .includes('customers');
