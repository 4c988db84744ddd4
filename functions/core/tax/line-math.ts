// The arithmetic of one line: the line's tax is the half-up rounding of the exact
// sum over its jurisdictions; jurisdiction shares are rounded half-up and the last cent goes to the
// largest remainder, so line tax = sum of jurisdiction taxes always holds.
import type { Micro } from '../content/artifact';
import { allocate, MICRO, mulDivHalfUp } from './money';

export interface LineMath {
  readonly tax: number;
  /** Taxable amount: the base, or for tax-included lines the base less the tax inside it. */
  readonly taxable: number;
  readonly shares: number[];
}

/**
 * The line's tax, with each jurisdiction's share written to the first `rates.length` slots of
 * `shares` (the engine's scratch array: nothing is allocated per line). `base` is the taxable part
 * of the line in cents: net of discount, or for a tax-included line the gross amount the tax is
 * backed out of (its taxable amount is then `base − tax`).
 */
export function lineTaxInto(base: number, rates: readonly Micro[], taxIncluded: boolean, shares: number[]): number {
  let total = 0;
  for (let i = 0; i < rates.length; i++) total += rates[i]!;
  if (base === 0 || total === 0) {
    for (let i = 0; i < rates.length; i++) shares[i] = 0;
    return 0;
  }
  const denominator = taxIncluded ? MICRO + total : MICRO;
  const tax = mulDivHalfUp(base, total, denominator);
  allocate(base, rates, denominator, tax, shares);
  return tax;
}

/** `lineTaxInto` as a value. */
export function lineMath(base: number, rates: readonly Micro[], taxIncluded: boolean): LineMath {
  const shares = new Array<number>(rates.length);
  const tax = lineTaxInto(base, rates, taxIncluded, shares);
  return { tax, taxable: taxIncluded ? base - tax : base, shares };
}
