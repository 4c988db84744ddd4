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

export function readStateRateChanges(build: Build): ContentArtifact['stateRateChanges'] {
  const changes: Record<string, { from: string; rate: number; source: number }[]> = {};
  for (const r of build.load('state_rate_changes.csv', ['state', 'effective_from', 'state_rate', 'source', 'source_kind']))
    (changes[r.state] ??= []).push({ from: r.effective_from, rate: toMicro(r.state_rate), source: build.sourceId(r.source, r.source_kind) });
  return changes;
}
