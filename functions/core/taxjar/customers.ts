// TaxJar customers over ours. A TaxJar customer states its exemption directly (`exemption_type`,
// `exempt_regions`), on the seller's word. Here that declaration is kept as sent and answered back,
// and exempts at /v2/taxes and orders only where no certificate does, each exempted line saying it
// rests on the declaration (core/exemptions/declared.ts lists them until a certificate covers them).
// Where the customer has exempting certificates and declares nothing, the view derives the
// exemption from them, as before.
import { type Certificate, grantFor } from '../certificates/certificate';
import type { Customer, CustomerAddress, CustomerDeclaration } from '../customers/customer';
import type { DeclarationInput } from '../tax/input';
import { DECLARED_TYPES, type DeclaredType } from '../tax/types';

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

/**
 * The exemption the view answers: a claiming declaration as sent; else the certificates' exemption
 * where they exempt; else the declaration as sent (marketplace, non_exempt), or none.
 */
export function answeredExemption(customer: Customer, fromCertificates: TaxjarExemption): TaxjarExemption {
  const d = customer.declaration;
  const declared: TaxjarExemption | null = d
    ? { exemption_type: d.exemption_type as TaxjarExemptionType, exempt_regions: d.exempt_regions.map((r) => ({ country: 'US', state: r.state })) }
    : null;
  if (declared && isDeclaredType(declared.exemption_type)) return declared;
  if (fromCertificates.exemption_type !== 'non_exempt') return fromCertificates;
  return declared ?? fromCertificates;
}

const NO_ADDRESS: CustomerAddress = { country: null, state: null, zip: null, city: null, street: null };

export function taxjarCustomerView(customer: Customer, exemption: TaxjarExemption) {
  const address = customer.address ?? NO_ADDRESS;
  return {
    customer_id: customer.customer_code,
    exemption_type: exemption.exemption_type,
    exempt_regions: exemption.exempt_regions,
    name: customer.name,
    country: address.country,
    state: address.state,
    zip: address.zip,
    city: address.city,
    street: address.street,
  };
}

export interface RequestedExemption {
  readonly exemption_type?: string | null | undefined;
  readonly exempt_regions?: readonly { readonly country?: string | null | undefined; readonly state: string }[] | null | undefined;
}

/** What a TaxJar write declares: both fields as sent (a missing one keeps `current`'s); undefined when neither is sent. */
export function declarationOf(requested: RequestedExemption, current?: CustomerDeclaration): CustomerDeclaration | undefined {
  if (requested.exemption_type == null && requested.exempt_regions == null) return undefined;
  return {
    exemption_type: requested.exemption_type ?? current?.exemption_type ?? 'non_exempt',
    exempt_regions:
      requested.exempt_regions == null
        ? (current?.exempt_regions ?? [])
        : requested.exempt_regions.map((r) => ({ country: (r.country ?? 'US').trim().toUpperCase(), state: r.state.trim().toUpperCase() })),
  };
}

const isDeclaredType = (type: string): type is DeclaredType => (DECLARED_TYPES as readonly string[]).includes(type);

/**
 * The customer's declaration as the engine takes it: a claiming type (wholesale, government,
 * other) for its exempt regions (none named: every state, as the type alone claims); null for
 * marketplace and non_exempt, or without a declaration.
 */
export function customerDeclaration(customer: Customer): DeclarationInput | null {
  const d = customer.declaration;
  if (!d || !isDeclaredType(d.exemption_type)) return null;
  const states = d.exempt_regions.filter((r) => r.country === 'US').map((r) => r.state);
  return { type: d.exemption_type, source: 'customer', states: d.exempt_regions.length === 0 ? null : states };
}

/** The request's exemption_type as a document-level declaration; null for marketplace, non_exempt or none. */
export const requestDeclaration = (exemptionType: string | null | undefined): DeclarationInput | null =>
  exemptionType != null && isDeclaredType(exemptionType) ? { type: exemptionType, source: 'document', states: null } : null;
