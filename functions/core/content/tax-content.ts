// The loaded tax content: indexes over the artifact, built once per process. Pure: the artifact
// arrives as a value; reading it from disk is an adapter's job.
import { boundaryIndex } from './boundaries';
import {
  AREA_ROW,
  REGION,
  TABLE_SOURCE,
  ZIP_ROW,
  type Category,
  type ContentArtifact,
  type Holiday,
  type Micro,
  type RateVersion,
  type RuleTreatment,
  type StateFacts,
  type StateRatesAge,
  type TaxabilityBasis,
  type TaxabilityRule,
  type Treatment,
} from './artifact';
import { isUsState } from './states';

export interface ComponentRates {
  readonly state: Micro;
  readonly county: Micro;
  readonly city: Micro;
  readonly special: Micro;
}

/** Where each part of a rate area's rate comes from (publisher, table, date). */
export interface ComponentSources {
  readonly state: string;
  readonly county: string;
  readonly city: string;
  readonly special: string;
}

/** The rate areas found in a ZIP that holds several: the lowest and highest combined general rate. */
export interface RateRange {
  readonly lowest: Micro;
  readonly highest: Micro;
}

/**
 * A destination (or origin) resolved to the rate area that applies to most of its ZIP (the
 * content build derives it: data/README.md §1).
 */
export interface RateArea {
  readonly state: string;
  readonly zip: string;
  readonly rates: ComponentRates;
  readonly sources: ComponentSources;
  readonly regionName: string;
  readonly countyName: string;
  readonly cityName: string;
  /**
   * The ZIP spans several rate areas (districts inside its place, several counties or states, or a
   * CA city rate that differs); `range` then holds the rates found in it.
   */
  readonly multiArea: boolean;
  readonly range: RateRange | null;
  /** California: the postal city's official CDTFA rate where it differs from the ZIP row. */
  readonly caCityRate: Micro | null;
  /**
   * Where the engine keeps what it derived from this area for the last date it was asked about
   * (functions/core/tax/sourcing.ts): areas are built once per version, so a slot on the area is
   * the cheapest memo. Not part of the area's value.
   */
  memo?: { readonly date: string; readonly content: TaxContent; readonly value: unknown } | undefined;
}

/** Coordinates of an address (WGS 84). */
export interface Point {
  readonly latitude: number;
  readonly longitude: number;
}

/** Where a taxed line went, as its answer reports it. */
export interface ResolvedAddress {
  readonly state: string;
  readonly zip: string;
  readonly precision: 'zip5' | 'zip9' | 'rooftop';
}

export type Resolution =
  | {
      readonly kind: 'area';
      readonly area: RateArea;
      readonly precision: ResolvedAddress['precision'];
      /** Built with the resolution, so the lines it answers share one (read-only) object. */
      readonly address: ResolvedAddress;
    }
  /** Malformed ZIP, unknown state, or a state the ZIP tables do not list the ZIP under. */
  | { readonly kind: 'invalid'; readonly reason: string }
  /** A well-formed address whose (state, ZIP) has no rate row. */
  | { readonly kind: 'unrated'; readonly state: string; readonly zip: string };

/** How current a state's rates are: its newest version, their sources, and the last date answered without a warning. */
export interface RatesAge extends StateRatesAge {
  /** One quarter after `from`: a document dated later carries content_older_than_date. */
  readonly currentUntil: string;
}

/** The same day three months later (the month's last day where it has no such day). */
export function oneQuarterAfter(date: string): string {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7)) + 3;
  const year = y + Math.floor((m - 1) / 12);
  const month = ((m - 1) % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = Math.min(Number(date.slice(8, 10)), last);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export interface TaxCode {
  readonly code: string;
  readonly name: string;
  readonly description: string;
  readonly category: Category;
}

const ZIP_PATTERN = /^(\d{5})(?:-?(\d{4}))?$/;

/** Bisection over sorted fixed-width rows whose first 5 characters are the ZIP; -1 when absent. */
export function findRow(rows: string, width: number, zip: string): number {
  let lo = 0;
  let hi = rows.length / width - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = rows.slice(mid * width, mid * width + 5);
    if (at === zip) return mid * width;
    if (at < zip) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

const b36 = (rows: string, at: number): number => parseInt(rows.slice(at, at + 3), 36);
const rate36 = (rows: string, at: number): number => parseInt(rows.slice(at, at + 4), 36);

const NO_HOLIDAYS: readonly Holiday[] = [];

/** A dated taxability rule: `match` is `code:<prefix>` or `category:<category>`. */
interface CompiledRule {
  readonly codePrefix: string | null;
  readonly category: string | null;
  readonly from: string | null;
  readonly treatment: Treatment;
  /** The rule as a line names it (built once). */
  readonly basis: TaxabilityBasis;
}

const TREATMENT_NAMES: Record<Treatment['t'], RuleTreatment> = {
  taxable: 'taxable',
  exempt: 'exempt',
  reduced: 'reduced_rate',
  class_rate: 'class_rate',
  threshold: 'price_threshold',
  first_exempt: 'first_amount_exempt',
  base_share: 'partial_base',
  follows_items: 'follows_goods',
  unverified: 'unverified',
};

/** How a treatment reads in a standing rule's summary. */
function described(t: Treatment): string {
  switch (t.t) {
    case 'taxable':
      return 'taxable at the general rates';
    case 'exempt':
      return 'exempt';
    case 'reduced':
    case 'class_rate':
      return `taxed at a state rate of ${t.state / 10_000} %, with ${t.local === 'zip' ? 'the local taxes of the place' : t.local === 'none' ? 'no local tax' : `a statewide local rate of ${t.local / 10_000} %`}`;
    case 'threshold':
      return `exempt from the state tax below $${t.belowCents / 100} a unit`;
    case 'first_exempt':
      return `exempt on the first $${t.cents / 100} of each unit`;
    case 'base_share':
      return `taxable on ${t.permille / 10} % of the price`;
    case 'follows_items':
      return 'taxable in the proportion of the taxable goods delivered';
    case 'unverified':
      return 'taxed at the full rate; the source data marks the rule as unverified';
  }
}

/** A rule of taxability_changes.csv as a line names it. */
function basisOf(state: string, rule: TaxabilityRule, coverageFrom: string): TaxabilityBasis {
  const code = rule.match.startsWith('code:');
  return {
    state,
    class: code ? `tax_code:${rule.match.slice(5)}` : rule.match.slice(9),
    treatment: TREATMENT_NAMES[rule.treatment.t],
    effective_from: rule.from ?? coverageFrom,
    citation: rule.citation,
    summary: rule.summary,
  };
}

/**
 * What the engine asks of one state on every line, gathered on first use (one map lookup a line
 * instead of one per question).
 */
export interface StateRules {
  readonly facts: StateFacts;
  readonly standing: ReadonlyMap<Category, Treatment>;
  readonly dated: readonly CompiledRule[] | undefined;
  /** The rule behind each standing treatment. */
  readonly standingBasis: ReadonlyMap<Category, TaxabilityBasis>;
  /**
   * The general rule by category and by the state rate's source it cites (built on first use): one
   * state's ZIPs may take their state rate from different tables (California's from CDTFA's base
   * where the city's official rate applies, from the ZIP table elsewhere).
   */
  readonly general: Map<Category, Map<string, TaxabilityBasis>>;
  /** The state's holidays, with those in force on the last date asked (most states have none). */
  readonly holidays: StateHolidays | undefined;
  /**
   * Per product (its catalog tax code, or its category when it has none) the treatment decided for
   * the last date asked: documents of one day ask the same few products again and again.
   */
  readonly decided: Map<TaxCode | Category, { date: string; decision: TreatmentDecision }>;
}

/** The treatment a product gets in a state on a date, and whether a dated rule of the data chose it. */
export interface TreatmentDecision {
  readonly treatment: Treatment | undefined;
  readonly dated: boolean;
  /** The rule that decided (undefined: none; the state's general rule applies). */
  readonly basis: TaxabilityBasis | undefined;
}

interface StateHolidays {
  readonly all: readonly Holiday[];
  lastDate: string | null;
  inForce: readonly Holiday[];
}

/** What every version of one artifact shares: parsed once per process. */
interface Shared {
  readonly names: readonly string[];
  readonly states: readonly string[];
  readonly codes: Map<string, TaxCode>;
  /** Each state's holidays, in the artifact's order (most states have none), with those in force on the last date asked. */
  readonly holidaysByState: Map<string, StateHolidays>;
  /** Each state's dated taxability rules, in the artifact's order, their `match` taken apart once. */
  readonly rulesByState: Map<string, readonly CompiledRule[]>;
  /** The Illinois rule of each rate class, for the last date asked and the state-rate period it falls in. */
  readonly illinoisBasis: Map<string, { date: string; period: number; basis: TaxabilityBasis }>;
  /** `artifact.states` as a map (asked for on every line). */
  readonly facts: Map<string, StateFacts>;
  /** Each state's rules, built on first use. */
  readonly rules: Map<string, StateRules>;
  /** The versions' views, built on first use. */
  readonly views: (TaxContent | undefined)[];
  /** Each state's rates age (null: the artifact records none), built on first use. */
  readonly ages: Map<string, RatesAge | null>;
}

type AreaResolution = Extract<Resolution, { readonly kind: 'area' }>;

const areaResolution = (area: RateArea, precision: ResolvedAddress['precision']): AreaResolution => ({
  kind: 'area',
  area,
  precision,
  address: { state: area.state, zip: area.zip, precision },
});

/** A five-digit ZIP as a number (its index in a dense table), or -1. */
function zipNumber(zip: string): number {
  if (zip.length !== 5) return -1;
  // Unrolled, digits checked after reading (each `>>> 0` makes a non-digit's negative offset large):
  // this runs on every line, and a loop of checks costs it a third more.
  const a = zip.charCodeAt(0) - 48;
  const b = zip.charCodeAt(1) - 48;
  const c = zip.charCodeAt(2) - 48;
  const d = zip.charCodeAt(3) - 48;
  const e = zip.charCodeAt(4) - 48;
  if (a >>> 0 > 9 || b >>> 0 > 9 || c >>> 0 > 9 || d >>> 0 > 9 || e >>> 0 > 9) return -1;
  return a * 10_000 + b * 1000 + c * 100 + d * 10 + e;
}

/**
 * The tax content as of one rate version. `at(date)` gives the version in force on a date; the
 * instance built from an artifact is its newest version.
 */
export class TaxContent {
  readonly version: string;
  /** The date this version is in force from. */
  readonly from: string;
  /** The first date any version covers. */
  readonly coverageFrom: string;
  private readonly rateVersion: RateVersion;
  private readonly shared: Shared;
  private readonly names: readonly string[];
  private readonly states: readonly string[];
  private readonly codes: Map<string, TaxCode>;
  private readonly areaCache = new Map<string, RateArea>();
  /**
   * Answers for canonical addresses (two capitals, five digits) that name a rate area, by ZIP (a ZIP
   * of several states keeps the first state asked in this map, the others in `resolvedOthers`):
   * at most one per row.
   */
  private readonly resolvedCache: (AreaResolution | undefined)[] = new Array<undefined>(100_000).fill(undefined);
  private readonly resolvedOthers = new Map<string, Resolution>();

  constructor(
    readonly artifact: ContentArtifact,
    private readonly index = artifact.versions.length - 1,
    shared?: Shared,
  ) {
    this.rateVersion = artifact.versions[index]!;
    this.version = this.rateVersion.version;
    this.from = this.rateVersion.from;
    this.coverageFrom = artifact.coverage_from;
    if (!shared) {
      const codes = new Map<string, TaxCode>();
      for (const [code, name, description, category] of artifact.taxCodes) {
        // taxCode() looks a code up as sent before normalizing it, which needs keys without surrounding space.
        if (code !== code.trim()) throw new Error(`tax code ${JSON.stringify(code)} has surrounding space`);
        codes.set(code.toUpperCase(), { code, name, description, category });
      }
      const holidaysByState: Shared['holidaysByState'] = new Map();
      for (const h of artifact.holidays)
        holidaysByState.set(h.state, { all: [...(holidaysByState.get(h.state)?.all ?? []), h], lastDate: null, inForce: NO_HOLIDAYS });
      const rulesByState = new Map<string, readonly CompiledRule[]>();
      for (const [state, rules] of Object.entries(artifact.taxabilityRules))
        rulesByState.set(
          state,
          rules.map((rule) => {
            const codePrefix = rule.match.startsWith('code:') ? rule.match.slice(5) : null;
            return {
              codePrefix,
              category: codePrefix === null ? rule.match.slice(9) : null,
              from: rule.from,
              treatment: rule.treatment,
              basis: basisOf(state, rule, artifact.coverage_from),
            };
          }),
        );
      shared = {
        names: artifact.names.split('\n'),
        states: Object.keys(artifact.states),
        codes,
        holidaysByState,
        rulesByState,
        illinoisBasis: new Map(),
        facts: new Map(Object.entries(artifact.states)),
        rules: new Map(),
        views: [],
        ages: new Map(),
      };
    }
    this.shared = shared;
    this.shared.views[index] = this;
    this.names = shared.names;
    this.states = shared.states;
    this.codes = shared.codes;
  }

  /**
   * How current the state's rates are: the newest version of the artifact that states them (not the
   * version in force on a date), their sources, and the last date answered without a warning.
   */
  ratesAge(state: string): RatesAge | undefined {
    let age = this.shared.ages.get(state);
    if (age === undefined) {
      const recorded = this.artifact.stateRatesAge?.[state];
      age = recorded === undefined ? null : { ...recorded, currentUntil: oneQuarterAfter(recorded.from) };
      this.shared.ages.set(state, age);
    }
    return age ?? undefined;
  }

  /** The versions held, oldest first. */
  versions(): { readonly version: string; readonly from: string }[] {
    return this.artifact.versions.map((v) => ({ version: v.version, from: v.from }));
  }

  /** The version in force on `date`: the newest from on or before it (the oldest before coverage). */
  at(date: string): TaxContent {
    const { versions } = this.artifact;
    let i = 0;
    while (i + 1 < versions.length && versions[i + 1]!.from <= date) i++;
    return this.shared.views[i] ?? new TaxContent(this.artifact, i, this.shared);
  }

  /** This version's row of (state, zip): the newest version back from this one that lists or removed it. */
  private zipRow(state: string, zip: string): { rows: string; at: number } | undefined {
    for (let i = this.index; i >= 0; i--) {
      const v = this.artifact.versions[i]!;
      const rows = v.zips[state];
      const at = rows === undefined ? -1 : findRow(rows, ZIP_ROW, zip);
      if (at >= 0) return { rows: rows!, at };
      const removed = v.removed[state];
      if (removed !== undefined && findRow(removed, 5, zip) >= 0) return undefined;
    }
    return undefined;
  }

  stateFacts(state: string): StateFacts {
    const facts = this.shared.facts.get(state);
    if (!facts) throw new Error(`no facts for state ${state}`);
    return facts;
  }

  /** What the engine asks of a state (its facts, standing treatments and dated rules), built once per state. */
  stateRules(state: string): StateRules {
    let rules = this.shared.rules.get(state);
    if (rules === undefined) {
      const facts = this.stateFacts(state);
      const standing = new Map(Object.entries(facts.taxability)) as Map<Category, Treatment>;
      const standingBasis = new Map<Category, TaxabilityBasis>();
      for (const [category, t] of standing)
        standingBasis.set(category, {
          state,
          class: category,
          treatment: TREATMENT_NAMES[t.t],
          effective_from: this.coverageFrom,
          citation: facts.citations[category] ?? '',
          summary: `${state} standing rule: ${category} is ${described(t)}.`,
        });
      rules = {
        facts,
        standing,
        standingBasis,
        general: new Map(),
        dated: this.shared.rulesByState.get(state),
        holidays: this.shared.holidaysByState.get(state),
        decided: new Map(),
      };
      this.shared.rules.set(state, rules);
    }
    return rules;
  }

  /**
   * The treatment of a product in a state on `date`: the newest dated rule for its tax code or
   * category on or before the date, else the state's standing treatment of the category. The
   * rules are shared by every version, so the memo is too.
   */
  treatment(rules: StateRules, category: Category, taxCode: TaxCode | undefined, date: string): TreatmentDecision {
    const key = taxCode ?? category;
    const last = rules.decided.get(key);
    if (last !== undefined && last.date === date) return last.decision;
    const dated = rules.dated === undefined ? undefined : this.datedIn(rules.dated, category, taxCode?.code, date);
    const decision: TreatmentDecision =
      dated !== undefined
        ? { treatment: dated.treatment, dated: true, basis: dated.basis }
        : { treatment: rules.standing.get(category), dated: false, basis: rules.standingBasis.get(category) };
    if (last !== undefined) {
      last.date = date;
      last.decision = decision;
    } else rules.decided.set(key, { date, decision });
    return decision;
  }

  taxCode(code: string): TaxCode | undefined {
    // A code sent as the catalog writes it needs no normalizing (keys are trimmed capitals).
    return this.codes.get(code) ?? this.codes.get(code.trim().toUpperCase());
  }

  taxCodes(): IterableIterator<TaxCode> {
    return this.codes.values();
  }

  private rated(state: string, zip: string): boolean {
    return this.zipRow(state, zip) !== undefined;
  }

  /** Whether any ZIP table (rates or postal) lists the ZIP under the state. */
  private listed(state: string, zip: string): boolean {
    const postal = this.artifact.postalOnlyZips[state];
    return this.rated(state, zip) || (postal !== undefined && findRow(postal, 5, zip) >= 0);
  }

  /**
   * Resolves an address (state may be omitted when the ZIP names a single state). Where the state
   * has official boundaries in force, coordinates inside one resolve to its rate area (`rooftop`),
   * and a ZIP+4 inside a loaded range to its (`zip9`); otherwise the ZIP's (`zip5`).
   */
  resolve(stateInput: string | null | undefined, zipInput: string, point?: Point): Resolution {
    if (point !== undefined && this.artifact.boundaries !== undefined) {
      const byZip = this.resolve(stateInput, zipInput);
      return byZip.kind === 'area' ? (this.refine(byZip.area, undefined, point) ?? byZip) : byZip;
    }
    // Indexed by the ZIP's number: no string hashing on the path every line takes.
    const zipIndex = stateInput != null && stateInput.length === 2 ? zipNumber(zipInput) : -1;
    if (zipIndex >= 0) {
      const known = this.resolvedCache[zipIndex];
      if (known !== undefined) {
        if (known.area.state === stateInput) return known;
        const other = this.resolvedOthers.get(stateInput + zipInput);
        if (other !== undefined) return other;
      }
    }
    const match = ZIP_PATTERN.exec(zipInput.trim());
    if (!match) return { kind: 'invalid', reason: 'The ZIP code is not a 5-digit ZIP or ZIP+4.' };
    const zip = match[1]!;
    let state: string;
    if (stateInput != null && stateInput.trim() !== '') {
      state = stateInput.trim().toUpperCase();
      if (!isUsState(state)) return { kind: 'invalid', reason: 'The state is not a US state code.' };
      // A ZIP the tables list only under other states does not belong to this one.
      if (!this.listed(state, zip) && this.states.some((other) => other !== state && this.listed(other, zip)))
        return { kind: 'invalid', reason: 'The ZIP code does not belong to the state.' };
    } else {
      const listedUnder = this.states.filter((s) => this.listed(s, zip));
      if (listedUnder.length !== 1) return { kind: 'invalid', reason: 'The address does not resolve to one US state; send the state.' };
      state = listedUnder[0]!;
    }
    const area = this.area(state, zip);
    if (!area) return { kind: 'unrated', state, zip };
    if (match[2] !== undefined && this.artifact.boundaries !== undefined) {
      const refined = this.refine(area, match[2], undefined);
      if (refined) return refined;
    }
    const zip4 = match[2] !== undefined && (this.artifact.zip4[state]?.length ?? 0) > 0;
    const resolution = areaResolution(area, zip4 ? 'zip9' : 'zip5');
    // The same input resolves the same way for this version: remembered when written canonically.
    if (stateInput === state && zipInput === zip) {
      if (this.resolvedCache[zipIndex] === undefined) this.resolvedCache[zipIndex] = resolution;
      else this.resolvedOthers.set(state + zip, resolution);
    }
    return resolution;
  }

  /** The area of the official boundary holding the point or the ZIP+4, or null. */
  private refine(area: RateArea, plus4: string | undefined, point: Point | undefined): Resolution | null {
    const text = this.artifact.boundaries?.[area.state];
    if (text === undefined) return null;
    const { from, index } = boundaryIndex(this.artifact, area.state, text);
    if (this.rateVersion.from < from) return null;
    if (point !== undefined) {
      const region = index.locate(point.longitude, point.latitude);
      if (region !== undefined) return areaResolution(this.regionArea(area, region), 'rooftop');
    }
    if (plus4 !== undefined) {
      const region = index.zip9(area.zip + plus4);
      if (region !== undefined) return areaResolution(this.regionArea(area, region), 'zip9');
    }
    return null;
  }

  /** The ZIP's area with the rates, sources and name of one region (a boundary's). */
  private regionArea(zipArea: RateArea, region: number): RateArea {
    const key = `${zipArea.state}${zipArea.zip}#${region}`;
    const cached = this.areaCache.get(key);
    if (cached) return cached;
    const { regions } = this.artifact;
    const at = region * REGION;
    const area: RateArea = {
      ...zipArea,
      rates: { state: regions[at]!, county: regions[at + 1]!, city: regions[at + 2]!, special: regions[at + 3]! },
      sources: {
        state: this.rateSource(regions[at + 5]!),
        county: this.rateSource(regions[at + 6]!),
        city: this.rateSource(regions[at + 7]!),
        special: this.rateSource(regions[at + 8]!),
      },
      regionName: this.names[regions[at + 4]!]!,
      multiArea: false,
      range: null,
      caCityRate: null,
      memo: undefined,
    };
    this.areaCache.set(key, area);
    return area;
  }

  private area(state: string, zip: string): RateArea | undefined {
    const key = state + zip;
    const cached = this.areaCache.get(key);
    if (cached) return cached;
    const found = this.zipRow(state, zip);
    if (!found) return undefined;
    const { rows, at } = found;
    const { regions } = this.artifact;
    const { caCityRates } = this.rateVersion;
    const region = b36(rows, at + 5) * REGION;
    const rates = { state: regions[region]!, county: regions[region + 1]!, city: regions[region + 2]!, special: regions[region + 3]! };
    const table = this.rateVersion.tableSources[state];
    const source = (index: number) => this.rateSource(index === TABLE_SOURCE ? (table ?? index) : index);
    const sources = {
      state: source(regions[region + 5]!),
      county: source(regions[region + 6]!),
      city: source(regions[region + 7]!),
      special: source(regions[region + 8]!),
    };
    const cityName = this.names[b36(rows, at + 11)]!;
    const combined = rates.state + rates.county + rates.city + rates.special;
    const cdtfa = state === 'CA' ? caCityRates[cityName] : undefined;
    const caCityRate = cdtfa !== undefined && cdtfa !== combined ? cdtfa : null;
    const several = this.rateVersion.areas[state];
    const at2 = several === undefined ? -1 : findRow(several, AREA_ROW, zip);
    const range = at2 < 0 ? null : { lowest: rate36(several!, at2 + 5), highest: rate36(several!, at2 + 9) };
    const area: RateArea = {
      state,
      zip,
      rates,
      sources,
      regionName: this.names[regions[region + 4]!]!,
      countyName: this.names[b36(rows, at + 8)]!,
      cityName,
      multiArea: range !== null || findRow(this.rateVersion.multiStateZips, 5, zip) >= 0 || caCityRate !== null,
      range,
      caCityRate,
      memo: undefined,
    };
    this.areaCache.set(key, area);
    return area;
  }

  /**
   * A state's rates over its rated ZIP codes (the table as published, before date rules): the
   * lowest state part and the mean combined rate, half-up in millionths. Undefined without rows.
   */
  rateSummary(state: string): { readonly minimumStateRate: Micro; readonly averageRate: Micro } | undefined {
    // The state's rows in force with this version: each version's rows replace earlier ones, its removals drop them.
    const inForce = new Map<string, { rows: string; at: number }>();
    for (let i = 0; i <= this.index; i++) {
      const v = this.artifact.versions[i]!;
      const rows = v.zips[state] ?? '';
      for (let at = 0; at + ZIP_ROW <= rows.length; at += ZIP_ROW) inForce.set(rows.slice(at, at + 5), { rows, at });
      const removed = v.removed[state] ?? '';
      for (let at = 0; at + 5 <= removed.length; at += 5) inForce.delete(removed.slice(at, at + 5));
    }
    if (inForce.size === 0) return undefined;
    const { regions } = this.artifact;
    let minimum = Number.POSITIVE_INFINITY;
    let total = 0;
    let count = 0;
    for (const { rows, at } of inForce.values()) {
      const region = b36(rows, at + 5) * REGION;
      const stateRate = regions[region]!;
      minimum = Math.min(minimum, stateRate);
      total += stateRate + regions[region + 1]! + regions[region + 2]! + regions[region + 3]!;
      count++;
    }
    return { minimumStateRate: minimum, averageRate: Math.floor((2 * total + count) / (2 * count)) };
  }

  /** The state part on `date` when a scheduled change replaces the rate table's (on or after coverage), and its source. */
  stateRateChange(state: string, date: string): { readonly rate: Micro; readonly source: string } | undefined {
    let found: { rate: Micro; source: number } | undefined;
    for (const change of this.artifact.stateRateChanges[state] ?? []) if (change.from <= date) found = change;
    return found && { rate: found.rate, source: this.rateSource(found.source) };
  }

  /** The state rate before coverage, where the state's history covers the date exactly, and its source. */
  historicalStateRate(state: string, date: string): { readonly rate: Micro; readonly source: string } | undefined {
    for (const p of this.artifact.stateRateHistory[state] ?? [])
      if (p.from <= date && (p.to === null || date <= p.to)) return { rate: p.rate, source: this.rateSource(p.source) };
    return undefined;
  }

  /**
   * A dated taxability rule of the state for a line's tax code or category on `date`: the newest
   * rule on or before the date (a rule without a date holds before any dated one).
   */
  datedTreatment(state: string, category: Category, code: string | undefined, date: string): Treatment | undefined {
    const rules = this.shared.rulesByState.get(state);
    return rules === undefined ? undefined : this.datedIn(rules, category, code, date)?.treatment;
  }

  /**
   * The newest rule on or before `date` for the tax code or the category: a rule for the tax code
   * (a class narrower than the category, e.g. SaaS for business use) decides before one for the category.
   */
  private datedIn(rules: readonly CompiledRule[], category: Category, code: string | undefined, date: string): CompiledRule | undefined {
    let byCategory: CompiledRule | undefined;
    let byCode: CompiledRule | undefined;
    const upper = code?.toUpperCase();
    for (const rule of rules) {
      if (rule.from !== null && rule.from > date) continue;
      if (rule.codePrefix !== null) {
        if (upper?.startsWith(rule.codePrefix) === true) byCode = rule;
      } else if (rule.category === category) byCategory = rule;
    }
    return byCode ?? byCategory;
  }

  /**
   * The state's general rule for a category no rule of the data rules on: taxable at the state's
   * general rate, citing where that rate comes from (built once per category and source).
   */
  generalBasis(rules: StateRules, state: string, category: Category, rateSource: string): TaxabilityBasis {
    let bySource = rules.general.get(category);
    const known = bySource?.get(rateSource);
    if (known !== undefined) return known;
    const basis: TaxabilityBasis = {
      state,
      class: category,
      treatment: 'general_rate',
      effective_from: this.coverageFrom,
      citation: rateSource || 'Federation of Tax Administrators, State Sales Tax Rates (2023-01-01): no state sales tax (data/us_states.csv)',
      summary: rules.facts.salesTax
        ? `${state} general rule: ${category} is taxed at the state's general rate and the local rates of the place; no rule of the data sets another treatment.`
        : `${state} levies no state sales tax; local taxes of the place apply at their general rates.`,
    };
    if (bySource === undefined) rules.general.set(category, (bySource = new Map()));
    bySource.set(rateSource, basis);
    return basis;
  }

  /** The rule of a sales-tax holiday for a line of `category`. */
  holidayBasis(holiday: Holiday, category: Category): TaxabilityBasis {
    return {
      state: holiday.state,
      class: category,
      treatment: 'holiday_exempt',
      effective_from: holiday.from,
      citation: holiday.source,
      summary: `${holiday.name} (${holiday.from} to ${holiday.to}): exempt from ${holiday.localWaived ? 'state and local' : 'state'} sales tax.`,
    };
  }

  /**
   * The Illinois rule of a rate class (35 ILCS 120/2-10: general merchandise, qualifying food, drugs
   * and medical appliances; exempt classes) on `date`, citing the state rates' source.
   */
  illinoisBasis(cls: 'general' | 'food' | 'drugs' | 'exempt', date: string): TaxabilityBasis {
    // The answer for the last date asked is kept per class: most documents are of one day.
    const last = this.shared.illinoisBasis.get(cls);
    if (last !== undefined && last.date === date) return last.basis;
    const periods = this.artifact.illinois.stateRates;
    let at = periods.findIndex((p) => (p.from === null || p.from <= date) && (p.to === null || date <= p.to));
    if (at < 0) at = periods.length - 1;
    if (last !== undefined && last.period === at) {
      last.date = date;
      return last.basis;
    }
    const period = periods[at]!;
    const rate = cls === 'general' ? period.general : cls === 'food' ? period.food : cls === 'drugs' ? period.drugs : 0;
    const basis: TaxabilityBasis = {
      state: 'IL',
      class:
        cls === 'general'
          ? 'general_merchandise'
          : cls === 'food'
            ? 'qualifying_food'
            : cls === 'drugs'
              ? 'drugs_and_medical_appliances'
              : 'not_tangible_property',
      treatment: cls === 'general' ? 'general_rate' : cls === 'exempt' ? 'exempt' : 'reduced_rate',
      effective_from: period.from ?? this.coverageFrom,
      citation:
        cls === 'exempt'
          ? "Illinois Retailers' Occupation Tax Act (35 ILCS 120/1): the tax applies to sales of tangible personal property only"
          : this.rateSource(period.source),
      summary:
        cls === 'exempt'
          ? "IL: not a sale of tangible personal property under the Retailers' Occupation Tax."
          : `IL: ${cls === 'general' ? 'general merchandise' : cls === 'food' ? 'qualifying food (low rate)' : 'drugs and medical appliances (low rate)'} at a state rate of ${rate / 10_000} % (35 ILCS 120/2-10) with the local taxes of its class.`,
    };
    this.shared.illinoisBasis.set(cls, { date, period: at, basis });
    return basis;
  }

  /** The holidays in force on `date` of the state whose rules these are. */
  holidaysIn(rules: StateRules, date: string): readonly Holiday[] {
    const ofState = rules.holidays;
    if (ofState === undefined) return NO_HOLIDAYS;
    // The answer for the last date asked is kept per state: most documents are of today.
    if (ofState.lastDate !== date) {
      ofState.lastDate = date;
      ofState.inForce = ofState.all.filter((h) => h.from <= date && date <= h.to);
    }
    return ofState.inForce;
  }

  /** Every row of this version, keyed "ST,ZIP" (for reviews and diffs; the engine looks rows up one by one). */
  rows(): Map<string, { state: string; zip: string; region: string; combined: Micro }> {
    const out = new Map<string, { state: string; zip: string; region: string; combined: Micro }>();
    for (let i = 0; i <= this.index; i++) {
      const v = this.artifact.versions[i]!;
      for (const [state, removed] of Object.entries(v.removed))
        for (let at = 0; at < removed.length; at += 5) out.delete(`${state},${removed.slice(at, at + 5)}`);
      for (const [state, rows] of Object.entries(v.zips))
        for (let at = 0; at < rows.length; at += ZIP_ROW) {
          const region = b36(rows, at + 5) * REGION;
          const r = this.artifact.regions;
          const zip = rows.slice(at, at + 5);
          out.set(`${state},${zip}`, {
            state,
            zip,
            region: this.names[r[region + 4]!]!,
            combined: r[region]! + r[region + 1]! + r[region + 2]! + r[region + 3]!,
          });
        }
    }
    return out;
  }

  /** California CDTFA city rates in force with this version. */
  caCityRates(): Readonly<Record<string, Micro>> {
    return this.rateVersion.caCityRates;
  }

  /** Where this version's California city rates come from. */
  caCitySource(): string {
    return this.rateSource(this.rateVersion.caCitySource);
  }

  /** A rate source of the artifact by index (publisher, table, date). */
  rateSource(index: number): string {
    const source = this.artifact.rateSources[index];
    if (source === undefined) throw new Error(`no rate source ${index}`);
    return source;
  }

  /** The ZIPs of this version that hold several rate areas, keyed "ST,ZIP" (for reviews and reports). */
  multiAreaZips(): Map<string, RateRange> {
    const out = new Map<string, RateRange>();
    for (const [state, rows] of Object.entries(this.rateVersion.areas))
      for (let at = 0; at < rows.length; at += AREA_ROW)
        out.set(`${state},${rows.slice(at, at + 5)}`, { lowest: rate36(rows, at + 5), highest: rate36(rows, at + 9) });
    return out;
  }
}
