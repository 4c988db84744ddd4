// POST /v2/taxes and the documents of TaxJar orders: the exemption TaxJar derives from
// `customer_id` and `exemption_type` becomes the certificate selection of the API's document, and
// the document is taxed by the same use case as POST /api/v1/calculations.
import type { CertificateRepository } from '../../core/certificates/ports';
import type { CustomerRepository } from '../../core/customers/ports';
import { DomainError } from '../../core/errors';
import type { DocumentInput } from '../../core/tax/input';
import type { DocumentTax } from '../../core/tax/types';
import { exemptingCertificates } from '../../core/taxjar/customers';
import { calculateDocument } from '../calculations';
import { dayOf, type TenantCall } from '../call';
import { getCustomer } from '../customers';
import type { CalculationOptions, EngineContextPorts } from '../engine-context';

export interface TaxjarExemptionPorts {
  readonly customers: Pick<CustomerRepository, 'get'>;
  readonly certificates: Pick<CertificateRepository, 'getMany'>;
}

/** `wholesale`, `government` and `other` claim an exemption; `marketplace` and `non_exempt` waive it. */
const CLAIMS = new Set(['wholesale', 'government', 'other']);
const WAIVES = new Set(['marketplace', 'non_exempt']);

/**
 * The document with the customer's exempting certificate for the destination state selected, as
 * TaxJar exempts a customer by `customer_id`. A claimed exemption with no such certificate is
 * refused rather than granted on the request's word (exemptions here rest on evidence).
 */
export async function withCustomerExemption(
  ports: TaxjarExemptionPorts,
  call: TenantCall,
  doc: DocumentInput,
  exemptionType: string | null | undefined,
): Promise<DocumentInput> {
  const claimed = exemptionType != null && CLAIMS.has(exemptionType);
  if ((exemptionType != null && WAIVES.has(exemptionType)) || doc.customer_code == null) {
    if (claimed) throw noCertificate(exemptionType);
    return doc;
  }
  // Integrations send the shopper's id at every logged-in checkout, synced or not: TaxJar reads an
  // unknown customer as one without an exemption, and so does this surface.
  const customer = await getCustomer(ports, call, doc.customer_code).catch((error: unknown) => {
    if (error instanceof DomainError && error.code === 'not_found') return null;
    throw error;
  });
  if (customer === null) {
    if (claimed) throw noCertificate(exemptionType);
    return doc;
  }
  const date = doc.date ?? dayOf(call.now);
  const found = customer.certificate_ids.length > 0 ? await ports.certificates.getMany(call.principal.tenant, customer.certificate_ids) : new Map();
  const state = doc.ship_to.state?.trim().toUpperCase();
  const certificate = exemptingCertificates(customer, [...found.values()], date).find((c) => c.jurisdiction === state);
  if (certificate) return { ...doc, exemption_certificate_id: certificate.id };
  if (claimed) throw noCertificate(exemptionType);
  return doc;
}

const noCertificate = (exemptionType: string) =>
  new DomainError(
    'exemption_certificate_not_found',
    `exemption_type ${exemptionType} needs an active certificate of customer_id for the destination state; exemptions here rest on certificate evidence.`,
    [{ code: 'exemption_certificate_not_found', target: 'exemption_type', message: 'No exempting certificate of the customer for this state.' }],
  );

export interface TaxjarTaxPorts extends TaxjarExemptionPorts {
  readonly engine: EngineContextPorts;
}

export interface TaxjarPlace {
  readonly county: string | null;
  readonly city: string | null;
}

/**
 * Taxes a TaxJar order's document; stores nothing. Returns the document as taxed, too, and the
 * destination's county and city as the content names them (TaxJar's `jurisdictions`).
 */
export async function taxjarTaxes(
  ports: TaxjarTaxPorts,
  call: TenantCall,
  doc: DocumentInput,
  exemptionType: string | null | undefined,
  options: CalculationOptions = {},
): Promise<{ document: DocumentInput; taxed: DocumentTax; place: TaxjarPlace | null }> {
  const document = await withCustomerExemption(ports, call, doc, exemptionType);
  const taxed = await calculateDocument(ports.engine, call, document, options);
  const resolved = ports.engine.content().resolve(document.ship_to.state, document.ship_to.zip);
  const place = resolved.kind === 'area' ? { county: resolved.area.countyName || null, city: resolved.area.cityName || null } : null;
  return { document, taxed, place };
}
