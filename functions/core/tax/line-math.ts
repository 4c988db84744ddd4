// The arithmetic of one line (contract §2.2): the line's tax is the half-up rounding of the exact
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
 * `base` is the taxable part of the line in cents: net of discount, or for a tax-included line the
 * gross amount the tax is backed out of.
 */
export function lineMath(base: number, rates: readonly Micro[], taxIncluded: boolean): LineMath {
  let total = 0;
  for (const r of rates) total += r;
  if (base === 0 || total === 0) return { tax: 0, taxable: base, shares: rates.map(() => 0) };
  if (!taxIncluded) {
    const tax = mulDivHalfUp(base, total, MICRO);
    return { tax, taxable: base, shares: allocate(base, rates, MICRO, tax) };
  }
  const denominator = MICRO + total;
  const tax = mulDivHalfUp(base, total, denominator);
  return { tax, taxable: base - tax, shares: allocate(base, rates, denominator, tax) };
}
