// POST /v2/taxes and the documents of TaxJar orders: the exemption TaxJar derives from
// `customer_id` and `exemption_type` becomes the certificate selection of the API's document, or,
// where no certificate covers the state, a declared exemption (the buyer's word, which every
// exempted line reports as such); the document is taxed by the same use case as POST /api/v1/calculations.
import type { CertificateRepository } from '../../core/certificates/ports';
import type { CustomerRepository } from '../../core/customers/ports';
import { DomainError } from '../../core/errors';
import type { DocumentInput } from '../../core/tax/input';
import type { DocumentTax } from '../../core/tax/types';
import { customerDeclaration, exemptingCertificates, requestDeclaration } from '../../core/taxjar/customers';
import { calculateDocument } from '../calculations';
import { dayOf, type TenantCall } from '../call';
import { getCustomer } from '../customers';
import type { CalculationOptions, EngineContextPorts } from '../engine-context';

export interface TaxjarExemptionPorts {
  readonly customers: Pick<CustomerRepository, 'get'>;
  readonly certificates: Pick<CertificateRepository, 'getMany'>;
}

/** `marketplace` and `non_exempt` waive every exemption (the marketplace collects, or the buyer pays). */
const WAIVES = new Set(['marketplace', 'non_exempt']);

/**
 * The document with the customer's exempting certificate for the destination state selected, as
 * TaxJar exempts a customer by `customer_id`. Without one, TaxJar grants a claimed exemption on the
 * seller's word, and so does this surface, as a declaration: the request's `exemption_type`
 * (wholesale, government, other) for the whole document, else the customer's declared exempt
 * regions. Evidence wins: a line a certificate covers is exempted by the certificate.
 */
export async function withCustomerExemption(
  ports: TaxjarExemptionPorts,
  call: TenantCall,
  doc: DocumentInput,
  exemptionType: string | null | undefined,
): Promise<DocumentInput> {
  if (exemptionType != null && WAIVES.has(exemptionType)) return doc;
  const requested = requestDeclaration(exemptionType);
  const declared = (declaration: DocumentInput['declared_exemption']) => (declaration ? { ...doc, declared_exemption: declaration } : doc);
  if (doc.customer_code == null) return declared(requested);
  // Integrations send the shopper's id at every logged-in checkout, synced or not: TaxJar reads an
  // unknown customer as one without an exemption, and so does this surface.
  const customer = await getCustomer(ports, call, doc.customer_code).catch((error: unknown) => {
    if (error instanceof DomainError && error.code === 'not_found') return null;
    throw error;
  });
  if (customer === null) return declared(requested);
  const date = doc.date ?? dayOf(call.now);
  const found = customer.certificate_ids.length > 0 ? await ports.certificates.getMany(call.principal.tenant, customer.certificate_ids) : new Map();
  const state = doc.ship_to.state?.trim().toUpperCase();
  const certificate = exemptingCertificates(customer, [...found.values()], date).find((c) => c.jurisdiction === state);
  if (certificate) return { ...doc, exemption_certificate_id: certificate.id };
  return declared(requested ?? customerDeclaration(customer));
}

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
