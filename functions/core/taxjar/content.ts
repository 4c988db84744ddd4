// The tax content as TaxJar's reference endpoints show it: a location's rates (GET /v2/rates/:zip),
// the product tax codes (GET /v2/categories), per-state summary rates (GET /v2/summary_rates) and
// the regions with nexus (GET /v2/nexus/regions). Same content and rules as /api/v1.
import { nexusStates, type TenantSettings } from '../account/settings';
import type { Micro, SourceKind, StateFacts } from '../content/artifact';
import { weakestKind } from '../content/state-rates';
import { US_STATES } from '../content/states';
import type { TaxCode } from '../content/tax-content';
import type { RateBreakdown } from '../tax/engine';
import { fromMicro } from '../tax/money';
import { rateAreasView } from '../tax/view';
import { SHIPPING_TAX_CODE } from './document';

/** Whether a state taxes delivery charges of taxable goods (TaxJar's `freight_taxable`). */
export const freightTaxable = (facts: StateFacts): boolean => facts.salesTax && facts.taxability.shipping?.t !== 'exempt';

interface Sourced {
  readonly type: string;
  readonly rate: number;
  readonly source?: string;
  readonly sourceKind?: SourceKind | undefined;
}

/** Each of TaxJar's rate parts, from the components of its type that levy a rate and name a source. */
function byPart<T>(components: readonly Sourced[], of: (rated: readonly Sourced[]) => T) {
  const rated = (type: string) => components.filter((c) => c.type === type && c.rate > 0 && c.source);
  return { state: of(rated('state')), county: of(rated('county')), city: of(rated('city')), special: of(rated('special')) };
}

/**
 * Where each of TaxJar's rate parts comes from (publisher, table, date; several districts' sources
 * joined by "; "), or null for a part without a rate: an addition TaxJar's shape allows, as objects
 * the official client passes through.
 */
export function taxjarSources(components: readonly Sourced[]) {
  return byPart(components, (rated) => (rated.length === 0 ? null : [...new Set(rated.map((c) => c.source!))].join('; ')));
}

/**
 * How each part's sources were obtained: the weakest kind among them (ranked as GET /api/v1/config's
 * weakest_source_kind), or null for a part without a source or with one of no known kind. A field
 * of its own beside `sources`, so clients that read those strings keep working.
 */
export function taxjarSourceKinds(components: readonly Sourced[]) {
  return byPart(components, (rated) => {
    const kinds = rated.flatMap((c) => (c.sourceKind ? [c.sourceKind] : []));
    return kinds.length === 0 || kinds.length < rated.length ? null : weakestKind(kinds);
  });
}

export function taxjarRateView(rates: RateBreakdown, facts: StateFacts, kindOf: (source: string) => SourceKind | undefined) {
  const part = (type: string): Micro => rates.components.filter((c) => c.type === type).reduce((n, c) => n + c.rate, 0);
  const combined = rates.components.reduce((n, c) => n + c.rate, 0);
  return {
    zip: rates.area.zip,
    country: 'US',
    country_rate: 0,
    state: rates.area.state,
    state_rate: fromMicro(part('state')),
    county: rates.area.countyName || null,
    county_rate: fromMicro(part('county')),
    city: rates.area.cityName || null,
    city_rate: fromMicro(part('city')),
    combined_district_rate: fromMicro(part('special')),
    combined_rate: fromMicro(combined),
    freight_taxable: freightTaxable(facts),
    sources: taxjarSources(rates.components),
    source_kinds: taxjarSourceKinds(rates.components.map((c) => ({ ...c, sourceKind: kindOf(c.source) }))),
    rate_areas: rateAreasView(rates.rateAreas),
  };
}

/** The catalog as TaxJar categories; SHIPPING, ours alone, is left out (TaxJar taxes `shipping` apart). */
export function taxjarCategories(codes: Iterable<TaxCode>) {
  return [...codes]
    .filter((c) => c.code !== SHIPPING_TAX_CODE)
    .sort((a, b) => a.code.localeCompare(b.code))
    .map((c) => ({ name: c.name, product_tax_code: c.code, description: c.description }));
}

export interface StateSummary {
  readonly state: string;
  readonly name: string;
  readonly minimumStateRate: Micro;
  readonly averageRate: Micro;
}

/** A state's name as TaxJar spells it ("California", "District of Columbia"), whatever the content's case. */
export const regionName = (name: string): string =>
  name
    .toLowerCase()
    .split(' ')
    .map((word, i) => (i > 0 && word === 'of' ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(' ');

export function taxjarSummaryRate(s: StateSummary) {
  return {
    country_code: 'US',
    country: 'United States',
    region_code: s.state,
    region: regionName(s.name),
    minimum_rate: { label: 'State Tax', rate: fromMicro(s.minimumStateRate) },
    average_rate: { label: 'Tax', rate: fromMicro(s.averageRate) },
  };
}

/** The states the account collects in on `today`: `all` is every state and DC, `registrations` those registered by then. */
export function nexusRegions(settings: Pick<TenantSettings, 'nexus' | 'registrations'>, today: string, stateName: (state: string) => string) {
  const states = nexusStates(settings, today, US_STATES);
  return states.map((state) => ({ country_code: 'US', country: 'United States', region_code: state, region: regionName(stateName(state)) }));
}
