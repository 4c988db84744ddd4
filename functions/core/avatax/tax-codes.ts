// AvaTax system tax codes as this service's product tax codes: the crosswalk of
// data/avatax_tax_code_crosswalk.csv (data/README.md, "6. Product tax codes", names where each row
// comes from and how sure it is; a unit test keeps this table and the file equal). A code the
// crosswalk does not know goes to the engine as sent: one of the service's own codes is taxed by
// it, any other as general goods with the engine's `unknown_tax_code` warning, exactly as an
// unknown code of /api/v1 (docs/taxes-and-content.md, "What an answer says").
import type { Category } from '../content/artifact';
import type { Message } from '../tax/types';

export interface AvataxTaxCode {
  /** The AvaTax code, upper case; for a family, the prefix every code of the group shares. */
  readonly avatax: string;
  readonly match: 'exact' | 'family';
  /** What the AvaTax code stands for, in our words. */
  readonly description: string;
  /** The service's tax code; null is general goods (a line without a code). */
  readonly taxCode: string | null;
  readonly category: Category;
}

const row = (avatax: string, match: 'exact' | 'family', description: string, taxCode: string | null, category: Category): AvataxTaxCode => ({
  avatax,
  match,
  description,
  taxCode,
  category,
});

/** The first exact row for a service code is the AvaTax code an answer names for it. */
export const AVATAX_TAX_CODES: readonly AvataxTaxCode[] = [
  row('P0000000', 'exact', "Tangible personal property (AvaTax's default for a line without a code)", null, 'general_tangible'),
  row('NT', 'exact', 'Non-taxable', '99999', 'exempt'),
  row('FR020100', 'exact', 'Shipping only, common carrier, FOB destination', 'SHIPPING', 'shipping'),
  row('FR', 'exact', 'Freight (two-character form of FR020100)', 'SHIPPING', 'shipping'),
  row('FR000000', 'exact', 'Freight (group header)', 'SHIPPING', 'shipping'),
  row('FR010000', 'exact', 'Delivery by company vehicle', 'SHIPPING', 'shipping'),
  row('PC040100', 'exact', 'Clothing and related products, business-to-consumer, general', '20010', 'clothing'),
  row('PC040000', 'exact', 'Clothing and related products, business-to-consumer (group header)', '20010', 'clothing'),
  row('PC04', 'family', 'Clothing and related products, business-to-consumer (every code of the group)', '20010', 'clothing'),
  row('PC040101', 'exact', 'Aprons', '20010', 'clothing'),
  row('PC040105', 'exact', 'Bandanas', '20010', 'clothing'),
  row('PC040111', 'exact', 'Coats and jackets', '53101800A0000', 'clothing'),
  row('PC040118', 'exact', 'Formal wear', '53101801A0001', 'clothing'),
  row('PC040402', 'exact', 'Athletic shoes', '53111900A0000', 'clothing'),
  row('PF050001', 'exact', 'Food and food ingredients', '40030', 'food_groceries'),
  row('PF050000', 'exact', 'Food and food ingredients (group header)', '40030', 'food_groceries'),
  row('PF050112', 'exact', 'Carbonated soft drinks', '40050', 'soft_drinks'),
  row('PF050101', 'exact', 'Carbonated beverages', '40050', 'soft_drinks'),
  row('PF050100', 'exact', 'Soft drinks and similar beverages', '40050', 'soft_drinks'),
  row('PF050115', 'exact', 'Bottled drinking water', '40060', 'bottled_water'),
  row('PF050300', 'exact', 'Candy and similar items', '40010', 'candy'),
  row('PF050700', 'exact', 'Non-food dietary supplements', '40020', 'dietary_supplements'),
  row('PH050101', 'exact', 'Drugs for human use, non-prescription', '51010', 'otc_drugs'),
  row('PH050114', 'exact', 'Drugs for human use, prescription', '51020', 'prescription_drugs'),
  row('PB100200', 'exact', 'Books, printed', '81100', 'publications'),
  row('D0000000', 'exact', 'Digital products, general', '31000', 'digital_goods'),
  row('DC010000', 'exact', 'Digital products (group header)', '31000', 'digital_goods'),
  row('DC020000', 'exact', 'Prewritten computer software, downloaded', '43230000A1200', 'software'),
  row('DC020500', 'exact', 'Downloadable software', '43230000A1200', 'software'),
  row('SW054000', 'exact', 'Cloud services, software as a service', '30070', 'saas_cloud'),
  row('SW050000', 'exact', 'Software and web services (group header; connectors send it for SaaS)', '30070', 'saas_cloud'),
  row('PG050000', 'exact', 'Gift cards and gift certificates', '14111803A0001', 'gift_cards'),
];

const EXACT = new Map(AVATAX_TAX_CODES.filter((r) => r.match === 'exact').map((r) => [r.avatax, r]));
const FAMILIES = AVATAX_TAX_CODES.filter((r) => r.match === 'family').sort((a, b) => b.avatax.length - a.avatax.length);

export interface TaxCodeMatch {
  /** The tax code the engine's document carries (null: general goods, no code). */
  readonly taxCode: string | null;
  /**
   * `default`: no code sent (AvaTax's P0000000); `exact`/`family`: a crosswalk row; `as_sent`: not
   * in the crosswalk, passed on for the engine to know or to tax as general goods with a warning.
   */
  readonly basis: 'default' | 'exact' | 'family' | 'as_sent';
  readonly row: AvataxTaxCode | null;
}

/** The service's tax code for an AvaTax tax code (any case, surrounding space ignored). */
export function taxCodeFor(avataxCode: string | null | undefined): TaxCodeMatch {
  const code = avataxCode?.trim().toUpperCase() ?? '';
  if (code === '') return { taxCode: null, basis: 'default', row: null };
  const exact = EXACT.get(code);
  if (exact) return { taxCode: exact.taxCode, basis: 'exact', row: exact };
  // Families are 8-character system codes by their group prefix; a short code is no member.
  const family = code.length === 8 ? FAMILIES.find((f) => code.startsWith(f.avatax)) : undefined;
  if (family) return { taxCode: family.taxCode, basis: 'family', row: family };
  return { taxCode: avataxCode!.trim(), basis: 'as_sent', row: null };
}

/** A line's note that its code was taxed by its group's rule, not a code of its own. */
export function familyMessage(match: TaxCodeMatch, avataxCode: string, target: string): Message | null {
  if (match.basis !== 'family' || !match.row) return null;
  return {
    code: 'avatax_tax_code_by_family',
    severity: 'info',
    message: `The AvaTax tax code ${avataxCode} was taxed as ${match.row.category.replace(/_/g, ' ')}, the rule of its group ${match.row.avatax}.`,
    target,
  };
}

const PREFERRED = new Map<string | null, string>();
for (const r of AVATAX_TAX_CODES) if (r.match === 'exact' && !PREFERRED.has(r.taxCode)) PREFERRED.set(r.taxCode, r.avatax);

/**
 * The AvaTax code an answer names for a line taxed under one of the service's codes, when the
 * request's own code is not at hand: the crosswalk's first code for it, or the service's code
 * itself (AvaTax's default P0000000 for a line without one).
 */
export const avataxTaxCodeOf = (taxCode: string | null | undefined): string => PREFERRED.get(taxCode ?? null) ?? taxCode!;
