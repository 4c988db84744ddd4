// A reader of Avalara's free "TaxRates" ZIP5 tables (TAXRATES_ZIP5_<ST><YYYYMM>.csv, one per state,
// as downloaded from avalara.com/taxrates/en/download-tax-tables.html: State, ZipCode,
// TaxRegionName, EstimatedCombinedRate, StateRate, EstimatedCountyRate, EstimatedCityRate,
// EstimatedSpecialRate), turned into the layout of data/us_zip_rates.csv as data/README.md §1 says
// the bundled tables were: float artifacts ending in ...9 in the 6th decimal are rounded up by one
// millionth, the components must then add up to the combined rate exactly, and county and city names
// come from the GeoNames record of the ZIP (data/us_zip_geo.csv) when it names the same state.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCsv, toMicro } from '../files/csv';
import { csvField, decimalText } from '../files/csv-write';

const FILE = /^TAXRATES_ZIP5_[A-Z]{2}\d{6}\.csv$/;
const COLUMNS = [
  'State',
  'ZipCode',
  'TaxRegionName',
  'EstimatedCombinedRate',
  'StateRate',
  'EstimatedCountyRate',
  'EstimatedCityRate',
  'EstimatedSpecialRate',
] as const;
const HEADER = 'state,zip,region_name,state_rate,county_rate,city_rate,special_rate,combined_rate,county_name,city_name,effective_date';

export interface AvalaraTables {
  /** The tables read, by name, in order. */
  readonly files: readonly string[];
  /** The month they are of (YYYYMM). */
  readonly month: string;
}

/** The tables of a directory, all of one month; refused when there are none or they are of several months. */
export function avalaraTables(dir: string): AvalaraTables {
  const files = readdirSync(dir)
    .filter((f) => FILE.test(f))
    .sort();
  if (files.length === 0) throw new Error(`no TAXRATES_ZIP5_<ST><YYYYMM>.csv files in ${dir}`);
  const months = new Set(files.map((f) => f.slice(16, 22)));
  if (months.size !== 1) throw new Error(`the tables are of several months: ${[...months].join(', ')}`);
  return { files, month: [...months][0]! };
}

/** Millionths, with a 6th-decimal ...9 artifact (0.048499 for 4.85 %) rounded up. */
function rate(value: string): number {
  const fixed = Number(value).toFixed(6);
  const micro = toMicro(fixed);
  return micro % 10 === 9 ? micro + 1 : micro;
}

/** The text of a us_zip_rates.csv holding every row of the tables, effective from `effective`; `geoCsv` is us_zip_geo.csv. */
export function avalaraZipTable(dir: string, tables: AvalaraTables, effective: string, geoCsv: string): { text: string; rows: number } {
  const geo = new Map<string, { state: string; county: string; city: string }>();
  for (const r of parseCsv(geoCsv, ['zip', 'state', 'county', 'city'])) if (!geo.has(r.zip)) geo.set(r.zip, { state: r.state, county: r.county, city: r.city });
  const out = [HEADER];
  for (const file of tables.files) {
    for (const r of parseCsv(readFileSync(join(dir, file), 'utf8'), COLUMNS)) {
      const parts = [rate(r.StateRate), rate(r.EstimatedCountyRate), rate(r.EstimatedCityRate), rate(r.EstimatedSpecialRate)];
      let combined = rate(r.EstimatedCombinedRate);
      const sum = parts.reduce((a, b) => a + b, 0);
      // A combined rate that differs from its parts by one millionth is the same float artifact.
      if (Math.abs(sum - combined) === 1) combined = sum;
      if (sum !== combined) throw new Error(`${file}: components of ${r.ZipCode} add up to ${sum}, not ${combined}`);
      const place = geo.get(r.ZipCode);
      const named = place && place.state === r.State ? place : { county: '', city: '' };
      out.push(
        [r.State, r.ZipCode, r.TaxRegionName, ...parts.map(decimalText), decimalText(combined), named.county, named.city, effective].map(csvField).join(','),
      );
    }
  }
  return { text: `${out.join('\n')}\n`, rows: out.length - 1 };
}
