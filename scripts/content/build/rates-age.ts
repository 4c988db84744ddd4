// The record of how current each state's rates are (artifact `stateRatesAge`, GET /config): for
// each state, the newest version that states its rates anew and the publications its answers come
// from (data/README.md §8).
import type { RateSourceFacts, SourceKind, StateRatesAge } from '../../../functions/core/content/artifact';
import type { ZipAnswer } from './rate-areas';

/**
 * The record of how current each state's rates are: for each version, the states it states anew
 * and the publications its answers of those states come from (the sources of every part of every
 * ZIP, and the tables of the state's own a version names).
 */
export class StateRatesRecorder {
  private readonly ages: Record<string, StateRatesAge> = {};
  private readonly facts = new Map<string, RateSourceFacts>();

  /** `kinds` records each label's kind with the build. */
  constructor(private readonly kinds: (label: string, kind: SourceKind) => void) {}

  /** What a source label names (registered where the build makes the label). */
  describe(label: string, facts: RateSourceFacts): void {
    this.kinds(label, facts.kind);
    this.facts.set(label, facts);
  }

  record(version: string, from: string, state: string, answers: ReadonlyMap<string, ZipAnswer>, extraLabels: readonly string[] = []): void {
    const labels = new Set<string>();
    for (const a of answers.values()) for (const label of Object.values(a.sources)) labels.add(label);
    for (const label of extraLabels) labels.add(label);
    const sources = [...labels].map((label) => {
      const facts = this.facts.get(label);
      if (!facts) throw new Error(`no publisher, table and date registered for the rate source ${JSON.stringify(label)}`);
      // A table published per state (Avalara's TAXRATES_ZIP5_<ST>202603.csv) is named by the state's file.
      return { ...facts, table: facts.table.replace('<ST>', state) };
    });
    // The states' own publications first, the vendor table last; then newest first: the order /config lists them.
    const vendor = (f: RateSourceFacts) => (/^Avalara/.test(f.publisher) ? 1 : 0);
    sources.sort((x, y) => vendor(x) - vendor(y) || y.date.localeCompare(x.date) || x.publisher.localeCompare(y.publisher) || x.table.localeCompare(y.table));
    this.ages[state] = { version, from, sources };
  }

  result(): Record<string, StateRatesAge> {
    return Object.fromEntries(
      Object.keys(this.ages)
        .sort()
        .map((s) => [s, this.ages[s]!]),
    );
  }
}
