// The jurisdictions of a place on a date, for lines whose state module does not rate them itself:
// the state's intrastate sourcing rule, a city's official rate (by its state module), scheduled
// state-rate changes and state-rate history before coverage.
import type { Micro } from '../content/artifact';
import type { ComponentRates, ComponentSources, LocalChange, RateArea, TaxContent } from '../content/tax-content';
import { byRate, type Component, type Jurisdictions } from './taxability';
import type { RateAreas, Sourcing } from './types';

const NO_LOCAL_CHANGES: readonly LocalChange[] = [];

export interface Sourced extends Jurisdictions {
  readonly sourcing: Sourcing;
  /** The official rate of the postal city replaced the ZIP row's. */
  readonly usedCityRate: boolean;
  /** The destination ZIP holds several rate areas: the lowest and highest general rate found, and the one used. */
  readonly rateAreas: RateAreas | null;
  /** Where the state's general rate comes from (the state part of the jurisdictions). */
  readonly stateSource: string;
  /**
   * What the lines of one product at this place share (taxability decision, its rule, the state's
   * holidays), kept per tax code or category on a remembered answer only (origin-free: the area's
   * memo); the engine fills it (phases/taxing.ts).
   */
  readonly products: unknown[] | null;
  /** The rates of `taxing`, in order (what a fully taxed line's arithmetic reads). */
  readonly taxingRates: readonly Micro[];
  /** `spanMessage` of this answer, kept on a remembered one. */
  spanNote: string | undefined;
}

/** The parts of an area whose postal city has an official rate, as its state's rules split it. */
export interface CityParts {
  readonly rates: ComponentRates;
  readonly sources: ComponentSources;
  /** The name of the special-district part. */
  readonly specialName: string;
}

/** A state's split of a city's official rate (`RateArea.cityRate`) into parts (its state module's). */
export type CityRates = (area: RateArea, content: TaxContent) => CityParts;

/**
 * The rate areas of a destination that holds several, with the general rate used there (`shift`:
 * a scheduled state-rate change since the table, which moves every area's rate alike).
 */
export function rateAreasOf(area: RateArea, used: Micro, shift = 0): RateAreas | null {
  if (!area.multiArea) return null;
  const lowest = area.range === null ? used : area.range.lowest + shift;
  const highest = area.range === null ? used : area.range.highest + shift;
  return { lowest: Math.min(lowest, used), highest: Math.max(highest, used), used };
}

/**
 * Before coverage only states without local tax whose rate history covers the date have a rate
 * (a local rate of then is not known); from coverage on, every rate area has one.
 */
export function hasRateOn(content: TaxContent, state: string, date: string): boolean {
  return date >= content.coverageFrom || (!content.stateFacts(state).localTax && content.historicalStateRate(state, date) !== undefined);
}

/**
 * Jurisdictions of a line shipped to `dest`, from `origin` when the seller ships from a known point.
 * `cityRates`: the split of a city's official rate by the rules of `dest`'s state, where it has one.
 * Without an origin the answer depends on the area, the date and the content only, and documents
 * of one day ask the same areas again and again: the area's memo keeps the last one (immutable).
 */
export function sourceComponents(dest: RateArea, origin: RateArea | null, date: string, content: TaxContent, cityRates: CityRates | undefined): Sourced {
  if (origin !== null) return source(dest, origin, date, content, cityRates);
  const last = dest.memo;
  if (last !== undefined && last.date === date && last.content === content) return last.value as Sourced;
  const sourced = source(dest, null, date, content, cityRates, true);
  dest.memo = { date, content, value: sourced };
  return sourced;
}

function source(dest: RateArea, origin: RateArea | null, date: string, content: TaxContent, cityRates: CityRates | undefined, remembered = false): Sourced {
  const facts = content.stateFacts(dest.state);
  const from = origin !== null && origin.state === dest.state && facts.intrastate !== 'destination' ? origin : null;
  const sourcing: Sourcing = from === null ? 'destination' : facts.intrastate === 'hybrid' ? 'hybrid' : 'origin';
  const local = from !== null && sourcing === 'origin' ? from : dest;
  let rates: ComponentRates = local.rates;
  let sources: ComponentSources = local.sources;
  let usedCityRate = false;
  let specialName = districtName((sourcing === 'hybrid' ? dest : local).regionName, local);
  if (from !== null && sourcing === 'hybrid') {
    rates = { ...from.rates, special: dest.rates.special };
    sources = { ...from.sources, special: dest.sources.special };
  } else if (local.cityRate !== null && cityRates !== undefined) {
    // A ZIP whose postal city has another official rate uses the city's, split into parts by its state's rules.
    const city = cityRates(local, content);
    rates = city.rates;
    sources = city.sources;
    specialName = city.specialName;
    usedCityRate = sourcing === 'destination';
  }
  let shift = 0;
  if (date < content.coverageFrom) {
    const history = content.historicalStateRate(dest.state, date);
    rates = { state: history?.rate ?? 0, county: 0, city: 0, special: 0 };
    if (history) sources = { ...sources, state: history.source };
  } else {
    const changed = content.stateRateChange(dest.state, date);
    if (changed !== undefined) {
      shift = changed.rate - rates.state;
      rates = { ...rates, state: changed.rate };
      sources = { ...sources, state: changed.source };
    }
  }
  // Local rate changes since the ZIP tables: a part's new rate where it still has the rate replaced,
  // a tax added as a jurisdiction of its own on every area of its county (or of its city).
  const changes = date >= content.coverageFrom ? content.localRateChanges(local, date) : NO_LOCAL_CHANGES;
  for (const change of changes)
    if (change.part !== 'added' && rates[change.part] === change.was) {
      shift += change.rate - change.was;
      rates = { ...rates, [change.part]: change.rate };
      sources = { ...sources, [change.part]: change.source };
    }
  const components: Component[] = [
    { type: 'state', name: facts.name, rate: rates.state, source: sources.state },
    { type: 'county', name: local.countyName, rate: rates.county, source: sources.county },
    { type: 'city', name: local.cityName, rate: rates.city, source: sources.city },
    { type: 'special', name: specialName, rate: rates.special, source: sources.special },
  ];
  for (const added of changes)
    if (added.part === 'added') {
      components.push({ type: 'special', name: added.name, rate: added.rate, source: added.source });
      shift += added.rate;
    }
  const rateAreas =
    sourcing === 'origin'
      ? null
      : rateAreasOf(
          dest,
          components.reduce((n, c) => n + c.rate, 0),
          shift,
        );
  const taxing = byRate(components);
  return {
    components,
    taxing,
    taxingRates: taxing.map((c) => c.rate),
    sourcing,
    usedCityRate,
    rateAreas,
    stateSource: sources.state,
    products: remembered ? [] : null,
    spanNote: undefined,
  };
}

/** Special districts carry the rate area's name, set apart when it repeats a county or city name. */
function districtName(region: string, area: RateArea): string {
  return region === area.cityName || region === area.countyName ? `${region} SPECIAL DISTRICTS` : region;
}

const percent = (micro: number): string => `${(micro / 10_000).toFixed(4).replace(/\.?0+$/, '')} %`;

/** The rates found in the ZIP, lowest and highest, and which one was used (formatted once per remembered answer). */
export function spanMessage(area: RateArea, sourced: SpanFacts & { spanNote?: string | undefined; readonly products?: unknown }): string {
  if (sourced.spanNote !== undefined) return sourced.spanNote;
  const note = composeSpanMessage(area, sourced);
  if (sourced.products) sourced.spanNote = note;
  return note;
}

type SpanFacts = Pick<Sourced, 'rateAreas' | 'usedCityRate' | 'sourcing'>;

function composeSpanMessage(area: RateArea, sourced: SpanFacts): string {
  const areas = sourced.rateAreas;
  const found = areas === null ? '' : ` (general rates from ${percent(areas.lowest)} to ${percent(areas.highest)})`;
  const rate = areas === null ? '' : ` (${percent(areas.used)})`;
  const used = sourced.usedCityRate
    ? `the official rate of ${area.cityName}${rate}`
    : sourced.sourcing === 'origin'
      ? 'the rate of the origin'
      : `the rate of its main area${rate}`;
  return `The ZIP code spans several rate areas${found}; ${used} was used.`;
}
