// What the derivation of a ZIP's rate areas reads besides the ZIP tables (data/README.md §1):
// GeoNames' record of each ZIP (us_zip_geo.csv: its state, county and county FIPS code) and the
// Census ZIP-to-county relationship file (zcta_county_2020.csv: the land each county has of a ZIP).
import type { Build } from './build';
import { normalCounty } from './rate-areas';

export interface ZipGeography {
  readonly rows: readonly Readonly<Record<'zip' | 'state' | 'county' | 'county_fips', string>>[];
  /** County names by state (upper case, without "County", "Parish", …). */
  readonly countyNames: ReadonlyMap<string, ReadonlySet<string>>;
  /** A ZIP's counties (5-digit FIPS) with their share of its land, largest first; GeoNames' county alone where the Census file has none. */
  readonly zipCounties: (state: string, zip: string) => readonly { readonly county: string; readonly share: number }[];
}

export function readZipGeography(build: Build): ZipGeography {
  const rows = build.load('us_zip_geo.csv', ['zip', 'state', 'county', 'county_fips']);
  const countyNames = new Map<string, Set<string>>();
  const geoCounty = new Map<string, string>();
  for (const r of rows) {
    if (r.county) (countyNames.get(r.state) ?? countyNames.set(r.state, new Set()).get(r.state)!).add(normalCounty(r.county));
    if (r.county_fips) geoCounty.set(`${r.state},${r.zip}`, r.county_fips);
  }
  const landByZip = new Map<string, { county: string; land: number }[]>();
  for (const r of build.load('zcta_county_2020.csv', ['zip', 'county_fips', 'land_m2'])) {
    const parts = landByZip.get(r.zip) ?? landByZip.set(r.zip, []).get(r.zip)!;
    parts.push({ county: r.county_fips, land: Number(r.land_m2) });
  }
  const zipCounties = (state: string, zip: string) => {
    const parts = landByZip.get(zip);
    const total = parts?.reduce((sum, p) => sum + p.land, 0) ?? 0;
    if (parts && total > 0) return parts.map((p) => ({ county: p.county, share: p.land / total })).sort((a, b) => b.share - a.share);
    const fips = geoCounty.get(`${state},${zip}`);
    return fips ? [{ county: fips, share: 1 }] : [];
  };
  return { rows, countyNames, zipCounties };
}
