// The Illinois local grocery tax (P.A. 103-0781): from 2026-01-01 the state's 1 % on groceries is
// gone, and a municipality (65 ILCS 5/8-11-24), or a county outside its municipalities (55 ILCS
// 5/5-1006.9), may levy 1 % by ordinance, taking effect on a January 1 or July 1 only. The content
// lists the places whose answer a source gives (data/illinois_local_grocery.csv). The ZIP table
// carries no boundaries, so a ZIP is placed in its postal city; the answer says so.
import type { GroceryPeriod, IllinoisContent, Micro } from '../content/artifact';
import { placeKey } from '../content/place-key';
import type { RateArea } from '../content/tax-content';
import type { Component } from './taxability';

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
export function localGrocery(area: RateArea, date: string, il: IllinoisContent): LocalGrocery | undefined {
  const places = il.localGrocery.municipalities[placeKey(area.cityName)] ?? [];
  const place = places.length === 1 ? places[0] : places.find((p) => p.county.split(';').includes(area.countyName));
  const rate = place === undefined ? undefined : rateOn(place.periods, date);
  if (place === undefined || rate === undefined) return undefined;
  const county = rateOn(il.localGrocery.counties[area.countyName] ?? [], date);
  const outside = county === undefined ? 'is not known' : `is ${percent(county)}`;
  return {
    component: { type: 'city', name: `${place.name} GROCERY TAX`, rate },
    note:
      `Local grocery tax of ${place.name} (${percent(rate)}): the ZIP code's postal city is taken as the taxing municipality; ` +
      `outside its limits, in unincorporated ${area.countyName} COUNTY, the county's grocery rate ${outside}.`,
  };
}

/** The rate of the newest period on or before `date`; undefined before the first. */
export function rateOn(periods: readonly GroceryPeriod[], date: string): Micro | undefined {
  let rate: Micro | undefined;
  for (const p of periods) if (p.from <= date) rate = p.rate;
  return rate;
}

const percent = (micro: Micro): string => `${micro / 10_000} %`;
