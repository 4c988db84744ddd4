// GET /rates: the general-merchandise rate at a destination on a date, by the same rules as a
// calculation, refused with the errors a calculation would give.
import type { RateArea, TaxContent } from '../content/tax-content';
import { DomainError } from '../errors';
import { staleMessage, staleStates } from './content-age';
import { detail } from './refusals';
import { hasRateOn, rateAreasOf, sourceComponents, spanMessage } from './sourcing';
import { stateModule } from './states';
import type { Component } from './taxability';
import type { Precision, RateAreas } from './types';

export interface RateBreakdown {
  readonly area: RateArea;
  readonly precision: Precision;
  readonly components: readonly Component[];
  /** The official rate of the postal city replaced the ZIP row's. */
  readonly usedCityRate: boolean;
  /** The ZIP holds several rate areas: the rates found in it and the one shown. */
  readonly rateAreas: RateAreas | null;
  /** What a calculation's zip_spans_multiple_rate_areas message says, or null. */
  readonly note: string | null;
  /** What a calculation's content_older_than_date message says, or null. */
  readonly ageNote: string | null;
  /** The content version in force on the date. */
  readonly version: string;
}

/**
 * City rates, scheduled state changes, history before coverage and a state module's own rates
 * apply as in a calculation.
 */
export function destinationRates(all: TaxContent, state: string | undefined, zip: string, date: string): RateBreakdown {
  const content = all.at(date);
  const { version } = content;
  const resolution = content.resolve(state, zip);
  if (resolution.kind === 'invalid') throw new DomainError('invalid_address', resolution.reason, [detail('invalid_address', 'query.zip', resolution.reason)]);
  if (resolution.kind === 'unrated') {
    const unlocated = stateModule(resolution.state)?.unlocated;
    if (unlocated) throw unlocated();
    throw new DomainError('rate_unavailable', 'No rate exists for this state and ZIP code.');
  }
  const { area, precision } = resolution;
  const module = stateModule(area.state);
  const [stale] = staleStates([{ plan: { state: area.state, nexus: true }, dest: { target: 'query.zip' } }], date, all);
  const ageNote = stale === undefined ? null : staleMessage(stale, date, all).message;
  if (module?.generalRates) {
    const components = module.generalRates(area, date, content);
    const rateAreas = rateAreasOf(
      area,
      components.reduce((sum, c) => sum + c.rate, 0),
    );
    const sourced = { components, taxing: components, sourcing: 'destination' as const, usedCityRate: false, rateAreas };
    return {
      area,
      precision,
      components,
      usedCityRate: false,
      rateAreas,
      note: area.multiArea ? spanMessage(area, sourced) : null,
      ageNote,
      version,
    };
  }
  if (!hasRateOn(content, area.state, date))
    throw new DomainError('rate_unavailable', `No rate exists for this state and ZIP code on ${date} (rates are covered from ${content.coverageFrom}).`);
  const sourced = sourceComponents(area, null, date, content, module?.cityRates);
  const note = area.multiArea ? spanMessage(area, sourced) : null;
  return { area, precision, components: sourced.taxing, usedCityRate: sourced.usedCityRate, rateAreas: sourced.rateAreas, note, ageNote, version };
}
