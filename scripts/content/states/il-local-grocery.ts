// Illinois's local grocery tax (data/illinois_local_grocery.csv): each municipality's and county's
// rate from its date (0 = levies none). A county row covers the county's unincorporated area only
// (55 ILCS 5/5-1006.9). Every county of the state (us_zip_geo.csv) must have a row.
import type { GroceryMunicipality, GroceryPeriod, IllinoisContent } from '../../../functions/core/content/artifact';
import { placeKey } from '../../../functions/core/content/place-key';
import type { Build } from '../build/build';
import { firstClause } from '../build/source-text';
import { toMicro } from '../files/csv';

const EXACT_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `tax`: the row of illinois_rate_components.csv that dates the local grocery tax and gives its rate. */
export function localGroceryList(
  build: Build,
  tax: { readonly effective_from: string; readonly qualifying_food_rate: string },
  geoRows: readonly { readonly state: string; readonly county: string }[],
): IllinoisContent['localGrocery'] {
  const municipalities: Record<string, GroceryMunicipality[]> = {};
  const counties: Record<string, GroceryPeriod[]> = {};
  const illinoisCounties = new Set(geoRows.filter((r) => r.state === 'IL' && r.county).map((r) => r.county.toUpperCase()));
  for (const r of build.load('illinois_local_grocery.csv', [
    'jurisdiction',
    'kind',
    'county',
    'local_grocery_rate',
    'effective_from',
    'source',
    'source_kind',
  ])) {
    if (!EXACT_DATE.test(r.effective_from) || r.effective_from < tax.effective_from)
      throw new Error(`illinois_local_grocery.csv: ${r.jurisdiction} takes effect on ${r.effective_from}, before the local grocery tax exists`);
    const rate = toMicro(r.local_grocery_rate);
    if (rate !== 0 && rate !== toMicro(tax.qualifying_food_rate))
      throw new Error(`illinois_local_grocery.csv: ${r.jurisdiction} at ${rate}: the tax is 1 % or none`);
    const period = {
      from: r.effective_from,
      rate,
      source: build.sourceId(`Illinois local grocery list, ${r.jurisdiction} from ${r.effective_from}: ${firstClause(r.source)}`, r.source_kind),
    };
    const listed = r.county.split(';').map((c) => c.trim().toUpperCase());
    for (const c of listed) if (!illinoisCounties.has(c)) throw new Error(`illinois_local_grocery.csv: ${c} is not an Illinois county of us_zip_geo.csv`);
    if (r.kind === 'county') (counties[r.jurisdiction.toUpperCase()] ??= []).push(period);
    else if (r.kind === 'municipality') {
      const places = (municipalities[placeKey(r.jurisdiction)] ??= []);
      let place = places.find((p) => p.name === r.jurisdiction.toUpperCase());
      if (!place) places.push((place = { name: r.jurisdiction.toUpperCase(), county: listed.join(';'), periods: [] }));
      (place.periods as GroceryPeriod[]).push(period);
    } else throw new Error(`illinois_local_grocery.csv: unknown kind ${r.kind}`);
  }
  const inOrder = (periods: readonly GroceryPeriod[]) => {
    (periods as GroceryPeriod[]).sort((a, b) => a.from.localeCompare(b.from));
    if (new Set(periods.map((p) => p.from)).size !== periods.length) throw new Error('illinois_local_grocery.csv: two rows of one place share a date');
  };
  for (const places of Object.values(municipalities)) for (const p of places) inOrder(p.periods);
  for (const periods of Object.values(counties)) inOrder(periods);
  for (const c of illinoisCounties) if (!counties[c]) throw new Error(`illinois_local_grocery.csv lacks the county ${c}`);
  return { municipalities, counties };
}
