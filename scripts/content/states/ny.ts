// New York: New York City levies no local tax on clothing below the state's threshold (us_states.csv
// NY clothing_note: "exempt ... from local tax where the locality elects (NYC does)"); the city's
// five boroughs are these counties.
import type { StateBuild } from './state-build';

export const newYork = (): StateBuild => ({
  state: 'NY',
  taxability: {
    clothingLocalCounties: ['NEW YORK', 'KINGS', 'QUEENS', 'BRONX', 'RICHMOND'],
    citations: { clothing: 'NY DTF Publication 718-C, Sales and Use Tax on Clothing and Footwear (tax.ny.gov/pdf/publications/sales/pub718c.pdf)' },
  },
});
