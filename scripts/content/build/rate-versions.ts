// The rate versions of data/content_versions.csv, oldest first (data/README.md §8). A version takes
// the rows of its ZIP table for the states it states anew and keeps every other state's rows: all
// states; with states_by_rule = yes, from a later table, the states whose local-change rule allows
// exactly its date; with states_by_rule = official, from the table of an earlier date, the states
// whose official rate file covers its date (scripts/content/build/official-versions.ts). Each ZIP's
// answer is derived from the rows in force (scripts/content/build/rate-areas.ts) and the version is
// stored as its differences from the one before (scripts/content/build/version-encoding.ts).
import type { RateVersion } from '../../../functions/core/content/artifact';
import type { StateBuild, VersionTable } from '../states/state-build';
import type { Build } from './build';
import { applyCountyChanges, officialStatesOn, unplacedChanges } from './official-versions';
import { type Disagreement, deriveAreas, type OfficialTable, type Parts, type ZipAnswer, type ZipTableRow } from './rate-areas';
import type { States } from './state-facts';
import { encodeVersion } from './version-encoding';
import type { ChangeDates, ManifestEntry } from './version-manifest';
import type { ZipGeography } from './zip-geography';
import { addZipRows, ZIP_COLUMNS, zipTableFacts, zipTableLabel } from './zip-table';

/** What the build derived for one version (for reviews: npm run content:diff and content:rate-areas). */
export interface VersionDerivation {
  readonly version: string;
  readonly rows: ReadonlyMap<string, ReadonlyMap<string, ZipTableRow>>;
  readonly answers: ReadonlyMap<string, ReadonlyMap<string, ZipAnswer>>;
  readonly disagreements: readonly Disagreement[];
  /** The city rates of the states' own tables of this version, by state. */
  readonly cityRates: ReadonlyMap<string, Readonly<Record<string, number>>>;
  /** The states this version states anew (the others keep an earlier version's rows). */
  readonly restated: ReadonlySet<string>;
  /** Official-file changes of an `official` version that a ZIP-level join cannot place. */
  readonly unplaced: readonly string[];
}

export interface RateVersionsInput {
  readonly states: States;
  readonly manifest: readonly ManifestEntry[];
  readonly changeDates: ChangeDates;
  readonly geography: ZipGeography;
  readonly officials: ReadonlyMap<string, OfficialTable>;
  readonly stateBuilds: readonly StateBuild[];
  readonly onVersion?: (derived: VersionDerivation) => void;
}

export interface RateVersions {
  readonly versions: RateVersion[];
  /** How many versions give each ZIP of a state ("ST,zip") a row. */
  readonly rated: ReadonlyMap<string, number>;
  /** The parts every area of a state pays, where the state's own tables give them. */
  readonly bases: ReadonlyMap<string, Parts>;
}

export function readRateVersions(build: Build, input: RateVersionsInput): RateVersions {
  const { states, manifest, changeDates, geography, officials, onVersion } = input;
  const tabled = input.stateBuilds.flatMap((s) => (s.versionTable ? [{ state: s.state, table: s.versionTable }] : []));
  const localTaxNames = new Map(input.stateBuilds.flatMap((s) => (s.localTaxName ? [[s.state, s.localTaxName] as const] : [])));
  /** The last version's rows by state and ZIP, to diff the next one against. */
  let previous = new Map<string, Map<string, string>>();
  let previousRows = new Map<string, Map<string, ZipTableRow>>();
  const rated = new Map<string, number>();
  const versions: RateVersion[] = [];
  /** Each version's rows in force of the states with a version table of their own. */
  const rowsInForce = new Map(tabled.map(({ state }) => [state, [] as ReadonlyMap<string, ZipTableRow>[]]));
  for (const [index, entry] of manifest.entries()) {
    const lines = build.load(entry.zip_rates, ZIP_COLUMNS);
    const dates = new Set(lines.map((r) => r.effective_date));
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
    build.ages.describe(tableSource, zipTableFacts(entry.source, entry.zip_rates, tableDate, entry.source_kind ?? ''));
    const currentRows = new Map<string, Map<string, ZipTableRow>>();
    for (const [state, rows] of previousRows) if (!takes(state)) currentRows.set(state, rows);
    // A row of a place us_states.csv does not list (Puerto Rico) is outside the service's jurisdictions.
    addZipRows(entry.zip_rates, tableSource, lines, (state) => states.facts[state] !== undefined && takes(state), currentRows);
    const tables = new Map<string, VersionTable>(tabled.map(({ state, table }) => [state, table.read(build, entry[table.column] ?? '')]));
    const cityRates = new Map([...tables].map(([state, t]) => [state, t.cityRates]));
    const { answers, disagreements } = deriveAreas({
      rows: currentRows,
      date: entry.effective_from,
      countyNames: geography.countyNames,
      officials,
      zipCounties: geography.zipCounties,
      cityRates,
      localTaxNames,
    });
    const unplaced: string[] = [];
    for (const state of official ?? []) {
      const table = officials.get(state)!;
      applyCountyChanges(state, answers.get(state)!, table, tableDate, entry.effective_from, geography.zipCounties);
      unplaced.push(...unplacedChanges(table, tableDate, entry.effective_from));
    }
    const restated = new Set([...currentRows.keys()].filter(takes));
    for (const state of restated) build.ages.record(entry.version, entry.effective_from, state, answers.get(state)!, tables.get(state)?.labels ?? []);
    onVersion?.({ version: entry.version, rows: currentRows, answers, disagreements, cityRates, restated, unplaced });
    const encoded = encodeVersion(build, answers, currentRows, previous);
    for (const [state, byZip] of encoded.rows) for (const zip of byZip.keys()) rated.set(`${state},${zip}`, (rated.get(`${state},${zip}`) ?? 0) + 1);
    const tableFields = Object.assign({}, ...[...tables.values()].map((t) => t.fields(build))) as Partial<RateVersion>;
    // The fields of the states' own tables complete the version (RateVersion names them).
    versions.push({ version: entry.version, from: entry.effective_from, source: entry.source, ...encoded.fields, ...tableFields } as RateVersion);
    for (const [state, list] of rowsInForce) list.push(currentRows.get(state) ?? new Map());
    previous = encoded.rows;
    previousRows = currentRows;
  }
  const bases = new Map(tabled.map(({ state, table }) => [state, table.check(build, rowsInForce.get(state)!)]));
  return { versions, rated, bases };
}
