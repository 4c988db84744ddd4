// The loaded tax content: indexes over the artifact, built once per process. Pure: the artifact
// arrives as a value; reading it from disk is an adapter's job.
import { ZIP_ROW, type Category, type ContentArtifact, type Micro, type StateFacts } from './artifact';
import { isUsState } from './states';

export interface ComponentRates {
  readonly state: Micro;
  readonly county: Micro;
  readonly city: Micro;
  readonly special: Micro;
}

/** A destination (or origin) resolved to one row of the rate table. */
export interface RateArea {
  readonly state: string;
  readonly zip: string;
  readonly rates: ComponentRates;
  readonly regionName: string;
  readonly countyName: string;
  readonly cityName: string;
  /** The ZIP spans several rate areas (several states, or a CA city rate that differs). */
  readonly multiArea: boolean;
  /** California: the postal city's official CDTFA rate where it differs from the ZIP row. */
  readonly caCityRate: Micro | null;
}

export type Resolution =
  | { readonly kind: 'area'; readonly area: RateArea; readonly precision: 'zip5' | 'zip9' }
  /** Malformed ZIP, unknown state, or a state the ZIP tables do not list the ZIP under. */
  | { readonly kind: 'invalid'; readonly reason: string }
  /** A well-formed address whose (state, ZIP) has no rate row. */
  | { readonly kind: 'unrated'; readonly state: string; readonly zip: string };

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

export class TaxContent {
  readonly version: string;
  readonly coverageFrom: string;
  private readonly names: readonly string[];
  private readonly states: readonly string[];
  private readonly codes = new Map<string, TaxCode>();
  private readonly areaCache = new Map<string, RateArea>();

  constructor(readonly artifact: ContentArtifact) {
    this.version = artifact.version;
    this.coverageFrom = artifact.coverage_from;
    this.names = artifact.names.split('\n');
    this.states = Object.keys(artifact.states);
    for (const [code, name, description, category] of artifact.taxCodes) this.codes.set(code.toUpperCase(), { code, name, description, category });
  }

  stateFacts(state: string): StateFacts {
    const facts = this.artifact.states[state];
    if (!facts) throw new Error(`no facts for state ${state}`);
    return facts;
  }

  taxCode(code: string): TaxCode | undefined {
    return this.codes.get(code.trim().toUpperCase());
  }

  taxCodes(): IterableIterator<TaxCode> {
    return this.codes.values();
  }

  private rated(state: string, zip: string): boolean {
    const rows = this.artifact.zips[state];
    return rows !== undefined && findRow(rows, ZIP_ROW, zip) >= 0;
  }

  /** Whether any ZIP table (rates or postal) lists the ZIP under the state. */
  private listed(state: string, zip: string): boolean {
    const postal = this.artifact.postalOnlyZips[state];
    return this.rated(state, zip) || (postal !== undefined && findRow(postal, 5, zip) >= 0);
  }

  /** Resolves an address (state may be omitted when the ZIP names a single state). */
  resolve(stateInput: string | null | undefined, zipInput: string): Resolution {
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
    const zip4 = match[2] !== undefined && (this.artifact.zip4[state]?.length ?? 0) > 0;
    return { kind: 'area', area, precision: zip4 ? 'zip9' : 'zip5' };
  }

  private area(state: string, zip: string): RateArea | undefined {
    const key = state + zip;
    const cached = this.areaCache.get(key);
    if (cached) return cached;
    const rows = this.artifact.zips[state];
    const at = rows === undefined ? -1 : findRow(rows, ZIP_ROW, zip);
    if (at < 0) return undefined;
    const { regions, caCityRates } = this.artifact;
    const region = b36(rows!, at + 5) * 5;
    const rates = { state: regions[region]!, county: regions[region + 1]!, city: regions[region + 2]!, special: regions[region + 3]! };
    const cityName = this.names[b36(rows!, at + 11)]!;
    const combined = rates.state + rates.county + rates.city + rates.special;
    const cdtfa = state === 'CA' ? caCityRates[cityName] : undefined;
    const caCityRate = cdtfa !== undefined && cdtfa !== combined ? cdtfa : null;
    const area: RateArea = {
      state,
      zip,
      rates,
      regionName: this.names[regions[region + 4]!]!,
      countyName: this.names[b36(rows!, at + 8)]!,
      cityName,
      multiArea: findRow(this.artifact.multiStateZips, 5, zip) >= 0 || caCityRate !== null,
      caCityRate,
    };
    this.areaCache.set(key, area);
    return area;
  }

  /**
   * A state's rates over its rated ZIP codes (the table as published, before date rules): the
   * lowest state part and the mean combined rate, half-up in millionths. Undefined without rows.
   */
  rateSummary(state: string): { readonly minimumStateRate: Micro; readonly averageRate: Micro } | undefined {
    const rows = this.artifact.zips[state];
    if (!rows || rows.length < ZIP_ROW) return undefined;
    const { regions } = this.artifact;
    let minimum = Number.POSITIVE_INFINITY;
    let total = 0;
    let count = 0;
    for (let at = 0; at + ZIP_ROW <= rows.length; at += ZIP_ROW) {
      const region = b36(rows, at + 5) * 5;
      const stateRate = regions[region]!;
      minimum = Math.min(minimum, stateRate);
      total += stateRate + regions[region + 1]! + regions[region + 2]! + regions[region + 3]!;
      count++;
    }
    return { minimumStateRate: minimum, averageRate: Math.floor((2 * total + count) / (2 * count)) };
  }

  /** The state part on `date` when a scheduled change replaces the rate table's (on or after coverage). */
  stateRateChange(state: string, date: string): Micro | undefined {
    let rate: Micro | undefined;
    for (const change of this.artifact.stateRateChanges[state] ?? []) if (change.from <= date) rate = change.rate;
    return rate;
  }

  /** The state rate before coverage, where the state's history covers the date exactly. */
  historicalStateRate(state: string, date: string): Micro | undefined {
    for (const p of this.artifact.stateRateHistory[state] ?? []) if (p.from <= date && (p.to === null || date <= p.to)) return p.rate;
    return undefined;
  }
}
