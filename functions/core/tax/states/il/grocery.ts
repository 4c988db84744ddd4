// The Illinois local grocery tax (P.A. 103-0781): from 2026-01-01 the state's 1 % on groceries is
// gone, and a municipality (65 ILCS 5/8-11-24), or a county outside its municipalities (55 ILCS
// 5/5-1006.9), may levy 1 % by ordinance, taking effect on a January 1 or July 1 only. The content
// lists the places whose answer a source gives (data/illinois_local_grocery.csv). The ZIP table
// carries no boundaries, so a ZIP is placed in its postal city; the answer says so.
import type { GroceryPeriod, Micro } from '../../../content/artifact';
import { placeKey } from '../../../content/place-key';
import type { RateArea, TaxContent } from '../../../content/tax-content';
import type { Component } from '../../taxability';

export interface LocalGrocery {
  /** The municipality's grocery tax, kept in the breakdown at 0 % where it levies none. */
  readonly component: Component;
  /** Which place was taken and what an address outside it owes, for the document's messages. */
  readonly note: string;
}

/**
 * The local grocery tax at the ZIP's postal city on `date`, or undefined when the list does not
 * know that municipality (or several of its name and none in the ZIP's county).
 */
export function localGrocery(area: RateArea, date: string, content: TaxContent): LocalGrocery | undefined {
  const il = content.artifact.illinois;
  const places = il.localGrocery.municipalities[placeKey(area.cityName)] ?? [];
  const place = places.length === 1 ? places[0] : places.find((p) => p.county.split(';').includes(area.countyName));
  const period = place === undefined ? undefined : periodOn(place.periods, date);
  if (place === undefined || period === undefined) return undefined;
  const { rate } = period;
  const county = rateOn(il.localGrocery.counties[area.countyName] ?? [], date);
  const outside = county === undefined ? 'is not known' : `is ${percent(county)}`;
  return {
    component: { type: 'city', name: `${place.name} GROCERY TAX`, rate, source: content.rateSource(period.source) },
    note:
      `Local grocery tax of ${place.name} (${percent(rate)}): the ZIP code's postal city is taken as the taxing municipality; ` +
      `outside its limits, in unincorporated ${area.countyName} COUNTY, the county's grocery rate ${outside}.`,
  };
}

/** The newest period on or before `date`; undefined before the first. */
function periodOn(periods: readonly GroceryPeriod[], date: string): GroceryPeriod | undefined {
  let found: GroceryPeriod | undefined;
  for (const p of periods) if (p.from <= date) found = p;
  return found;
}

/** The rate of the newest period on or before `date`; undefined before the first. */
export function rateOn(periods: readonly GroceryPeriod[], date: string): Micro | undefined {
  return periodOn(periods, date)?.rate;
}

const percent = (micro: Micro): string => `${micro / 10_000} %`;
