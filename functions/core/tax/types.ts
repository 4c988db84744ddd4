// What the engine takes and gives. Amounts are integer cents and rates integer millionths; the
// view module turns them into the JSON numbers of an answer (docs/taxes-and-content.md, "What an
// answer says").
import type { Tenant } from '../access/records';
import type { CatalogItem, Location, TenantSettings } from '../account/settings';
import type { Category, Micro, SourceKind, TaxabilityBasis } from '../content/artifact';
import type { TaxContent } from '../content/tax-content';

export type JurisdictionType = 'state' | 'county' | 'city' | 'special';
/**
 * Why a line is or is not taxed (`holiday_exempt`: a state's sales-tax holiday;
 * `declared_exemption`: the buyer's declaration, with no certificate on file).
 */
export const REASONS = [
  'standard_rated',
  'reduced_rated',
  'product_exempt',
  'holiday_exempt',
  'certificate_applied',
  'declared_exemption',
  'no_nexus',
  'not_subject_to_tax',
] as const;
export type Reason = (typeof REASONS)[number];
export type Taxability = 'taxable' | 'exempt' | 'not_collected';
export type Sourcing = 'destination' | 'origin' | 'hybrid';
export type Precision = 'state' | 'zip5' | 'zip9' | 'rooftop';
export type SimulatedFault = 'il_rate_index_not_ready' | 'il_rate_lookup_failed' | 'internal_error';

/** An active certificate assigned to the document's customer, as the caller resolved it. */
export interface CertificateGrant {
  readonly id: string;
  readonly jurisdiction: string;
  readonly exemption_reason: string;
  readonly document_sha256: string | null;
}

/** The exemption types a buyer may declare (TaxJar's claiming ones). */
export const DECLARED_TYPES = ['wholesale', 'government', 'other'] as const;
export type DeclaredType = (typeof DECLARED_TYPES)[number];

/**
 * An exemption on the buyer's word, not on evidence: the document's own declaration, or the
 * customer's declared exempt states. It exempts a line only where no certificate does.
 */
export interface DeclaredExemption {
  readonly type: DeclaredType;
  readonly source: 'document' | 'customer';
  /** The states it covers; null: every state the document ships to. */
  readonly states: readonly string[] | null;
  readonly reason: string | null;
}

export interface EngineContext {
  readonly content: TaxContent;
  /** The date a document without `date` is dated (today, UTC). */
  readonly today: string;
  readonly now: Date;
  readonly tenant: Tenant;
  readonly settings: TenantSettings;
  readonly locations: readonly Location[];
  /** The location the request acts for (its `location_code`, or the key's location). */
  readonly actingLocation: Location | null;
  readonly items: ReadonlyMap<string, CatalogItem>;
  readonly certificates: ReadonlyMap<string, CertificateGrant>;
  readonly simulate: SimulatedFault | null;
}

export interface JurisdictionTax {
  readonly type: JurisdictionType;
  readonly name: string;
  readonly rate: Micro;
  readonly taxable: number;
  readonly tax: number;
  /** Where the rate comes from (publisher, table, date); absent on documents stored before sources were kept. */
  readonly source?: string;
  /** How that source was obtained; absent on documents stored before kinds were kept. */
  readonly sourceKind?: SourceKind;
}

/** A destination ZIP that holds several rate areas: the lowest and highest general rate found in it, and the one used. */
export interface RateAreas {
  readonly lowest: Micro;
  readonly highest: Micro;
  readonly used: Micro;
}

export interface LineTax {
  readonly number: string;
  readonly item_code: string | null;
  readonly tax_code: string | null;
  readonly category: Category;
  readonly description: string | null;
  readonly quantity: number;
  readonly amount: number;
  readonly discount: number;
  readonly taxable: number;
  readonly exempt: number;
  readonly tax: number;
  readonly rate: Micro;
  readonly tax_included: boolean;
  readonly taxability: Taxability;
  readonly reason: Reason;
  readonly sourcing: Sourcing;
  readonly address: { readonly state: string; readonly zip: string; readonly precision: Precision };
  /** The destination ZIP holds several rate areas (null: one; absent on documents stored before it was kept). */
  readonly rate_areas?: RateAreas | null;
  /** The rule that set the line's taxability (absent on documents stored before it was kept). */
  readonly taxability_rule?: TaxabilityBasis;
  readonly jurisdictions: readonly JurisdictionTax[];
  readonly certificate: CertificateGrant | null;
  /** The declaration that exempted the line (reason declared_exemption); absent on documents stored before declarations. */
  readonly declaration?: DeclaredExemption | null;
}

export interface Message {
  readonly code: string;
  readonly severity: 'warning' | 'info';
  readonly message: string;
  readonly target: string;
}

export interface DocumentTax {
  readonly date: string;
  readonly currency: 'USD';
  readonly content_version: string;
  readonly lines: readonly LineTax[];
  readonly messages: readonly Message[];
  /** The buyer's declared exemption the document was taxed with, if any. */
  readonly declared_exemption?: DeclaredExemption;
}
