// `npm run content:import -- <dir> [--date YYYY-MM-DD]`: turns a set of Avalara "TaxRates" ZIP5
// tables (TAXRATES_ZIP5_<ST><YYYYMM>.csv, one per state, as downloaded from
// avalara.com/taxrates/en/download-tax-tables.html) into the layout of data/us_zip_rates.csv, and
// prints the path of the file it wrote. It does exactly what data/README.md §1 says was done to
// the 202603 table: float artifacts ending in ...9 in the 6th decimal are rounded up by one
// millionth, components must then add up to the combined rate exactly, and county/city names come
// from the GeoNames record of the ZIP (data/us_zip_geo.csv) when it names the same state.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { commandLine } from '../lib/command-line';
import { parseCsv, toMicro } from './content/files/csv';

const ROOT = join(import.meta.dirname, '..');
const { values, args } = commandLine({
  command: 'npm run content:import --',
  summary:
    "Turns Avalara's free TaxRates ZIP5 tables (one TAXRATES_ZIP5_<ST><YYYYMM>.csv per state) into data/versions/<date>/us_zip_rates.csv, cleaned as data/README.md §1 says, and prints its path; then `npm run content -- --ingest <that file>` adds it as a version.",
  options: { date: { type: 'string', value: '<YYYY-MM-DD>', description: "the version's effective date (default the first day of the tables' month)" } },
  args: [{ name: 'dir', description: 'the directory holding the downloaded tables', required: true }],
});
const dir = args[0]!;
const files = readdirSync(dir)
  .filter((f) => /^TAXRATES_ZIP5_[A-Z]{2}\d{6}\.csv$/.test(f))
  .sort();
if (files.length === 0) throw new Error(`no TAXRATES_ZIP5_<ST><YYYYMM>.csv files in ${dir}`);
const months = new Set(files.map((f) => f.slice(16, 22)));
if (months.size !== 1) throw new Error(`the tables are of several months: ${[...months].join(', ')}`);
const month = [...months][0]!;
const effective = values.date ?? `${month.slice(0, 4)}-${month.slice(4)}-01`;
if (!/^\d{4}-\d{2}-\d{2}$/.test(effective)) throw new Error(`not a date: ${effective}`);

const geo = new Map<string, { state: string; county: string; city: string }>();
for (const r of parseCsv(readFileSync(join(ROOT, 'data', 'us_zip_geo.csv'), 'utf8'), ['zip', 'state', 'county', 'city']))
  if (!geo.has(r.zip)) geo.set(r.zip, { state: r.state, county: r.county, city: r.city });

/** Millionths, with a 6th-decimal ...9 artifact (0.048499 for 4.85 %) rounded up. */
function rate(value: string): number {
  const fixed = Number(value).toFixed(6);
  const micro = toMicro(fixed);
  return micro % 10 === 9 ? micro + 1 : micro;
}
const decimal = (micro: number): string => (micro / 1_000_000).toFixed(6).replace(/\.?0+$/, '') || '0';
const quote = (s: string): string => (/[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s);

const out = ['state,zip,region_name,state_rate,county_rate,city_rate,special_rate,combined_rate,county_name,city_name,effective_date'];
let rows = 0;
for (const file of files) {
  const cols = [
    'State',
    'ZipCode',
    'TaxRegionName',
    'EstimatedCombinedRate',
    'StateRate',
    'EstimatedCountyRate',
    'EstimatedCityRate',
    'EstimatedSpecialRate',
  ] as const;
  for (const r of parseCsv(readFileSync(join(dir, file), 'utf8'), cols)) {
    const parts = [rate(r.StateRate), rate(r.EstimatedCountyRate), rate(r.EstimatedCityRate), rate(r.EstimatedSpecialRate)];
    let combined = rate(r.EstimatedCombinedRate);
    const sum = parts.reduce((a, b) => a + b, 0);
    // A combined rate that differs from its parts by one millionth is the same float artifact.
    if (Math.abs(sum - combined) === 1) combined = sum;
    if (sum !== combined) throw new Error(`${file}: components of ${r.ZipCode} add up to ${sum}, not ${combined}`);
    const place = geo.get(r.ZipCode);
    const named = place && place.state === r.State ? place : { county: '', city: '' };
    out.push([r.State, r.ZipCode, r.TaxRegionName, ...parts.map(decimal), decimal(combined), named.county, named.city, effective].map(quote).join(','));
    rows++;
  }
}
const target = join(ROOT, 'data', 'versions', effective);
mkdirSync(target, { recursive: true });
const path = join(target, 'us_zip_rates.csv');
writeFileSync(path, `${out.join('\n')}\n`);
console.log(`${rows} rows from ${files.length} tables (${month}) → ${path}`);
