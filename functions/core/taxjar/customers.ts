// TaxJar customers over ours. A TaxJar customer states its exemption directly (`exemption_type`,
// `exempt_regions`); here an exemption exists only as an active certificate, reviewed with its
// evidence and assigned to the customer. So the TaxJar view derives both fields from the customer's
// certificates that exempt today, and a write may repeat that exemption but not declare another
// one.
import { type Certificate, grantFor } from '../certificates/certificate';
import type { Customer } from '../customers/customer';
import { DomainError } from '../errors';

export type TaxjarExemptionType = 'wholesale' | 'government' | 'marketplace' | 'other' | 'non_exempt';

/** TaxJar's exemption type of one of our exemption reasons: resale is wholesale. */
export const exemptionTypeOf = (reason: Certificate['exemption_reason']): TaxjarExemptionType =>
  reason === 'resale' ? 'wholesale' : reason === 'government' ? 'government' : 'other';

/** The certificates that exempt the customer on `date`: active, assigned to it and effective. */
export const exemptingCertificates = (customer: Customer, certificates: readonly Certificate[], date: string): Certificate[] =>
  certificates.filter((c) => grantFor(c, customer.customer_code, date) !== null);

export interface TaxjarExemption {
  readonly exemption_type: TaxjarExemptionType;
  readonly exempt_regions: { country: 'US'; state: string }[];
}

/**
 * The customer's exemption as TaxJar states it: the type of its exempting certificates (one type
 * when they agree, `other` when they differ), the states they cover; `non_exempt` without any.
 */
export function exemptionOf(exempting: readonly Certificate[]): TaxjarExemption {
  const types = [...new Set(exempting.map((c) => exemptionTypeOf(c.exemption_reason)))];
  const states = [...new Set(exempting.map((c) => c.jurisdiction))].sort();
  return {
    exemption_type: types.length === 0 ? 'non_exempt' : types.length === 1 ? types[0]! : 'other',
    exempt_regions: states.map((state) => ({ country: 'US', state })),
  };
}

export function taxjarCustomerView(customer: Customer, exemption: TaxjarExemption) {
  return {
    customer_id: customer.customer_code,
    exemption_type: exemption.exemption_type,
    exempt_regions: exemption.exempt_regions,
    name: customer.name,
    country: null,
    state: null,
    zip: null,
    city: null,
    street: null,
  };
}

export interface RequestedExemption {
  readonly exemption_type?: string | null | undefined;
  readonly exempt_regions?: readonly { readonly state: string }[] | null | undefined;
}

/**
 * A write may leave the exemption out, or repeat the one the certificates give (TaxJar clients
 * often send the customer back whole); declaring another is refused: it needs certificate evidence.
 */
export function assertExemptionUnchanged(requested: RequestedExemption, current: TaxjarExemption): void {
  const type = requested.exemption_type ?? null;
  const regions = requested.exempt_regions ? [...new Set(requested.exempt_regions.map((r) => r.state.trim().toUpperCase()))].sort() : null;
  const sameType = type === null || type === current.exemption_type || (type === 'marketplace' && current.exemption_type === 'non_exempt');
  const sameRegions = regions === null || regions.join() === current.exempt_regions.map((r) => r.state).join();
  if (sameType && sameRegions) return;
  throw new DomainError(
    'certificate_evidence_incomplete',
    'An exemption needs certificate evidence here: record a certificate per state (POST /api/v1/certificates), have it activated and assign it to the customer; exemption_type and exempt_regions then follow from it.',
    [
      ...(sameType ? [] : [{ code: 'certificate_evidence_incomplete', target: 'exemption_type', message: 'Follows from the customer’s active certificates.' }]),
      ...(sameRegions
        ? []
        : [{ code: 'certificate_evidence_incomplete', target: 'exempt_regions', message: 'Follows from the customer’s active certificates.' }]),
    ],
  );
}
