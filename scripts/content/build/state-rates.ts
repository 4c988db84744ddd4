// The state rates the ZIP tables do not hold: a state's rate periods before them, where the state's
// module reads a history (stateRateHistory), and the scheduled changes of state_rate_changes.csv
// (stateRateChanges).
import type { ContentArtifact } from '../../../functions/core/content/artifact';
import { toMicro } from '../files/csv';
import type { StateBuild } from '../states/state-build';
import type { Build } from './build';

export function readStateRateHistory(build: Build, stateBuilds: readonly StateBuild[]): ContentArtifact['stateRateHistory'] {
  const history: Record<string, ContentArtifact['stateRateHistory'][string]> = {};
  for (const s of stateBuilds) if (s.rateHistory) history[s.state] = s.rateHistory(build);
  return history;
}

/** The columns of data/local_rate_changes.csv. */
export const LOCAL_RATE_CHANGE_COLUMNS = [
  'state',
  'county',
  'area',
  'part',
  'jurisdiction',
  'rate',
  'from_rate',
  'effective_from',
  'effective_to',
  'source',
  'source_kind',
] as const;

/**
 * Local rate changes announced after the ZIP tables' date (local_rate_changes.csv), on every ZIP of
 * a postal county from their date or on the county's rate areas of one name (a city's): a tax added
 * as a jurisdiction of its own, named and sourced on its own, or a new rate of the county's or the
 * city's part where that part still has the rate the change replaces.
 */
export function readLocalRateChanges(build: Build): ContentArtifact['localRateChanges'] {
  const changes: Record<string, ContentArtifact['localRateChanges'][string][number][]> = {};
  for (const r of build.load('local_rate_changes.csv', LOCAL_RATE_CHANGE_COLUMNS)) {
    if (!/^\d{4}-\d{2}-01$/.test(r.effective_from))
      throw new Error(`local_rate_changes.csv: ${r.jurisdiction} starts on ${r.effective_from}, not a month's first day`);
    const areas = r.area
      .split(';')
      .map((a) => a.trim().toUpperCase())
      .filter((a) => a !== '');
    const part = r.part.trim() || 'added';
    if (part !== 'added' && part !== 'county' && part !== 'city')
      throw new Error(`local_rate_changes.csv: ${r.jurisdiction}: part ${part} is none of added, county, city`);
    if ((part === 'added') !== (r.from_rate.trim() === ''))
      throw new Error(`local_rate_changes.csv: ${r.jurisdiction}: from_rate is given exactly where a part's rate is replaced`);
    if (part === 'city' && areas.length === 0) throw new Error(`local_rate_changes.csv: ${r.jurisdiction}: a city's part needs the city's area`);
    (changes[r.state] ??= []).push({
      county: r.county.trim().toUpperCase(),
      ...(areas.length === 0 ? {} : { areas }),
      ...(part === 'added' ? {} : { part, was: toMicro(r.from_rate) }),
      from: r.effective_from,
      to: r.effective_to || null,
      name: r.jurisdiction,
      rate: toMicro(r.rate),
      source: build.sourceId(r.source, r.source_kind),
    });
  }
  for (const list of Object.values(changes)) list.sort((a, b) => a.from.localeCompare(b.from));
  return changes;
}

export function readStateRateChanges(build: Build): ContentArtifact['stateRateChanges'] {
  const changes: Record<string, { from: string; rate: number; source: number }[]> = {};
  for (const r of build.load('state_rate_changes.csv', ['state', 'effective_from', 'state_rate', 'source', 'source_kind']))
    (changes[r.state] ??= []).push({ from: r.effective_from, rate: toMicro(r.state_rate), source: build.sourceId(r.source, r.source_kind) });
  return changes;
}
