// How a state's treatment of a product category shapes a line: which jurisdictions tax it, at
// what rates, and on how much of its price.
import type { Micro, Treatment } from '../content/artifact';
import { mulDivHalfUp } from './money';
import type { JurisdictionType } from './types';

export interface Component {
  readonly type: JurisdictionType;
  readonly name: string;
  readonly rate: Micro;
}

export interface Taxed {
  readonly components: readonly Component[];
  /** The taxable part of the line's price (cents). */
  readonly base: number;
  readonly reason: 'standard_rated' | 'reduced_rated' | 'product_exempt' | 'holiday_exempt';
  /** The data marks this treatment as unverified. */
  readonly unverified: boolean;
}

export interface PriceFacts {
  /** Net price (amount − discount), or the gross amount of a tax-included line, in cents. */
  readonly price: number;
  readonly quantity: number;
  readonly countyName: string;
  readonly stateName: string;
  /** Shipping only: taxable share of the goods delivered with it, as [taxable, all] cents. */
  readonly goodsShare: readonly [number, number] | null;
}

/** The components that tax (the array itself when all do: most lines, and no copy for them). */
const byRate = (components: readonly Component[]) => (components.every((c) => c.rate > 0) ? components : components.filter((c) => c.rate > 0));

const EXEMPT: Taxed = { components: [], base: 0, reason: 'product_exempt', unverified: false };

/** Taxed at the jurisdictions' full rates on `base`; a base below the price is a reduced base. */
function fullRate(components: readonly Component[], base: number, price: number, unverified = false): Taxed {
  const taxing = byRate(components);
  if (taxing.length === 0 || base === 0) return { components: [], base: 0, reason: 'product_exempt', unverified };
  return { components: taxing, base, reason: base < price ? 'reduced_rated' : 'standard_rated', unverified };
}

export function applyTreatment(treatment: Treatment | undefined, components: readonly Component[], facts: PriceFacts): Taxed {
  const { price } = facts;
  if (!treatment) return fullRate(components, price, price);
  switch (treatment.t) {
    case 'taxable':
      return fullRate(components, price, price);
    case 'unverified':
      return fullRate(components, price, price, true);
    case 'exempt':
      return EXEMPT;
    case 'reduced': {
      const state = components.find((c) => c.type === 'state');
      const local =
        treatment.local === 'zip'
          ? components.filter((c) => c.type !== 'state')
          : treatment.local === 'none'
            ? []
            : [{ type: 'special' as const, name: `${facts.stateName} STATEWIDE LOCAL`, rate: treatment.local }];
      const parts = byRate([{ type: 'state', name: state?.name ?? facts.stateName, rate: treatment.state }, ...local]);
      return parts.length === 0 || price === 0 ? EXEMPT : { components: parts, base: price, reason: 'reduced_rated', unverified: false };
    }
    case 'threshold': {
      // Exempt when the unit price is below the threshold: price / quantity < below.
      if (price >= treatment.belowCents * facts.quantity) return fullRate(components, price, price);
      const localExempt = treatment.localCounties.includes(facts.countyName);
      const parts = byRate(components.filter((c) => c.type !== 'state' && !localExempt));
      return parts.length === 0 || price === 0 ? EXEMPT : { components: parts, base: price, reason: 'reduced_rated', unverified: false };
    }
    case 'first_exempt': {
      const exemptPart = Math.min(price, Math.round(treatment.cents * facts.quantity));
      return exemptPart >= price ? EXEMPT : fullRate(components, price - exemptPart, price);
    }
    case 'base_share':
      return fullRate(components, mulDivHalfUp(price, treatment.permille, 1000), price);
    case 'follows_items': {
      if (!facts.goodsShare || facts.goodsShare[1] === 0) return fullRate(components, price, price);
      const [taxable, all] = facts.goodsShare;
      return taxable === 0 ? EXEMPT : fullRate(components, taxable >= all ? price : mulDivHalfUp(price, taxable, all), price);
    }
  }
}
