// The engine's taxed document as TaxJar's `tax` object (POST /v2/taxes). Every figure is a sum of
// the engine's own line and jurisdiction cents, so TaxJar's answer and /api/v1's agree to the cent;
// rates are the engine's micro rates, and `rate` is amount_to_collect ÷ taxable_amount in integers.
import { fromCents, fromMicro, MICRO, mulDivHalfUp } from '../tax/money';
import { DECLARED_WITHOUT_CERTIFICATE } from '../tax/phases/declarations';
import type { DocumentTax, JurisdictionType, LineTax } from '../tax/types';
import { rateAreasView } from '../tax/view';
import { taxjarSourceKinds, taxjarSources } from './content';
import { SHIPPING_LINE } from './document';

interface Part {
  taxable: number;
  /** Micro rate: the sum of the type's jurisdictions on a line; the first line's for a document. */
  rate: number;
  tax: number;
}

const TYPES: readonly JurisdictionType[] = ['state', 'county', 'city', 'special'];

function partsOf(lines: readonly LineTax[]): Record<JurisdictionType, Part> {
  const parts = Object.fromEntries(TYPES.map((t) => [t, { taxable: 0, rate: 0, tax: 0 }])) as Record<JurisdictionType, Part>;
  const rated = new Set<JurisdictionType>();
  for (const line of lines) {
    const seen = new Set<JurisdictionType>();
    for (const j of line.jurisdictions) {
      const part = parts[j.type];
      part.tax += j.tax;
      // One taxable amount per type and line, even when a line has several special districts.
      if (!seen.has(j.type)) part.taxable += j.taxable;
      if (!rated.has(j.type)) part.rate += j.rate;
      seen.add(j.type);
    }
    for (const t of seen) rated.add(t);
  }
  return parts;
}

const rateOf = (tax: number, taxable: number): number => (taxable <= 0 ? 0 : fromMicro(mulDivHalfUp(tax, MICRO, taxable)));
const sum = (lines: readonly LineTax[], pick: (l: LineTax) => number): number => lines.reduce((n, l) => n + pick(l), 0);
const combinedRate = (lines: readonly LineTax[]): number => fromMicro(lines.find((l) => l.tax > 0)?.rate ?? lines[0]?.rate ?? 0);

/**
 * A line item's (or the shipping's) breakdown, with TaxJar's per-line field names; TaxJar names the
 * special districts' taxable amount `special_taxable_amount` on shipping alone.
 */
function lineBreakdown(line: LineTax, specialTaxableKey: 'special_district_taxable_amount' | 'special_taxable_amount' = 'special_district_taxable_amount') {
  const p = partsOf([line]);
  return {
    taxable_amount: fromCents(line.taxable),
    tax_collectable: fromCents(line.tax),
    combined_tax_rate: fromMicro(line.rate),
    state_taxable_amount: fromCents(p.state.taxable),
    state_sales_tax_rate: fromMicro(p.state.rate),
    state_amount: fromCents(p.state.tax),
    county_taxable_amount: fromCents(p.county.taxable),
    county_tax_rate: fromMicro(p.county.rate),
    county_amount: fromCents(p.county.tax),
    city_taxable_amount: fromCents(p.city.taxable),
    city_tax_rate: fromMicro(p.city.rate),
    city_amount: fromCents(p.city.tax),
    [specialTaxableKey]: fromCents(p.special.taxable),
    special_tax_rate: fromMicro(p.special.rate),
    special_district_amount: fromCents(p.special.tax),
    // An addition TaxJar's shape allows (as `sources`, `source_kinds` and `rate_areas`): the rule behind the line's taxability.
    taxability_rule: line.taxability_rule ?? null,
    // And what exempted it: a certificate on file, or the buyer's declaration without one.
    exemption: line.reason === 'certificate_applied' ? 'certificate_applied' : line.reason === 'declared_exemption' ? DECLARED_WITHOUT_CERTIFICATE : null,
  };
}

export interface TaxjarTaxOptions {
  /** The nexus the request declared (`nexus_addresses`), or null for the account's setting. */
  readonly declaredNexus: ReadonlySet<string> | null;
  readonly exemptionType?: string | null | undefined;
  /** Whether the request had line items (TaxJar gives no breakdown without them). */
  readonly lineItems: boolean;
  /** The destination's county and city as GET /v2/rates names them (null: the jurisdictions' names). */
  readonly place?: { readonly county: string | null; readonly city: string | null } | null;
}

/**
 * The declared exemption a document's lines were exempted by, stated so nobody takes it for
 * evidence (an addition TaxJar's shape allows); null when no line relied on one.
 */
export function declaredExemptionView(doc: DocumentTax) {
  const declaration = doc.declared_exemption;
  const exempted = doc.lines.filter((l) => l.reason === 'declared_exemption');
  if (!declaration || exempted.length === 0) return null;
  return {
    code: DECLARED_WITHOUT_CERTIFICATE,
    type: declaration.type,
    source: declaration.source,
    states: [...new Set(exempted.map((l) => l.address.state))].sort(),
    exempt_amount: fromCents(sum(exempted, (l) => l.exempt)),
    certificate: null,
    message: `Exempt by the buyer’s declaration ${declaration.type}, without a certificate on file.`,
  };
}

/** The destination state of a document's lines (TaxJar orders have one `to_` address). */
const destinationOf = (doc: DocumentTax): string | undefined => doc.lines[0]?.address.state;

/**
 * Whether the seller has nexus at the destination: as declared by `nexus_addresses`, else as the
 * engine decided from the account's nexus (a line taxed `no_nexus` means none).
 */
export function hasNexus(doc: DocumentTax, declared: ReadonlySet<string> | null): boolean {
  if (declared) return declared.has(destinationOf(doc) ?? '');
  return doc.lines.some((l) => l.reason !== 'no_nexus');
}

export function taxjarTax(doc: DocumentTax, options: TaxjarTaxOptions) {
  const shipping = doc.lines.find((l) => l.number === SHIPPING_LINE);
  const items = doc.lines.filter((l) => l !== shipping);
  const nexus = hasNexus(doc, options.declaredNexus);
  const first = doc.lines[0];
  // The place's names even where it levies no rate of its own (Seattle's county, KING, has none).
  const names = (type: 'county' | 'city') => options.place?.[type] || (first?.jurisdictions.find((j) => j.type === type)?.name ?? null);
  // Without nexus at the destination there is nothing to collect, so TaxJar reports no tax at all.
  const collected = nexus ? doc.lines : [];
  const taxable = sum(collected, (l) => l.taxable);
  const tax = sum(collected, (l) => l.tax);
  const sourcing = first?.sourcing === 'destination' ? 'destination' : 'origin';
  const declared = declaredExemptionView(doc);
  const view: Record<string, unknown> = {
    order_total_amount: fromCents(sum(doc.lines, (l) => l.amount - l.discount)),
    shipping: fromCents(shipping?.amount ?? 0),
    taxable_amount: fromCents(taxable),
    amount_to_collect: fromCents(tax),
    rate: rateOf(tax, taxable),
    has_nexus: nexus,
    freight_taxable: shipping?.taxability === 'taxable',
    tax_source: sourcing,
    ...(options.exemptionType ? { exemption_type: options.exemptionType } : {}),
    ...(declared ? { declared_exemption: declared } : {}),
    jurisdictions: { country: 'US', state: first?.address.state ?? null, county: names('county'), city: names('city') },
    // Additions TaxJar's shape allows: the destination ZIP's rate areas when it holds several.
    rate_areas: rateAreasView(first?.rate_areas),
  };
  // TaxJar answers no breakdown without nexus or without line items (an order given by `amount`).
  if (!nexus || !options.lineItems) return view;
  const p = partsOf(doc.lines);
  view.breakdown = {
    taxable_amount: fromCents(taxable),
    tax_collectable: fromCents(tax),
    combined_tax_rate: combinedRate(doc.lines),
    state_taxable_amount: fromCents(p.state.taxable),
    state_tax_rate: fromMicro(p.state.rate),
    state_tax_collectable: fromCents(p.state.tax),
    county_taxable_amount: fromCents(p.county.taxable),
    county_tax_rate: fromMicro(p.county.rate),
    county_tax_collectable: fromCents(p.county.tax),
    city_taxable_amount: fromCents(p.city.taxable),
    city_tax_rate: fromMicro(p.city.rate),
    city_tax_collectable: fromCents(p.city.tax),
    special_district_taxable_amount: fromCents(p.special.taxable),
    special_tax_rate: fromMicro(p.special.rate),
    special_district_tax_collectable: fromCents(p.special.tax),
    sources: taxjarSources(doc.lines.flatMap((l) => l.jurisdictions)),
    source_kinds: taxjarSourceKinds(doc.lines.flatMap((l) => l.jurisdictions)),
    // Only taxed freight has a shipping breakdown: integrations (Saleor's) read its taxable_amount
    // as the shipping's net price, so an untaxed one must not answer 0 there.
    ...(shipping && shipping.taxable > 0 ? { shipping: lineBreakdown(shipping, 'special_taxable_amount') } : {}),
    line_items: items.map((l) => ({ id: l.number, ...lineBreakdown(l) })),
  };
  return view;
}
