// The Illinois ZIPs whose groceries the content cannot answer on a date (il_rate_lookup_unresolved),
// with the reason, for data/illinois_grocery_unresolved.csv: the list that data/README.md promises.
import type { TaxContent } from '../../../functions/core/content/tax-content';
import { localGrocery } from '../../../functions/core/tax/states/il/grocery';
import { csvField } from '../files/csv-write';

export interface UnresolvedZip {
  readonly zip: string;
  readonly postalCity: string;
  readonly county: string;
  readonly reason: string;
}

export function illinoisUnresolved(content: TaxContent, date: string): UnresolvedZip[] {
  const version = content.at(date);
  const out: UnresolvedZip[] = [];
  for (const key of [...version.rows().keys()].filter((k) => k.startsWith('IL,')).sort()) {
    const resolved = version.resolve('IL', key.slice(3));
    if (resolved.kind !== 'area' || localGrocery(resolved.area, date, version) !== undefined) continue;
    const { area } = resolved;
    const reason =
      area.cityName === ''
        ? 'no postal city in GeoNames (us_zip_geo.csv): no municipality can be named'
        : 'postal city not on the local grocery list: whether it levies the 1 % is not known to the content';
    out.push({ zip: area.zip, postalCity: area.cityName, county: area.countyName, reason });
  }
  return out;
}

/** The rows as the text of data/illinois_grocery_unresolved.csv. */
export function unresolvedCsv(rows: readonly UnresolvedZip[]): string {
  return `zip,postal_city,county,reason\n${rows.map((r) => [r.zip, r.postalCity, r.county, r.reason].map(csvField).join(',')).join('\n')}\n`;
}
