// Illinois taxability: a line's rate class (35 ILCS 120/2-10: general merchandise, qualifying food,
// drugs and medical appliances; classes that are no sale of tangible property) decides it, at the
// components its class selects, and names the class's rule.
import type { Category, TaxabilityBasis } from '../../../content/artifact';
import type { StateRules, TaxContent } from '../../../content/tax-content';
import type { Component, Taxed } from '../../taxability';
import { IL } from './posture';
import { type IllinoisClass, illinoisClass } from './rates';

/**
 * An Illinois line is exempt where every jurisdiction rates it at 0 (groceries where no local
 * grocery tax or transit tax applies, or the 2022-23 suspension): the same answer as any product a
 * state exempts. A 0 % place stays in the breakdown, taxing nothing, so "levies none" reads as an
 * answer rather than a gap.
 */
export function illinoisTaxed(category: Category, components: readonly Component[], price: number): Taxed {
  if (components.every((c) => c.rate === 0)) return { components, base: 0, reason: 'product_exempt', unverified: false };
  const cls = illinoisClass(category);
  return { components, base: price, reason: cls === 'food' || cls === 'drugs' ? 'reduced_rated' : 'standard_rated', unverified: false };
}

/** The rule of each rate class for the last date asked and the state-rate period it falls in (kept on the state's rules). */
type BasisMemo = Map<IllinoisClass, { date: string; period: number; basis: TaxabilityBasis }>;

/** The Illinois rule of a line's rate class on `date`, citing the state rates' source. */
export function illinoisBasis(category: Category, date: string, content: TaxContent, rules: StateRules): TaxabilityBasis {
  const cls = illinoisClass(category);
  const { artifact } = content;
  let memo = rules.memo as BasisMemo | undefined;
  if (memo === undefined) rules.memo = memo = new Map();
  // The answer for the last date asked is kept per class: most documents are of one day.
  const last = memo.get(cls);
  if (last !== undefined && last.date === date) return last.basis;
  const periods = artifact.illinois.stateRates;
  let at = periods.findIndex((p) => (p.from === null || p.from <= date) && (p.to === null || date <= p.to));
  if (at < 0) at = periods.length - 1;
  if (last !== undefined && last.period === at) {
    last.date = date;
    return last.basis;
  }
  const period = periods[at]!;
  const rate = cls === 'general' ? period.general : cls === 'food' ? period.food : cls === 'drugs' ? period.drugs : 0;
  const basis: TaxabilityBasis = {
    state: IL,
    class:
      cls === 'general'
        ? 'general_merchandise'
        : cls === 'food'
          ? 'qualifying_food'
          : cls === 'drugs'
            ? 'drugs_and_medical_appliances'
            : 'not_tangible_property',
    treatment: cls === 'general' ? 'general_rate' : cls === 'exempt' ? 'exempt' : 'reduced_rate',
    effective_from: period.from ?? content.coverageFrom,
    citation:
      cls === 'exempt'
        ? "Illinois Retailers' Occupation Tax Act (35 ILCS 120/1): the tax applies to sales of tangible personal property only"
        : content.rateSource(period.source),
    summary:
      cls === 'exempt'
        ? "IL: not a sale of tangible personal property under the Retailers' Occupation Tax."
        : `IL: ${cls === 'general' ? 'general merchandise' : cls === 'food' ? 'qualifying food (low rate)' : 'drugs and medical appliances (low rate)'} at a state rate of ${rate / 10_000} % (35 ILCS 120/2-10) with the local taxes of its class.`,
  };
  memo.set(cls, { date, period: at, basis });
  return basis;
}
