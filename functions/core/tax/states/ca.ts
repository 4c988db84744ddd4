// California: a ZIP whose postal city has an official CDTFA rate other than the ZIP row's is taxed
// at the city's rate (data/README.md, "7. California"): CDTFA's statewide base (state, county
// transportation, city or county operations), and the city's and county's district taxes for the
// rest, named for them rather than for the ZIP row's region.
import type { RateArea, TaxContent } from '../../content/tax-content';
import type { CityParts } from '../sourcing';
import type { StateModule } from './state-module';

function cityRates(area: RateArea, content: TaxContent): CityParts {
  const base = content.artifact.caBaseRates;
  const baseSource = content.rateSource(content.artifact.caBaseSource);
  return {
    rates: { state: base.state, county: base.county, city: base.city, special: area.cityRate! - base.state - base.county - base.city },
    sources: { state: baseSource, county: baseSource, city: baseSource, special: content.rateSource(content.rateVersion.caCitySource) },
    specialName: `${area.countyName} COUNTY AND ${area.cityName} DISTRICT TAXES`,
  };
}

export const california: StateModule = { state: 'CA', cityRates };
