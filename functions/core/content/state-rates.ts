// A state's rate part over time: scheduled changes on or after coverage, its history before, and
// how current its newest rates are (docs/taxes-and-content.md, "Effective-dated versions").
import { type ContentArtifact, type LocalRatePart, type Micro, SOURCE_KINDS, type SourceKind, type StateRatesAge } from './artifact';
import { rateSourceOf } from './artifact-codec';

/** How current a state's rates are: its newest version, their sources, and the last date answered without a warning. */
export interface RatesAge extends StateRatesAge {
  /** One quarter after `from`: a document dated later carries content_older_than_date. */
  readonly currentUntil: string;
  /** The calendar quarter of `from` ("2026-Q2"). */
  readonly quarter: string;
  /** The weakest kind among `sources` (SOURCE_KINDS is strongest first). */
  readonly weakestKind: SourceKind;
}

/** The calendar quarter of a date: "2026-Q2" for 2026-04-01. */
export function quarterOf(date: string): string {
  return `${date.slice(0, 4)}-Q${Math.floor((Number(date.slice(5, 7)) - 1) / 3) + 1}`;
}

/** The weakest of some kinds of source; a state without sources is counted as secondary. */
export function weakestKind(kinds: readonly SourceKind[]): SourceKind {
  return SOURCE_KINDS[Math.max(...kinds.map((k) => SOURCE_KINDS.indexOf(k)), kinds.length === 0 ? SOURCE_KINDS.length - 1 : 0)]!;
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

/** A local rate change in force: a jurisdiction added, or a part's new rate where it still is `was`. */
export interface LocalChange {
  readonly part: LocalRatePart;
  readonly was: Micro | null;
  readonly name: string;
  readonly rate: Micro;
  readonly source: string;
}

const NO_CHANGES: readonly LocalChange[] = [];

/** The dated state parts of one artifact, shared by its versions. */
export class StateRates {
  /** Each state's rates age (null: the artifact records none), built on first use. */
  private readonly ages = new Map<string, RatesAge | null>();

  constructor(private readonly artifact: ContentArtifact) {}

  /**
   * How current the state's rates are: the newest version of the artifact that states them (not the
   * version in force on a date), their sources, and the last date answered without a warning.
   */
  ratesAge(state: string): RatesAge | undefined {
    let age = this.ages.get(state);
    if (age === undefined) {
      const recorded = this.artifact.stateRatesAge?.[state];
      age =
        recorded === undefined
          ? null
          : {
              ...recorded,
              currentUntil: oneQuarterAfter(recorded.from),
              quarter: quarterOf(recorded.from),
              weakestKind: weakestKind(recorded.sources.map((s) => s.kind)),
            };
      this.ages.set(state, age);
    }
    return age ?? undefined;
  }

  /**
   * A state's local rate changes on top of its rates: how many, the newest first day, and the weakest
   * kind among their sources; null where it has none. A change dated before the version that states
   * the rates is in that version's table already (Nome's January rate in Alaska's March table), so
   * it is not counted.
   */
  localChangesSummary(state: string): { readonly count: number; readonly newestFrom: string; readonly weakestKind: SourceKind } | null {
    const since = this.ratesAge(state)?.from ?? '0000-01-01';
    const list = this.artifact.localRateChanges?.[state]?.filter((c) => c.from >= since);
    if (list === undefined || list.length === 0) return null;
    return {
      count: list.length,
      newestFrom: list.reduce((newest, c) => (c.from > newest ? c.from : newest), list[0]!.from),
      weakestKind: weakestKind(list.map((c) => this.artifact.rateSourceKinds[c.source]!)),
    };
  }

  /** The state part on `date` when a scheduled change replaces the rate table's (on or after coverage), and its source. */
  change(state: string, date: string): { readonly rate: Micro; readonly source: string } | undefined {
    let found: { rate: Micro; source: number } | undefined;
    for (const change of this.artifact.stateRateChanges[state] ?? []) if (change.from <= date) found = change;
    return found && { rate: found.rate, source: rateSourceOf(this.artifact, found.source) };
  }

  /** The local taxes of a rate area (its postal county, its region) that started after the ZIP tables and are in force on `date`. */
  localChanges(state: string, county: string, region: string, date: string): readonly LocalChange[] {
    const list = this.artifact.localRateChanges?.[state];
    if (list === undefined) return NO_CHANGES;
    return list
      .filter((c) => c.county === county && (c.areas === undefined || c.areas.includes(region)) && c.from <= date && (c.to === null || date <= c.to))
      .map((c) => ({ part: c.part ?? 'added', was: c.was ?? null, name: c.name, rate: c.rate, source: rateSourceOf(this.artifact, c.source) }));
  }

  /** The state rate before coverage, where the state's history covers the date exactly, and its source. */
  historical(state: string, date: string): { readonly rate: Micro; readonly source: string } | undefined {
    for (const p of this.artifact.stateRateHistory[state] ?? [])
      if (p.from <= date && (p.to === null || date <= p.to)) return { rate: p.rate, source: rateSourceOf(this.artifact, p.source) };
    return undefined;
  }
}
