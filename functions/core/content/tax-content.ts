// The loaded tax content: indexes over the artifact, built once per process. Pure: the artifact
// arrives as a value; reading it from disk is an adapter's job. This facade composes the parts:
// rate areas per version (rate-index.ts), dated state rates (state-rates.ts), taxability rules
// (rule-index.ts), holidays (holidays.ts) and tax codes (tax-codes.ts).
import type { Category, ContentArtifact, Holiday, Micro, RateVersion, SourceKind, StateFacts, TaxabilityBasis, Treatment } from './artifact';
import { rateSourceOf } from './artifact-codec';
import { holidayBasis, holidaysByState, holidaysIn } from './holidays';
import type { Point, RateArea, RateRange, Resolution } from './rate-area';
import { RateIndex, type RateNames } from './rate-index';
import { RuleIndex, type StateRules, type TreatmentDecision } from './rule-index';
import { type LocalChange, type RatesAge, StateRates } from './state-rates';
import { type TaxCode, taxCodesOf } from './tax-codes';

export { findRow } from './artifact-codec';
export type { ComponentRates, ComponentSources, Point, RateArea, RateRange, Resolution, ResolvedAddress } from './rate-area';
export type { StateRules, TreatmentDecision } from './rule-index';
export { type LocalChange, oneQuarterAfter, quarterOf, type RatesAge, weakestKind } from './state-rates';
export type { TaxCode } from './tax-codes';

/** What every version of one artifact shares: parsed once per process. */
interface Shared extends RateNames {
  readonly codes: Map<string, TaxCode>;
  readonly rules: RuleIndex;
  readonly stateRates: StateRates;
  /** The versions' views, built on first use. */
  readonly views: (TaxContent | undefined)[];
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
  /** This version's rows, city rates and sources, as the artifact holds them. */
  readonly rateVersion: RateVersion;
  private readonly shared: Shared;
  private readonly areas: RateIndex;
  private readonly rules: RuleIndex;
  private readonly stateRates: StateRates;
  private readonly codes: Map<string, TaxCode>;
  /** Each rate source's kind by its label, built on first use. */
  private kinds: Map<string, SourceKind> | undefined;

  constructor(
    readonly artifact: ContentArtifact,
    index = artifact.versions.length - 1,
    shared?: Shared,
  ) {
    this.rateVersion = artifact.versions[index]!;
    this.version = this.rateVersion.version;
    this.from = this.rateVersion.from;
    this.coverageFrom = artifact.coverage_from;
    if (!shared) {
      const codes = taxCodesOf(artifact);
      shared = {
        names: artifact.names.split('\n'),
        states: Object.keys(artifact.states),
        codes,
        rules: new RuleIndex(artifact, holidaysByState(artifact)),
        stateRates: new StateRates(artifact),
        views: [],
      };
    }
    this.shared = shared;
    this.shared.views[index] = this;
    this.areas = new RateIndex(artifact, index, shared);
    this.rules = shared.rules;
    this.stateRates = shared.stateRates;
    this.codes = shared.codes;
  }

  /**
   * How current the state's rates are: the newest version of the artifact that states them (not the
   * version in force on a date), their sources, and the last date answered without a warning.
   */
  ratesAge(state: string): RatesAge | undefined {
    return this.stateRates.ratesAge(state);
  }

  /** A state's local rate changes since its ZIP rows (data/local_rate_changes.csv): count, newest first day, weakest kind of source. */
  localChangesSummary(state: string) {
    return this.stateRates.localChangesSummary(state);
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

  /**
   * Resolves an address (state may be omitted when the ZIP names a single state): to the rate area
   * of the official boundary holding its coordinates or ZIP+4 where one is in force, else its ZIP's.
   */
  resolve(stateInput: string | null | undefined, zipInput: string, point?: Point): Resolution {
    return this.areas.resolve(stateInput, zipInput, point);
  }

  /**
   * A state's rates over its rated ZIP codes (the table as published, before date rules): the
   * lowest state part and the mean combined rate, half-up in millionths. Undefined without rows.
   */
  rateSummary(state: string): { readonly minimumStateRate: Micro; readonly averageRate: Micro } | undefined {
    return this.areas.rateSummary(state);
  }

  /** Every row of this version, keyed "ST,ZIP" (for reviews and diffs; the engine looks rows up one by one). */
  rows(): Map<string, { state: string; zip: string; region: string; combined: Micro }> {
    return this.areas.rows();
  }

  /** The ZIPs of this version that hold several rate areas, keyed "ST,ZIP" (for reviews and reports). */
  multiAreaZips(): Map<string, RateRange> {
    return this.areas.multiAreaZips();
  }

  /** The official city rates in force with this version, by upper-case city name (for reviews and diffs). */
  caCityRates(): Readonly<Record<string, Micro>> {
    return this.rateVersion.caCityRates;
  }

  /** The state part on `date` when a scheduled change replaces the rate table's (on or after coverage), and its source. */
  stateRateChange(state: string, date: string): { readonly rate: Micro; readonly source: string } | undefined {
    return this.stateRates.change(state, date);
  }

  /** The state rate before coverage, where the state's history covers the date exactly, and its source. */
  historicalStateRate(state: string, date: string): { readonly rate: Micro; readonly source: string } | undefined {
    return this.stateRates.historical(state, date);
  }

  /** Local taxes of the area's postal county (or of its region alone: names are upper case) that started after the ZIP tables, in force on the date. */
  localRateChanges(area: Pick<RateArea, 'state' | 'countyName' | 'regionName'>, date: string): readonly LocalChange[] {
    return this.stateRates.localChanges(area.state, area.countyName, area.regionName, date);
  }

  /** A rate source of the artifact by index (publisher, table, date). */
  rateSource(index: number): string {
    return rateSourceOf(this.artifact, index);
  }

  /** How the rate source of this label was obtained (undefined for a label the content does not hold). */
  sourceKind(label: string): SourceKind | undefined {
    if (this.kinds === undefined) {
      const { rateSources, rateSourceKinds } = this.artifact;
      this.kinds = new Map(rateSources.map((s, i) => [s, rateSourceKinds[i]!]));
    }
    return this.kinds.get(label);
  }

  stateFacts(state: string): StateFacts {
    return this.rules.stateFacts(state);
  }

  /** What the engine asks of a state (its facts, standing treatments and dated rules), built once per state. */
  stateRules(state: string): StateRules {
    return this.rules.stateRules(state);
  }

  /**
   * The treatment of a product in a state on `date`: the newest dated rule for its tax code or
   * category on or before the date, else the state's standing treatment of the category.
   */
  treatment(rules: StateRules, category: Category, taxCode: TaxCode | undefined, date: string): TreatmentDecision {
    return this.rules.treatment(rules, category, taxCode, date);
  }

  /** A dated taxability rule of the state for a line's tax code or category on `date`. */
  datedTreatment(state: string, category: Category, code: string | undefined, date: string): Treatment | undefined {
    return this.rules.datedTreatment(state, category, code, date);
  }

  /** The state's general rule for a category no rule of the data rules on, citing where its rate comes from. */
  generalBasis(rules: StateRules, state: string, category: Category, rateSource: string): TaxabilityBasis {
    return this.rules.generalBasis(rules, state, category, rateSource);
  }

  /** The rule of a sales-tax holiday for a line of `category`. */
  holidayBasis(holiday: Holiday, category: Category): TaxabilityBasis {
    return holidayBasis(holiday, category);
  }

  /** The holidays in force on `date` of the state whose rules these are. */
  holidaysIn(rules: StateRules, date: string): readonly Holiday[] {
    return holidaysIn(rules.holidays, date);
  }

  taxCode(code: string): TaxCode | undefined {
    // A code sent as the catalog writes it needs no normalizing (keys are trimmed capitals).
    return this.codes.get(code) ?? this.codes.get(code.trim().toUpperCase());
  }

  taxCodes(): IterableIterator<TaxCode> {
    return this.codes.values();
  }
}
