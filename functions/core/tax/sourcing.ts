// The jurisdictions of a place outside Illinois on a date: the state's intrastate sourcing rule,
// California city rates, scheduled state-rate changes and state-rate history before coverage.
import type { ComponentRates, RateArea, TaxContent } from '../content/tax-content';
import { byRate, type Component, type Jurisdictions } from './taxability';
import type { Sourcing } from './types';

export interface Sourced extends Jurisdictions {
  readonly sourcing: Sourcing;
  /** California: the official rate of the postal city replaced the ZIP row's. */
  readonly usedCityRate: boolean;
}

/**
 * Contract §2.6: before coverage only states without local tax whose rate history covers the date
 * have a rate; from coverage on, every rate area has one.
 */
export function hasRateOn(content: TaxContent, state: string, date: string): boolean {
  return date >= content.coverageFrom || (!content.stateFacts(state).localTax && content.historicalStateRate(state, date) !== undefined);
}

/**
 * Jurisdictions of a line shipped to `dest`, from `origin` when the seller ships from a known point.
 * Without an origin the answer depends on the area, the date and the content only, and documents
 * of one day ask the same areas again and again: the area's memo keeps the last one (immutable).
 */
export function sourceComponents(dest: RateArea, origin: RateArea | null, date: string, content: TaxContent): Sourced {
  if (origin !== null) return source(dest, origin, date, content);
  const last = dest.memo;
  if (last !== undefined && last.date === date && last.content === content) return last.value as Sourced;
  const sourced = source(dest, null, date, content);
  dest.memo = { date, content, value: sourced };
  return sourced;
}

function source(dest: RateArea, origin: RateArea | null, date: string, content: TaxContent): Sourced {
  const facts = content.stateFacts(dest.state);
  const from = origin !== null && origin.state === dest.state && facts.intrastate !== 'destination' ? origin : null;
  const sourcing: Sourcing = from === null ? 'destination' : facts.intrastate === 'hybrid' ? 'hybrid' : 'origin';
  const local = from !== null && sourcing === 'origin' ? from : dest;
  let rates: ComponentRates = local.rates;
  let usedCityRate = false;
  let specialName = districtName((sourcing === 'hybrid' ? dest : local).regionName, local);
  if (from !== null && sourcing === 'hybrid') {
    rates = { ...from.rates, special: dest.rates.special };
  } else if (local.caCityRate !== null) {
    // Contract §2.3: a California ZIP whose postal city has another official rate uses the city's:
    // CDTFA's statewide base (state, county transportation, city operations), and the city's and
    // county's district taxes for the rest — named for them, not for the ZIP row's region.
    const base = content.artifact.caBaseRates;
    rates = { state: base.state, county: base.county, city: base.city, special: local.caCityRate - base.state - base.county - base.city };
    specialName = `${local.countyName} COUNTY AND ${local.cityName} DISTRICT TAXES`;
    usedCityRate = sourcing === 'destination';
  }
  if (date < content.coverageFrom) {
    rates = { state: content.historicalStateRate(dest.state, date) ?? 0, county: 0, city: 0, special: 0 };
  } else {
    const changed = content.stateRateChange(dest.state, date);
    if (changed !== undefined) rates = { ...rates, state: changed };
  }
  const components: Component[] = [
    { type: 'state', name: facts.name, rate: rates.state },
    { type: 'county', name: local.countyName, rate: rates.county },
    { type: 'city', name: local.cityName, rate: rates.city },
    { type: 'special', name: specialName, rate: rates.special },
  ];
  return { components, taxing: byRate(components), sourcing, usedCityRate };
}

/** Special districts carry the rate area's name, set apart when it repeats a county or city name. */
function districtName(region: string, area: RateArea): string {
  return region === area.cityName || region === area.countyName ? `${region} SPECIAL DISTRICTS` : region;
}
