// A ZIP's predominant rate and the rate areas found in it (data/README.md §1, "How a ZIP is
// answered"), derived from data: the ZIP table's region names and components, the rates of the
// other ZIPs of the same place, the states' own rate tables where a copy is bundled (Streamlined
// Sales Tax rate files, joined to ZIPs through the Census ZIP-to-county relationship), and the city
// rates of a state's own city table (CDTFA's, for California). No rule here names a ZIP or a state:
// every rule reads columns.
import { type SstRateFile, sstRatesOn } from '../readers/sst-rates';

export interface Parts {
  readonly state: number;
  readonly county: number;
  readonly city: number;
  readonly special: number;
}

/** One row of a ZIP table (rates in millionths; county and city names are GeoNames' postal names). */
export interface ZipTableRow {
  readonly state: string;
  readonly zip: string;
  readonly region: string;
  readonly rates: Parts;
  readonly countyName: string;
  readonly cityName: string;
  /** The row's own source (the ZIP table it comes from). */
  readonly source: string;
}

/** Where each part of an answer's rate comes from (a source label). */
export interface PartSources {
  readonly state: string;
  readonly county: string;
  readonly city: string;
  readonly special: string;
}

/** Why a ZIP holds several rate areas. */
export type AreaEvidence =
  /** A district inside the place (CID, TDD, business district, tribal area, …) the table's row carries. */
  | 'district'
  /** A district of the county's unincorporated area or of several places, covering part of the place. */
  | 'area_district'
  /** The ZIP reaches into counties whose official rates differ. */
  | 'counties'
  /** The ZIP is listed under several states. */
  | 'states'
  /** California: the postal city's CDTFA rate differs from the ZIP's. */
  | 'city';

export interface ZipAnswer {
  readonly row: ZipTableRow;
  /** The combination that applies to most of the ZIP, and its region name. */
  readonly region: string;
  readonly rates: Parts;
  readonly sources: PartSources;
  /** The lowest and highest combined rates of the rate areas found in the ZIP (equal when one area). */
  readonly lowest: number;
  readonly highest: number;
  readonly evidence: readonly AreaEvidence[];
}

/** An official table's rate that the ZIP table's row disagrees with (listed by npm run content:diff). */
export interface Disagreement {
  readonly state: string;
  readonly zip: string;
  readonly part: 'state' | 'county';
  readonly table: number;
  readonly official: number;
  /** The official jurisdiction (the state, or the county's FIPS code). */
  readonly jurisdiction: string;
  readonly source: string;
}

/** A state's Streamlined rate file, and which of its parts can be joined to ZIPs (data/README.md §12). */
export interface OfficialTable {
  readonly file: SstRateFile;
  readonly label: string;
  /** `county`: the state's local taxes are county-wide and the table's county parts join by county; `state`: only the state rate. */
  readonly join: 'county' | 'state';
}

export interface DeriveInput {
  /** Rows in force, by state and ZIP. */
  readonly rows: ReadonlyMap<string, ReadonlyMap<string, ZipTableRow>>;
  /** The date the answer is for (the version's first day): official tables give the rates in force on it. */
  readonly date: string;
  /** County names by state (upper case, without "County", "Parish", …), to tell county-wide regions from places. */
  readonly countyNames: ReadonlyMap<string, ReadonlySet<string>>;
  /** Official tables by state. */
  readonly officials: ReadonlyMap<string, OfficialTable>;
  /** A ZIP's counties (5-digit FIPS) with their share of its land, largest first (Census relationship file). */
  readonly zipCounties: (state: string, zip: string) => readonly { readonly county: string; readonly share: number }[];
  /** The city rates of the states' own city tables (by upper-case city name), by state. */
  readonly cityRates: ReadonlyMap<string, Readonly<Record<string, number>>>;
  /**
   * By state, what a state calls the local taxes of a row whose region names a district that adds
   * none of its rate (California: CDTFA's district taxes of the place); elsewhere the place's name.
   */
  readonly localTaxNames?: ReadonlyMap<string, (row: ZipTableRow, cityRates: Readonly<Record<string, number>> | undefined) => string>;
}

/**
 * Region names that are districts inside a place: community improvement, transportation development,
 * tax increment, economic development and business districts, tourism and lodging districts, zones,
 * and tribal areas. Transit authorities, emergency services districts and county-wide districts are
 * not among them (they cover whole places or large unincorporated areas).
 */
const SUB_PLACE =
  /\b(CID|TDD|TIF|TD|EDD|BD|TL|TMD|TOT|NID|BID|TBID)\b|IMPROVEMENT|DEVELOPMENT DIST|BUSINESS DIST|REDEVELOPMENT|TOURISM|HOTEL|LODGING|CONVENTION|RESERVATION|INDIAN|PUEBLO|NATION\b|TRIB(E|AL)|COLONY|RANCHERIA|\bZONE\b/;

/**
 * Districts that levy a sales tax of their own inside part of a place: community improvement,
 * transportation development and business districts. They cover a shopping centre or a few blocks,
 * never most of a ZIP.
 */
const LEVYING_DISTRICT = /\b(CID|TDD|TD|BD)\b|COMMUNITY IMPROVEMENT|TRANSPORTATION DEVELOPMENT|BUSINESS (DEVELOPMENT )?DIST/;

/**
 * Districts that levy no sales tax: tax increment areas (they redirect existing tax), and tourism,
 * hotel, lodging and business improvement districts (assessments on lodging or on businesses). A row
 * named for one carries the place's own taxes under the wrong name.
 */
const ASSESSMENT_DISTRICT =
  /\b(TIF|MRA|TBID|BID|BIA|TMD|TOT|PID)\b|INCREMENT|TOURIS[MT]|HOTEL|LODGING|CONVENTION|REVITALIZATION|REDEVELOPMENT|IMPROVEMENT (DIST|AREA)/;

/** What a region names: a district levying a sales tax inside part of a place, an assessment, or neither. */
export function districtKind(region: string): 'levying' | 'assessment' | undefined {
  if (LEVYING_DISTRICT.test(region)) return 'levying';
  if (ASSESSMENT_DISTRICT.test(region)) return 'assessment';
  return undefined;
}

/**
 * Above this a county-wide region's extra special part is no district of a whole area: transit
 * authorities and emergency services districts add at most 2 points (Texas caps all local taxes at
 * 2 %); what exceeds it (tribal taxes of 5 to 9 points) covers a reservation, not the county.
 */
export const AREA_DISTRICT_MAX = 20_000;

/** A county counts as part of a ZIP's area from this share of its land (slivers below are boundary noise). */
export const MIN_COUNTY_SHARE = 0.01;

export const normalCounty = (name: string): string =>
  name
    .toUpperCase()
    .replace(/ (COUNTY|PARISH|BOROUGH|MUNICIPALITY|CITY AND BOROUGH|CENSUS AREA)$/, '')
    .trim();

/** A ZIP's combined rate: the sum of its parts (millionths). */
export const combined = (p: Parts): number => p.state + p.county + p.city + p.special;

export function isSubPlaceRegion(region: string): boolean {
  return SUB_PLACE.test(region);
}

export function deriveAreas(input: DeriveInput): { answers: Map<string, Map<string, ZipAnswer>>; disagreements: Disagreement[] } {
  const answers = new Map<string, Map<string, ZipAnswer>>();
  const disagreements: Disagreement[] = [];
  for (const [state, rows] of input.rows) answers.set(state, districts(state, rows, input));
  for (const [state, table] of input.officials) {
    const ofState = answers.get(state);
    if (ofState) official(state, ofState, table, input, disagreements);
  }
  for (const [state, rates] of input.cityRates) cityAreas(answers.get(state), rates);
  severalStates(answers);
  return { answers, disagreements };
}

// --- districts inside a place ---------------------------------------------------------------------

/**
 * A row whose special part exceeds what the rest of its place pays carries a district that does not
 * cover the place. The place's own special part is the lowest among its rows with the same state,
 * county and city parts: for a region named as a city, the rows of the same region name; for a region
 * named as a district, or as a county (an unincorporated area), the rows of its postal city whose
 * regions are not districts. Where a district that levies a sales tax (a CID, TDD or business
 * district) names every row of its postal city, the place is the city its name begins with (rows of
 * that name with the same parts), failing that its county: the lowest special part two or more of the
 * county's other rows carry (the lowest of them where none is carried twice), which every place of
 * the county pays. The ZIP is answered at the place's
 * combination, unless the region is county-wide and the excess is no more than a whole-area
 * district's (then the row stands), and the range holds both. A district-named row whose rate is the
 * place's takes the place's name: the district adds nothing to it.
 */
function districts(state: string, rows: ReadonlyMap<string, ZipTableRow>, input: DeriveInput): Map<string, ZipAnswer> {
  const counties = input.countyNames.get(state) ?? new Set<string>();
  // A region named as a county is county-wide, unless it is also the row's postal city (Wichita, Kansas).
  const countyWide = (r: ZipTableRow) =>
    / (CO|COUNTY|PARISH|BOROUGH|BRG)$/.test(r.region) || (counties.has(r.region) && (r.region !== r.cityName || normalCounty(r.countyName) === r.region));
  const partsKey = (r: ZipTableRow) => `${r.rates.state}|${r.rates.county}|${r.rates.city}`;
  const cityNamed = (r: ZipTableRow) => !isSubPlaceRegion(r.region) && !countyWide(r);
  const regionBase = new Map<string, number>();
  for (const r of rows.values()) {
    if (!cityNamed(r)) continue;
    const key = `${partsKey(r)}|${r.region}`;
    regionBase.set(key, Math.min(regionBase.get(key) ?? Number.POSITIVE_INFINITY, r.rates.special));
  }
  /** A plain row's own base: its region's for a city, its own special part for a county-wide region. */
  const ownBase = (r: ZipTableRow) => (cityNamed(r) ? regionBase.get(`${partsKey(r)}|${r.region}`)! : r.rates.special);
  /** Per place (parts and postal city), the lowest base of its plain rows and the region that has it. */
  const placeBase = new Map<string, { special: number; region: string }>();
  // Per county (state and county parts, postal county), how many plain rows carry each special part.
  const countySpecials = new Map<string, Map<number, number>>();
  const countyKey = (r: ZipTableRow) => `${r.rates.state}|${r.rates.county}|${r.countyName}`;
  for (const r of [...rows.values()].sort((a, b) => a.zip.localeCompare(b.zip))) {
    if (isSubPlaceRegion(r.region)) continue;
    if (r.countyName !== '') {
      const specials = countySpecials.get(countyKey(r)) ?? countySpecials.set(countyKey(r), new Map()).get(countyKey(r))!;
      specials.set(r.rates.special, (specials.get(r.rates.special) ?? 0) + 1);
    }
    if (r.cityName === '') continue;
    const key = `${partsKey(r)}|${r.cityName}`;
    const base = ownBase(r);
    const held = placeBase.get(key);
    if (held === undefined || base < held.special) placeBase.set(key, { special: base, region: r.region });
  }
  /** The place of a levying district's row whose postal city has no plain row: the city its name begins with, else its county's. */
  const placeOfDistrict = (r: ZipTableRow): { special: number; region: string } | undefined => {
    const words = r.region.split(' ');
    for (let n = words.length - 1; n > 0; n--) {
      const region = words.slice(0, n).join(' ');
      const special = regionBase.get(`${partsKey(r)}|${region}`);
      if (special !== undefined) return { special, region };
    }
    const specials = [...(countySpecials.get(countyKey(r)) ?? [])];
    const carried = specials.filter(([, n]) => n >= 2);
    if (specials.length === 0 || r.cityName === '') return undefined;
    return { special: Math.min(...(carried.length > 0 ? carried : specials).map(([special]) => special)), region: r.cityName };
  };
  const localTaxName = input.localTaxNames?.get(state);
  /** The name of a district-named row's taxes: the state's name for them, else the place's. */
  const placeName = (r: ZipTableRow, named: string | undefined): string => localTaxName?.(r, input.cityRates.get(state)) ?? named ?? (r.cityName || r.region);
  const out = new Map<string, ZipAnswer>();
  for (const [zip, row] of rows) {
    const sources: PartSources = { state: row.source, county: row.source, city: row.source, special: row.source };
    const single: ZipAnswer = { row, region: row.region, rates: row.rates, sources, lowest: combined(row.rates), highest: combined(row.rates), evidence: [] };
    const kind = districtKind(row.region);
    let place = cityNamed(row) || row.cityName === '' ? undefined : placeBase.get(`${partsKey(row)}|${row.cityName}`);
    // Named for the postal city when that is the place; for the city the district's name begins with otherwise.
    let named: string | undefined;
    if (place === undefined && kind === 'levying') {
      place = placeOfDistrict(row);
      named = place?.region;
    }
    const base = cityNamed(row) ? regionBase.get(`${partsKey(row)}|${row.region}`) : place?.special;
    if (base === undefined || base >= row.rates.special) {
      // A levying district whose place is unknown may be charged: its name stays, to say so.
      const renamed = kind === 'assessment' || (kind === 'levying' && base !== undefined);
      out.set(zip, renamed ? { ...single, region: placeName(row, named) } : single);
      continue;
    }
    const rates = { ...row.rates, special: base };
    const range = { lowest: combined(rates), highest: combined(row.rates) };
    if (countyWide(row) && row.rates.special - base <= AREA_DISTRICT_MAX) out.set(zip, { ...single, ...range, evidence: ['area_district'] });
    else
      out.set(zip, {
        row,
        region: isSubPlaceRegion(row.region) ? (place?.region ?? row.region) : row.region,
        rates,
        sources,
        ...range,
        evidence: ['district'],
      });
  }
  return out;
}

// --- official tables ---------------------------------------------------------------------------------

/**
 * A state's Streamlined rate file decides the state rate; where the state's local taxes are county-wide
 * (join `county`), its county rates decide the local part too. The ZIP table splits a county's rate
 * its own way (Georgia's TSPLOST in its special part), so the test is the local total (county, city
 * and special parts together), for the ZIP's counties by land (Census relationship file), main county
 * first: a row agrees when its local total is its main county's official rate; it is another county's
 * area when it is that county's rate; failing both, it agrees when it is its main county's rate plus a
 * municipal or special rate of the file that the county's rows carry (two or more of them, the file
 * lists such rates without places: only the boundary file could place them), or is another county's
 * area that way. A row the file explains nowhere disagrees with it (listed by npm run content:diff).
 * A ZIP is answered at its main county's answer; every county of the ZIP with another answer is a
 * rate area of the ZIP.
 */
function official(state: string, answers: Map<string, ZipAnswer>, table: OfficialTable, input: DeriveInput, disagreements: Disagreement[]): void {
  const inForce = sstRatesOn(table.file, input.date);
  const stateRate = inForce.get(`45:${table.file.stateFips}`)?.general.intrastate;
  if (stateRate === undefined) throw new Error(`${table.file.file} has no state rate in force on ${input.date}`);
  const label = table.label;
  for (const [zip, a] of answers) {
    if (a.row.rates.state !== stateRate)
      disagreements.push({ state, zip, part: 'state', table: a.row.rates.state, official: stateRate, jurisdiction: state, source: label });
    answers.set(zip, withParts(a, { state: stateRate }, { state: label }));
  }
  if (table.join !== 'county') return;

  const countyRate = (fips5: string): number => inForce.get(`00:${fips5.slice(2)}`)?.general.intrastate ?? 0;
  // What may come on top of a county's rate: the file's municipal and special rates, alone or two together.
  const fileExtras = new Set<number>();
  const single = [...inForce.values()].filter((r) => r.type !== '45' && r.type !== '00' && r.general.intrastate > 0).map((r) => r.general.intrastate);
  for (const x of single) {
    fileExtras.add(x);
    for (const y of single) fileExtras.add(x + y);
  }
  const local = (p: Parts) => p.county + p.city + p.special;
  const countiesOf = (zip: string) =>
    input.zipCounties(state, zip).filter((c, i) => c.county.startsWith(table.file.stateFips) && (i === 0 || c.share >= MIN_COUNTY_SHARE));
  const isCounty = (p: Parts, county: string) => local(p) === countyRate(county);

  // The extras each county's rows carry (rows its own rate or a neighbour's rate does not explain).
  const seen = new Map<string, Map<number, number>>();
  for (const [zip, a] of answers) {
    const [main, ...others] = countiesOf(zip);
    if (main === undefined || isCounty(a.rates, main.county) || others.some((c) => isCounty(a.rates, c.county))) continue;
    const extra = local(a.rates) - countyRate(main.county);
    if (!fileExtras.has(extra)) continue;
    const ofCounty = seen.get(main.county) ?? seen.set(main.county, new Map()).get(main.county)!;
    ofCounty.set(extra, (ofCounty.get(extra) ?? 0) + 1);
  }
  const carries = (county: string, extra: number) => extra === 0 || (seen.get(county)?.get(extra) ?? 0) >= 2;
  const fits = (p: Parts, county: string) => carries(county, local(p) - countyRate(county));
  /** Which county of the ZIP explains a row: its own rate first (main county, then others), then with an extra. */
  const explain = (p: Parts, counties: readonly { county: string }[]) => counties.find((c) => isCounty(p, c.county)) ?? counties.find((c) => fits(p, c.county));

  // The answer of a county: from the local totals of the rows whose main county it is and that it explains.
  const tallies = new Map<string, Map<number, ZipAnswer[]>>();
  for (const [zip, a] of answers) {
    const main = countiesOf(zip)[0];
    if (main === undefined || !fits(a.rates, main.county)) continue;
    const tally = tallies.get(main.county) ?? tallies.set(main.county, new Map()).get(main.county)!;
    const held = tally.get(local(a.rates));
    if (held) held.push(a);
    else tally.set(local(a.rates), [a]);
  }
  const commonest = (names: readonly string[]): string => {
    const counts = new Map<string, number>();
    for (const n of names) counts.set(n, (counts.get(n) ?? 0) + 1);
    return [...counts].sort(([x, p], [y, q]) => q - p || x.localeCompare(y))[0]?.[0] ?? '';
  };
  const ofCounty = (county: string): { parts: Parts; region: string; sources: PartSources } => {
    // The lowest local total that two or more of the county's rows carry: what covers the whole
    // county (a city's own rate, Atlanta's, is carried only inside it); else the commonest.
    const totals = [...(tallies.get(county)?.entries() ?? [])];
    const best = totals.filter(([, rows]) => rows.length >= 2).sort(([x], [y]) => x - y)[0] ?? totals.sort(([x, p], [y, q]) => q.length - p.length || x - y)[0];
    const rate = countyRate(county);
    const extra = best === undefined ? 0 : best[0] - rate;
    const rows = best?.[1] ?? [];
    return {
      parts: { state: stateRate, county: rate, city: 0, special: extra },
      // Named for the county (the postal county of its rows), or for the district its extra is.
      region: commonest(rows.map((a) => (extra > 0 ? a.region : a.row.countyName))),
      sources: { state: label, county: label, city: label, special: extra > 0 && rows[0] ? rows[0].sources.special : label },
    };
  };

  for (const [zip, a] of answers) {
    const counties = countiesOf(zip);
    const main = counties[0];
    if (main === undefined) continue;
    const explained = explain(a.rates, counties);
    let answer: ZipAnswer;
    if (explained === main) {
      // The county's official rate confirms the row: its local parts are the county's (and an extra the county's rows carry).
      const extra = local(a.rates) - countyRate(main.county);
      answer = withParts(a, {}, extra === 0 ? { county: label, city: label, special: label } : { county: label });
    } else {
      const own = ofCounty(main.county);
      if (explained === undefined)
        disagreements.push({
          state,
          zip,
          part: 'county',
          table: local(a.row.rates),
          official: countyRate(main.county),
          jurisdiction: main.county,
          source: label,
        });
      const kept = explained === undefined ? [] : [combined(a.rates)];
      answer = {
        ...a,
        region: own.region || a.region,
        rates: own.parts,
        sources: own.sources,
        lowest: Math.min(combined(own.parts), ...kept),
        highest: Math.max(combined(own.parts), ...kept),
        evidence: explained === undefined ? [] : ['counties'],
      };
    }
    // Other counties of the ZIP whose answers differ are rate areas of the ZIP too.
    for (const c of counties) {
      if (c === main) continue;
      const rate = combined(ofCounty(c.county).parts);
      if (rate === combined(answer.rates)) continue;
      answer = {
        ...answer,
        lowest: Math.min(answer.lowest, rate),
        highest: Math.max(answer.highest, rate),
        evidence: answer.evidence.includes('counties') ? answer.evidence : [...answer.evidence, 'counties'],
      };
    }
    answers.set(zip, answer);
  }
}

/** The answer with some parts replaced (the range follows when the answer was a single area). */
function withParts(a: ZipAnswer, parts: Partial<Parts>, sources: Partial<PartSources>): ZipAnswer {
  const rates = { ...a.rates, ...parts };
  const single = a.lowest === a.highest;
  const total = combined(rates);
  const delta = total - combined(a.rates);
  return {
    ...a,
    rates,
    sources: { ...a.sources, ...sources },
    lowest: single ? total : Math.min(a.lowest + delta, total),
    highest: single ? total : Math.max(a.highest + delta, total),
  };
}

// --- a state's own city rates and ZIPs of several states ------------------------------------------------

/** A ZIP whose postal city has a rate of its own in the state's city table holds that rate area too. */
function cityAreas(answers: Map<string, ZipAnswer> | undefined, cityRates: Readonly<Record<string, number>>): void {
  if (!answers) return;
  for (const [zip, a] of answers) {
    const city = cityRates[a.row.cityName.toUpperCase()];
    if (city === undefined || city === combined(a.rates)) continue;
    answers.set(zip, { ...a, lowest: Math.min(a.lowest, city), highest: Math.max(a.highest, city), evidence: [...a.evidence, 'city'] });
  }
}

/** A ZIP listed under several states holds each state's areas. */
function severalStates(answers: Map<string, Map<string, ZipAnswer>>): void {
  const byZip = new Map<string, ZipAnswer[]>();
  for (const ofState of answers.values())
    for (const [zip, a] of ofState) {
      const list = byZip.get(zip);
      if (list) list.push(a);
      else byZip.set(zip, [a]);
    }
  for (const list of byZip.values()) {
    if (list.length < 2) continue;
    const lowest = Math.min(...list.map((a) => a.lowest));
    const highest = Math.max(...list.map((a) => a.highest));
    for (const a of list) answers.get(a.row.state)!.set(a.row.zip, { ...a, lowest, highest, evidence: [...a.evidence, 'states'] });
  }
}
