// `npm run content:import -- <dir> [--date YYYY-MM-DD]`: turns a set of Avalara "TaxRates" ZIP5
// tables (one per state) into the layout of data/us_zip_rates.csv (scripts/content/readers/avalara.ts,
// cleaned as data/README.md §1 says), writes it to data/versions/<date>/us_zip_rates.csv and prints
// its path.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { commandLine } from '../lib/command-line';
import { avalaraTables, avalaraZipTable } from './content/readers/avalara';

const ROOT = join(import.meta.dirname, '..');
const { values, args } = commandLine({
  command: 'npm run content:import --',
  summary:
    "Turns Avalara's free TaxRates ZIP5 tables (one TAXRATES_ZIP5_<ST><YYYYMM>.csv per state) into data/versions/<date>/us_zip_rates.csv, cleaned as data/README.md §1 says, and prints its path; then `npm run content -- --ingest <that file>` adds it as a version.",
  options: { date: { type: 'string', value: '<YYYY-MM-DD>', description: "the version's effective date (default the first day of the tables' month)" } },
  args: [{ name: 'dir', description: 'the directory holding the downloaded tables', required: true }],
});
const dir = args[0]!;
const tables = avalaraTables(dir);
const effective = values.date ?? `${tables.month.slice(0, 4)}-${tables.month.slice(4)}-01`;
if (!/^\d{4}-\d{2}-\d{2}$/.test(effective)) throw new Error(`not a date: ${effective}`);
const { text, rows } = avalaraZipTable(dir, tables, effective, readFileSync(join(ROOT, 'data', 'us_zip_geo.csv'), 'utf8'));
const target = join(ROOT, 'data', 'versions', effective);
mkdirSync(target, { recursive: true });
const path = join(target, 'us_zip_rates.csv');
writeFileSync(path, text);
console.log(`${rows} rows from ${tables.files.length} tables (${tables.month}) → ${path}`);
