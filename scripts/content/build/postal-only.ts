// The postal ZIPs of a state (us_zip_geo.csv) that some version gives no rate row (postalOnlyZips):
// per state, sorted.
import type { States } from './state-facts';
import type { ZipGeography } from './zip-geography';

/** `rated`: how many versions give each "ST,zip" a row, of `versions`. */
export function postalOnlyZips(geography: ZipGeography, states: States, rated: ReadonlyMap<string, number>, versions: number): Record<string, string> {
  const postalOnly: Record<string, Set<string>> = {};
  for (const r of geography.rows) {
    if (!states.facts[r.state] || rated.get(`${r.state},${r.zip}`) === versions) continue;
    (postalOnly[r.state] ??= new Set()).add(r.zip);
  }
  return Object.fromEntries(Object.entries(postalOnly).map(([state, set]) => [state, [...set].sort().join('')]));
}
