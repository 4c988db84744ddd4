// How a state's treatment of a product category shapes a line: which jurisdictions tax it, at
// what rates, and on how much of its price.
import type { Micro, Treatment } from '../content/artifact';
import { mulDivHalfUp } from './money';
import type { JurisdictionType } from './types';

export interface Component {
  readonly type: JurisdictionType;
  readonly name: string;
  readonly rate: Micro;
  /** Where the rate comes from (publisher, table, date). */
  readonly source: string;
}

/** A line's jurisdictions, and those of them that tax (rate above 0: the same array when all do). */
export interface Jurisdictions {
  readonly components: readonly Component[];
  readonly taxing: readonly Component[];
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
  /** Shipping only: the goods delivered with it so far, their taxable and their whole cents (0 and 0: none). */
  readonly goodsTaxable: number;
  readonly goodsAll: number;
  /** A rate source of the content by index (a reduced treatment names its own). */
  readonly rateSource: (index: number) => string;
}

/** The components that tax (the array itself when all do: most lines, and no copy for them). */
export const byRate = (components: readonly Component[]): readonly Component[] =>
  components.every((c) => c.rate > 0) ? components : components.filter((c) => c.rate > 0);

const NONE: readonly Component[] = [];
const EXEMPT: Taxed = { components: NONE, base: 0, reason: 'product_exempt', unverified: false };

/** Taxed at the jurisdictions' full rates on `base`; a base below the price is a reduced base. */
function fullRate(taxing: readonly Component[], base: number, price: number, unverified = false): Taxed {
  if (taxing.length === 0 || base === 0) return { components: NONE, base: 0, reason: 'product_exempt', unverified };
  return { components: taxing, base, reason: base < price ? 'reduced_rated' : 'standard_rated', unverified };
}

/**
 * What a treatment that taxes the whole price does to every line of a place: the components that
 * tax and the reason (no components: exempt). The same for all of the place's lines of a product,
 * so the engine keeps it with them. Null where the treatment reads the line's price or quantity.
 */
export interface WholePrice {
  readonly components: readonly Component[];
  readonly reason: Taxed['reason'];
  readonly unverified: boolean;
}

export function wholePrice(
  treatment: Treatment | undefined,
  jurisdictions: Jurisdictions,
  facts: Pick<PriceFacts, 'stateName' | 'rateSource'>,
): WholePrice | null {
  const { components, taxing } = jurisdictions;
  if (!treatment) return { components: taxing, reason: 'standard_rated', unverified: false };
  switch (treatment.t) {
    case 'taxable':
      return { components: taxing, reason: 'standard_rated', unverified: false };
    case 'unverified':
      return { components: taxing, reason: 'standard_rated', unverified: true };
    case 'exempt':
      return { components: NONE, reason: 'product_exempt', unverified: false };
    case 'reduced':
    case 'class_rate': {
      const state = components.find((c) => c.type === 'state');
      // The reduced rates come from the rule that sets them (its source), not from the rate table.
      const source = treatment.source === undefined ? (state?.source ?? '') : facts.rateSource(treatment.source);
      const local =
        treatment.local === 'zip'
          ? components.filter((c) => c.type !== 'state')
          : treatment.local === 'none'
            ? []
            : [{ type: 'special' as const, name: `${facts.stateName} STATEWIDE LOCAL`, rate: treatment.local, source }];
      const parts = byRate([{ type: 'state', name: state?.name ?? facts.stateName, rate: treatment.state, source }, ...local]);
      return { components: parts, reason: treatment.t === 'reduced' ? 'reduced_rated' : 'standard_rated', unverified: false };
    }
    default:
      return null;
  }
}

export type MutableTaxed = { -readonly [K in keyof Taxed]: Taxed[K] };

/**
 * A line of `price` cents under a whole-price treatment, written to `into` (the engine passes one
 * object per document, read before the next line: nothing allocated a line).
 */
export function priced(whole: WholePrice, price: number, into: MutableTaxed = { ...EXEMPT }): Taxed {
  const exempt = whole.components.length === 0 || price === 0;
  into.components = exempt ? NONE : whole.components;
  into.base = exempt ? 0 : price;
  into.reason = exempt ? 'product_exempt' : whole.reason;
  into.unverified = whole.unverified;
  return into;
}

export function applyTreatment(treatment: Treatment | undefined, jurisdictions: Jurisdictions, facts: PriceFacts): Taxed {
  const { price } = facts;
  const { components, taxing } = jurisdictions;
  switch (treatment?.t) {
    case 'threshold': {
      // Exempt when the unit price is below the threshold: price / quantity < below.
      if (price >= treatment.belowCents * facts.quantity) return fullRate(taxing, price, price);
      const localExempt = treatment.localCounties.includes(facts.countyName);
      const parts = byRate(components.filter((c) => c.type !== 'state' && !localExempt));
      return parts.length === 0 || price === 0 ? EXEMPT : { components: parts, base: price, reason: 'reduced_rated', unverified: false };
    }
    case 'first_exempt': {
      const exemptPart = Math.min(price, Math.round(treatment.cents * facts.quantity));
      return exemptPart >= price ? EXEMPT : fullRate(taxing, price - exemptPart, price);
    }
    case 'base_share':
      return fullRate(taxing, mulDivHalfUp(price, treatment.permille, 1000), price);
    case 'follows_items': {
      const { goodsTaxable: taxable, goodsAll: all } = facts;
      if (all === 0) return fullRate(taxing, price, price);
      return taxable === 0 ? EXEMPT : fullRate(taxing, taxable >= all ? price : mulDivHalfUp(price, taxable, all), price);
    }
    default:
      // Every other treatment takes the whole price (wholePrice answers for it).
      return priced(wholePrice(treatment, jurisdictions, facts)!, price);
  }
}
