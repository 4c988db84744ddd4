// Illinois rates: general merchandise, qualifying food and drugs each carry their own state,
// transit-district and local rates (data/illinois_rate_components.csv), by the class of the product.
import type { Category, IllinoisContent, Micro, TransitPeriod } from '../../../content/artifact';
import type { RateArea, TaxContent } from '../../../content/tax-content';
import type { Component } from '../../taxability';
import { localGrocery } from './grocery';

export type IllinoisClass = 'general' | 'food' | 'drugs' | 'exempt';

export function illinoisClass(category: Category): IllinoisClass {
  switch (category) {
    case 'food_groceries':
    case 'bottled_water':
      return 'food';
    case 'prescription_drugs':
    case 'otc_drugs':
      return 'drugs';
    case 'digital_goods':
    case 'saas_cloud':
    case 'gift_cards':
    case 'exempt':
      return 'exempt';
    default:
      return 'general';
  }
}

const within = (date: string, from: string | null, to: string | null) => (from === null || from <= date) && (to === null || date <= to);

/** The transit district's rates of a county on a date (RTA, from 2026-08-01 NITA), if it has one. */
function transitOn(il: IllinoisContent, county: string, date: string): TransitPeriod | undefined {
  let found: TransitPeriod | undefined;
  for (const p of il.rta[county] ?? []) if (p.from === null || p.from <= date) found = p;
  return found;
}

/** An Illinois line's jurisdictions, and a note for the document when the place was estimated. */
export interface IllinoisRates {
  readonly components: readonly Component[];
  readonly note: string | null;
  /** What local rate changes since the ZIP table (data/local_rate_changes.csv) moved the rate by: the area's range moves alike. */
  readonly shift: Micro;
}

/**
 * The Illinois jurisdictions for a line of a class at an area on a date, or null when the content
 * holds no rate for that combination (il_rate_lookup_unresolved). `content` is the version in force
 * on the date: its ZIP table holds the transit rate of its own date inside its special districts.
 */
export function illinoisComponents(area: RateArea, cls: IllinoisClass, date: string, content: TaxContent): IllinoisRates | null {
  const il = content.artifact.illinois;
  const period = il.stateRates.find((p) => within(date, p.from, p.to));
  if (!period) return null;
  const county = area.countyName;
  const transit = transitOn(il, county, date);
  if (cls === 'general') {
    if (date < content.coverageFrom) return null; // local parts are known only from the ZIP table's date
    const tabled = transitOn(il, county, content.from)?.general ?? 0;
    const inTable = Math.min(tabled, area.rates.special);
    // A rate change of the district after the table's date replaces the table's share of it.
    const transitPart = inTable > 0 && inTable === tabled ? (transit?.general ?? inTable) : inTable;
    const stateSource = content.rateSource(period.source);
    const transitSource = transit !== undefined && transitPart === transit.general ? content.rateSource(transit.source) : area.sources.special;
    // Local rate changes since the table fall on general merchandise only, as the table's county and
    // city parts do: a part's new rate where it still has the rate replaced, or a tax of its own.
    const changes = content.localRateChanges(area, date);
    let shift = 0;
    let countyPart = { rate: area.rates.county, source: area.sources.county };
    let cityPart = { rate: area.rates.city, source: area.sources.city };
    for (const c of changes)
      if (c.part === 'county' && countyPart.rate === c.was) {
        shift += c.rate - c.was;
        countyPart = { rate: c.rate, source: c.source };
      } else if (c.part === 'city' && cityPart.rate === c.was) {
        shift += c.rate - c.was;
        cityPart = { rate: c.rate, source: c.source };
      }
    const parts: Component[] = [
      { type: 'state', name: 'ILLINOIS', rate: period.general, source: stateSource },
      { type: 'county', name: il.names.county[county] ?? county, ...countyPart },
      { type: 'city', name: area.cityName, ...cityPart },
      { type: 'special', name: transit?.name ?? '', rate: transitPart, source: transitSource },
      { type: 'special', name: area.regionName, rate: area.rates.special - inTable, source: area.sources.special },
    ];
    for (const added of changes)
      if (added.part === 'added') {
        parts.push({ type: 'special', name: added.name, rate: added.rate, source: added.source });
        shift += added.rate;
      }
    return { components: parts.filter((p) => p.rate > 0), note: null, shift };
  }
  if (cls === 'exempt') return { components: [], note: null, shift: 0 };
  let stateRate = cls === 'food' ? period.food : period.drugs;
  if (cls === 'food' && il.foodSuspensions.some((s) => within(date, s.from, s.to))) stateRate = 0;
  // MED taxes food and drugs at its general rate, in some townships only: a ZIP is in it when its
  // special districts reach that rate.
  const med = il.med[county];
  const parts = (
    [
      { type: 'state', name: 'ILLINOIS', rate: stateRate, source: content.rateSource(period.source) },
      { type: 'special', name: transit?.name ?? '', rate: transit?.foodDrugs ?? 0, source: transit ? content.rateSource(transit.source) : '' },
      {
        type: 'special',
        name: 'METRO-EAST MASS TRANSIT DISTRICT',
        rate: med !== undefined && area.rates.special >= med ? med : 0,
        source: content.rateSource(il.medSource),
      },
    ] satisfies Component[]
  ).filter((p) => p.rate > 0);
  if (cls !== 'food' || date < il.localGroceryFrom) return { components: parts, note: null, shift: 0 };
  const local = localGrocery(area, date, content);
  if (local === undefined) return null; // the content does not know whether this place levies the local 1 %
  return { components: [...parts, local.component], note: local.note, shift: 0 };
}
