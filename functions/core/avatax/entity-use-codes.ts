// AvaTax's standard entity-use codes (`entityUseCode`, formerly `customerUsageType`) and the
// exemption reason of this service's certificates each one claims: the table of
// data/avatax_entity_use_codes.csv (data/README.md, "6. Product tax codes", names its source; a unit
// test keeps the two equal). M and O are unused letters in AvaTax's list; P, Q and R are Canadian
// and claim nothing on a US sale; MED2 keeps sales tax. Whether a declared code exempts a line is
// the use case's decision, against the rule below.
import type { EXEMPTION_REASONS } from '../certificates/certificate';

export type ExemptionReason = (typeof EXEMPTION_REASONS)[number];

export interface EntityUseCode {
  readonly code: string;
  readonly name: string;
  /** Where AvaTax's own rules give the code meaning. */
  readonly countries: readonly ('US' | 'CA')[];
  /** The certificate exemption reason the code claims on a US sale; null: none. */
  readonly exemptionReason: ExemptionReason | null;
}

const row = (code: string, name: string, countries: readonly ('US' | 'CA')[], exemptionReason: ExemptionReason | null): EntityUseCode => ({
  code,
  name,
  countries,
  exemptionReason,
});

const US = ['US'] as const;
const BOTH = ['US', 'CA'] as const;
const CA = ['CA'] as const;

export const ENTITY_USE_CODES: readonly EntityUseCode[] = [
  row('A', 'Federal government', US, 'government'),
  row('B', 'State government', US, 'government'),
  row('C', 'Tribe / Status Indian / Indian Band', BOTH, 'other'),
  row('D', 'Foreign diplomat', BOTH, 'other'),
  row('E', 'Charitable or benevolent organization', BOTH, 'nonprofit'),
  row('F', 'Religious or educational organization', BOTH, 'nonprofit'),
  row('G', 'Resale', BOTH, 'resale'),
  row('H', 'Commercial agricultural production', BOTH, 'agricultural'),
  row('I', 'Industrial production or manufacturer', BOTH, 'manufacturing'),
  row('J', 'Direct pay permit', US, 'other'),
  row('K', 'Direct mail', US, 'other'),
  row('L', 'Other', BOTH, 'other'),
  row('N', 'Local government', US, 'government'),
  row('P', 'Commercial aquaculture', CA, null),
  row('Q', 'Commercial fishery', CA, null),
  row('R', 'Non-resident', CA, null),
  row('MED1', 'US medical device excise tax with exempt sales tax', US, 'medical'),
  row('MED2', 'US medical device excise tax with taxable sales tax', US, null),
];

const BY_CODE = new Map(ENTITY_USE_CODES.map((r) => [r.code, r]));

/** A standard code in any letter case (surrounding space ignored); null for a custom or unknown one. */
export const entityUseCode = (code: string | null | undefined): EntityUseCode | null => BY_CODE.get(code?.trim().toUpperCase() ?? '') ?? null;

/**
 * How this service reads a declared entity-use code (docs/transactions-and-certificates.md,
 * "Exempt customers and their certificates"): a claim, never an exemption by itself.
 */
export const ENTITY_USE_CODE_RULE =
  'An entity-use code claims an exemption; this service exempts a line only on an active certificate of the customer, assigned to it and effective on the date for the destination state, whose exemption reason is the one the code claims. A code that claims no reason on a US sale (P, Q, R, MED2) or a custom code exempts nothing.';

/** The code as AvaTax's EntityUseCodeModel (GET /api/v2/definitions/entityusecodes). */
export const entityUseCodeModel = (r: EntityUseCode) => ({ code: r.code, name: r.name, description: r.name, validCountries: [...r.countries] });
