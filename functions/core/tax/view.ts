// The JSON of a taxed document (docs/taxes-and-content.md, "What an answer says"): cents become
// amounts, micro rates become fractions, and document totals and the jurisdiction summary are sums
// of the lines.
import { fromCents, fromMicro } from './money';
import type { DocumentTax, JurisdictionTax, LineTax, RateAreas } from './types';

export function jurisdictionView(j: JurisdictionTax) {
  return {
    type: j.type,
    name: j.name,
    rate: fromMicro(j.rate),
    taxable_amount: fromCents(j.taxable),
    tax: fromCents(j.tax),
    source: j.source ?? null,
    source_kind: j.sourceKind ?? null,
  };
}

/** The rates found in a ZIP that holds several rate areas, and the one used (docs/rate-areas.md). */
export function rateAreasView(areas: RateAreas | null | undefined) {
  return areas ? { lowest_rate: fromMicro(areas.lowest), highest_rate: fromMicro(areas.highest), used_rate: fromMicro(areas.used) } : null;
}

export function lineView(line: LineTax) {
  return {
    number: line.number,
    item_code: line.item_code,
    tax_code: line.tax_code,
    category: line.category,
    description: line.description,
    quantity: line.quantity,
    amount: fromCents(line.amount),
    discount: fromCents(line.discount),
    taxable_amount: fromCents(line.taxable),
    exempt_amount: fromCents(line.exempt),
    tax: fromCents(line.tax),
    rate: fromMicro(line.rate),
    tax_included: line.tax_included,
    taxability: line.taxability,
    reason: line.reason,
    sourcing: line.sourcing,
    address: { ...line.address },
    rate_areas: rateAreasView(line.rate_areas),
    taxability_rule: line.taxability_rule ?? null,
    jurisdictions: line.jurisdictions.map(jurisdictionView),
    exemption_certificate: line.certificate
      ? { id: line.certificate.id, exemption_reason: line.certificate.exemption_reason, document_sha256: line.certificate.document_sha256 }
      : null,
    declared_exemption: line.declaration
      ? {
          type: line.declaration.type,
          source: line.declaration.source,
          states: line.declaration.states ? [...line.declaration.states] : null,
          reason: line.declaration.reason,
        }
      : null,
  };
}

export interface Totals {
  readonly amount: number;
  readonly discount: number;
  readonly taxable: number;
  readonly exempt: number;
  readonly tax: number;
}

export function totalsOf(lines: readonly LineTax[]): Totals {
  let amount = 0;
  let discount = 0;
  let taxable = 0;
  let exempt = 0;
  let tax = 0;
  for (const l of lines) {
    amount += l.amount;
    discount += l.discount;
    taxable += l.taxable;
    exempt += l.exempt;
    tax += l.tax;
  }
  return { amount, discount, taxable, exempt, tax };
}

/** Jurisdictions summed over lines, grouped by type, name, rate and source, in order of first appearance. */
export function summaryOf(lines: readonly LineTax[]): JurisdictionTax[] {
  const groups = new Map<string, { -readonly [K in keyof JurisdictionTax]: JurisdictionTax[K] }>();
  for (const line of lines)
    for (const j of line.jurisdictions) {
      const key = `${j.type}|${j.name}|${j.rate}|${j.source ?? ''}`;
      const g = groups.get(key);
      if (g) {
        g.taxable += j.taxable;
        g.tax += j.tax;
      } else groups.set(key, { type: j.type, name: j.name, rate: j.rate, taxable: j.taxable, tax: j.tax, source: j.source, sourceKind: j.sourceKind });
    }
  return [...groups.values()];
}

export function totalsView(t: Totals) {
  return {
    total_amount: fromCents(t.amount),
    total_discount: fromCents(t.discount),
    total_taxable: fromCents(t.taxable),
    total_exempt: fromCents(t.exempt),
    total_tax: fromCents(t.tax),
  };
}

export function calculationView(doc: DocumentTax) {
  return {
    object: 'calculation' as const,
    date: doc.date,
    currency: doc.currency,
    content_version: doc.content_version,
    ...totalsView(totalsOf(doc.lines)),
    lines: doc.lines.map(lineView),
    summary: summaryOf(doc.lines).map(jurisdictionView),
    messages: doc.messages.map((m) => ({ ...m })),
  };
}
