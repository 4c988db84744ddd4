// data/content_versions.csv, the content's rate versions oldest first (data/README.md §8), and
// local_rate_change_rules.csv, the only dates on which each state's local rates may change.
import type { Build } from './build';
import type { States } from './state-facts';

const COLUMNS = ['version', 'effective_from', 'zip_rates', 'source', 'states_by_rule', 'source_kind'] as const;

/** A row of the manifest; a state's own version table is named in a column of its own (StateVersionTable). */
export type ManifestEntry = Readonly<Record<(typeof COLUMNS)[number], string>> & { readonly [column: string]: string | undefined };

export function readManifest(build: Build, stateColumns: readonly string[]): ManifestEntry[] {
  // parseCsv refuses a file that lacks one of the columns, so every entry holds them all.
  const manifest = build.load('content_versions.csv', [...COLUMNS, ...stateColumns]) as ManifestEntry[];
  if (manifest.length === 0) throw new Error('content_versions.csv lists no version');
  for (let i = 1; i < manifest.length; i++)
    if (manifest[i]!.effective_from <= manifest[i - 1]!.effective_from) throw new Error('content_versions.csv must list versions oldest first, one per date');
  return manifest;
}

const CHANGE_MONTHS: Record<string, readonly string[]> = { quarterly: ['01', '04', '07', '10'], semiannual: ['01', '07'], annual: ['01'] };

/**
 * The dates local_rate_change_rules.csv allows a state's local rates to change on: the first days of
 * the months its rule names, after `after` and on or before `until`. A version marked states_by_rule
 * takes, from a later table, the rows of the states whose rule allows exactly its date between the
 * previous version and that table.
 */
export type ChangeDates = (state: string, after: string, until: string) => string[];

export function readChangeDates(build: Build, states: States): ChangeDates {
  const rules = new Map(
    build.load('local_rate_change_rules.csv', ['state', 'effective_dates']).map((r) => {
      const months = CHANGE_MONTHS[r.effective_dates];
      if (!months || !states.facts[r.state]) throw new Error(`local_rate_change_rules.csv: unreadable row ${r.state} ${r.effective_dates}`);
      return [r.state, months] as const;
    }),
  );
  return (state, after, until) => {
    const months = rules.get(state);
    if (!months) return [];
    const out: string[] = [];
    for (let year = Number(after.slice(0, 4)); year <= Number(until.slice(0, 4)); year++)
      for (const m of months) {
        const d = `${year}-${m}-01`;
        if (d > after && d <= until) out.push(d);
      }
    return out;
  };
}
