// One taxed line (contract §2.2 and §2.7): why it is or is not taxed, and its arithmetic.
import type { Micro, TaxabilityBasis } from '../content/artifact';
import { lineMath, type LineMath } from './line-math';
import type { RatedDestination } from './phases/addresses';
import type { LinePlan } from './phases/products';
import type { Sourced } from './sourcing';
import type { Taxed } from './taxability';
import type { CertificateGrant, JurisdictionTax, LineTax, Reason } from './types';

const NOT_CHARGED: LineMath = { tax: 0, taxable: 0, shares: [] };

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
): LineTax {
  let reason: Reason;
  if (!p.nexus) reason = 'no_nexus';
  else if (!stateTaxes && sourced.components.every((c) => c.rate === 0)) reason = 'not_subject_to_tax';
  else if (taxed.reason === 'product_exempt' || taxed.reason === 'holiday_exempt') reason = taxed.reason;
  else if (certificate && certificate.jurisdiction === p.state) reason = 'certificate_applied';
  else reason = taxed.reason;
  const charged = reason === 'standard_rated' || reason === 'reduced_rated';
  const base = charged ? taxed.base : 0;
  let rate: Micro = 0;
  const jurisdictions: JurisdictionTax[] = [];
  // A line not charged has no jurisdictions and no arithmetic to do (lineMath of nothing is zero).
  let math: LineMath = NOT_CHARGED;
  if (charged) {
    const { components } = taxed;
    const n = components.length;
    let rates = sourced.taxingRates;
    if (components !== sourced.taxing) {
      const own = new Array<Micro>(n);
      for (let i = 0; i < n; i++) own[i] = components[i]!.rate;
      rates = own;
    }
    math = lineMath(base, rates, p.line.tax_included === true);
    for (let i = 0; i < n; i++) {
      const c = components[i]!;
      rate += c.rate;
      jurisdictions.push({ type: c.type, name: c.name, rate: c.rate, taxable: math.taxable, tax: math.shares[i] ?? 0, source: c.source });
    }
  } else if (reason === 'product_exempt') {
    // An exempt product keeps the 0 % jurisdictions its state names (an Illinois place that levies no
    // grocery tax), taxing nothing; every other untaxed line has none.
    for (const c of taxed.components) if (c.rate === 0) jurisdictions.push({ type: c.type, name: c.name, rate: 0, taxable: 0, tax: 0, source: c.source });
  }
  const { area, precision } = dest;
  return {
    number: p.number,
    item_code: p.line.item_code ?? null,
    tax_code: p.taxCode?.code ?? p.line.tax_code ?? null,
    category: p.category,
    description: p.line.description ?? null,
    quantity: p.line.quantity ?? 1,
    amount: p.amount,
    discount: p.discount,
    taxable: math.taxable,
    exempt: price - base,
    tax: math.tax,
    rate,
    tax_included: p.line.tax_included === true,
    taxability: charged ? 'taxable' : reason === 'no_nexus' || reason === 'not_subject_to_tax' ? 'not_collected' : 'exempt',
    reason,
    sourcing: sourced.sourcing,
    address: { state: area.state, zip: area.zip, precision },
    rate_areas: sourced.rateAreas,
    taxability_rule: basis,
    jurisdictions,
    certificate: reason === 'certificate_applied' ? certificate : null,
  };
}
