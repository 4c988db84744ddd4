// One taxed line: why it is or is not taxed (nexus, the state's taxability, a certificate), and its arithmetic.
import type { Micro, SourceKind, TaxabilityBasis } from '../content/artifact';
import { lineTaxInto } from './line-math';
import type { RatedDestination } from './phases/addresses';
import { covers } from './phases/declarations';
import type { Sourced } from './sourcing';
import type { LinePlan } from './states/state-module';
import type { Taxed } from './taxability';
import type { CertificateGrant, DeclaredExemption, JurisdictionTax, LineTax, Reason } from './types';

/** The jurisdictions' shares of the line being taxed (taxLine is synchronous: one scratch array serves every line). */
const SHARES: number[] = [];

/** `price` is the net price, or the gross amount of a tax-included line, in cents. */
export function taxLine(
  p: LinePlan,
  dest: RatedDestination,
  price: number,
  sourced: Sourced,
  taxed: Taxed,
  stateTaxes: boolean,
  certificate: CertificateGrant | null,
  basis: TaxabilityBasis,
  declaration: DeclaredExemption | null = null,
  kindOf: (source: string) => SourceKind | undefined = () => undefined,
): LineTax {
  let reason: Reason;
  if (!p.nexus) reason = 'no_nexus';
  else if (!stateTaxes && sourced.components.every((c) => c.rate === 0)) reason = 'not_subject_to_tax';
  else if (taxed.reason === 'product_exempt' || taxed.reason === 'holiday_exempt') reason = taxed.reason;
  else if (certificate && certificate.jurisdiction === p.state) reason = 'certificate_applied';
  // Evidence first: a declaration exempts only what no certificate does.
  else if (covers(declaration, p.state)) reason = 'declared_exemption';
  else reason = taxed.reason;
  const charged = reason === 'standard_rated' || reason === 'reduced_rated';
  const base = charged ? taxed.base : 0;
  let rate: Micro = 0;
  let tax = 0;
  let taxable = 0;
  let jurisdictions: JurisdictionTax[];
  // A line not charged has no arithmetic to do (its tax and taxable amount are 0).
  if (charged) {
    const { components } = taxed;
    const n = components.length;
    let rates = sourced.taxingRates;
    if (components !== sourced.taxing) {
      const own = new Array<Micro>(n);
      for (let i = 0; i < n; i++) own[i] = components[i]!.rate;
      rates = own;
    }
    const included = p.line.tax_included === true;
    tax = lineTaxInto(base, rates, included, SHARES);
    taxable = included ? base - tax : base;
    // Sized once: a line's answer is the largest part of what the engine allocates.
    jurisdictions = new Array<JurisdictionTax>(n);
    for (let i = 0; i < n; i++) {
      const c = components[i]!;
      rate += c.rate;
      jurisdictions[i] = { type: c.type, name: c.name, rate: c.rate, taxable, tax: SHARES[i]!, source: c.source, sourceKind: kindOf(c.source) };
    }
  } else {
    jurisdictions = [];
    // An exempt product keeps the 0 % jurisdictions its state names (a place that levies no local
    // grocery tax), taxing nothing; every other untaxed line has none.
    if (reason === 'product_exempt')
      for (const c of taxed.components)
        if (c.rate === 0) jurisdictions.push({ type: c.type, name: c.name, rate: 0, taxable: 0, tax: 0, source: c.source, sourceKind: kindOf(c.source) });
  }
  return {
    number: p.number,
    item_code: p.line.item_code ?? null,
    tax_code: p.taxCode?.code ?? p.line.tax_code ?? null,
    category: p.category,
    description: p.line.description ?? null,
    quantity: p.line.quantity ?? 1,
    amount: p.amount,
    discount: p.discount,
    taxable,
    exempt: price - base,
    tax,
    rate,
    tax_included: p.line.tax_included === true,
    taxability: charged ? 'taxable' : reason === 'no_nexus' || reason === 'not_subject_to_tax' ? 'not_collected' : 'exempt',
    reason,
    sourcing: sourced.sourcing,
    address: dest.address,
    rate_areas: sourced.rateAreas,
    taxability_rule: basis,
    jurisdictions,
    certificate: reason === 'certificate_applied' ? certificate : null,
    ...(declaration === null ? {} : { declaration: reason === 'declared_exemption' ? declaration : null }),
  };
}
