// `npm run content:il-unresolved`: writes data/illinois_grocery_unresolved.csv, the Illinois ZIPs
// whose groceries answer il_rate_lookup_unresolved on the newest version's date, and why
// (scripts/content/reports/illinois-unresolved.ts); a unit test keeps the file equal to what the
// content answers.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { taxContent } from '../functions/adapters/content/content-file';
import { commandLine } from '../lib/command-line';
import { illinoisUnresolved, unresolvedCsv } from './content/reports/illinois-unresolved';

commandLine({
  command: 'npm run content:il-unresolved --',
  summary:
    'Writes data/illinois_grocery_unresolved.csv: the Illinois ZIPs whose groceries answer il_rate_lookup_unresolved on the newest version, each with its reason (a unit test keeps the file equal to what the content answers).',
});

const content = taxContent();
const rows = illinoisUnresolved(content, content.from);
const out = join(import.meta.dirname, '..', 'data', 'illinois_grocery_unresolved.csv');
writeFileSync(out, unresolvedCsv(rows));
console.log(`${rows.length} Illinois ZIPs unresolved for groceries on ${content.from} → ${out}`);
