// A version as the artifact stores it (RateVersion): per state, each ZIP's row as the ZIP, its rate
// area, its county name and its city name (ZIP_ROW characters), only where the row differs from the
// version before (`zips`), with the ZIPs no longer listed (`removed`); the ZIPs of several rate
// areas with their lowest and highest rates (`areas`); each state's ZIP table (`tableSources`); and
// the ZIPs listed under several states.
import type { RateVersion } from '../../../functions/core/content/artifact';
import type { Build } from './build';
import type { ZipAnswer, ZipTableRow } from './rate-areas';
import { b36, rateB36 } from './regions';

export interface EncodedVersion {
  /** Each state's rows by ZIP, to diff the next version against. */
  readonly rows: Map<string, Map<string, string>>;
  readonly fields: Pick<RateVersion, 'zips' | 'removed' | 'multiStateZips' | 'areas' | 'tableSources'>;
}

export function encodeVersion(
  build: Build,
  answers: ReadonlyMap<string, ReadonlyMap<string, ZipAnswer>>,
  inForce: ReadonlyMap<string, ReadonlyMap<string, ZipTableRow>>,
  previous: ReadonlyMap<string, ReadonlyMap<string, string>>,
): EncodedVersion {
  const current = new Map<string, Map<string, string>>();
  const areas: Record<string, string> = {};
  const tableSources: Record<string, number> = {};
  for (const state of [...answers.keys()].sort()) {
    const byZip = new Map<string, string>();
    const several: string[] = [];
    const table = inForce.get(state)!.values().next().value!.source;
    tableSources[state] = build.sourceId(table);
    for (const [zip, a] of [...answers.get(state)!].sort(([x], [y]) => x.localeCompare(y))) {
      if (a.row.source !== table) throw new Error(`${state} ${zip}: the rows of a state in one version come from one table`);
      byZip.set(zip, zip + b36(build.region(a.rates, a.region, a.sources, table)) + b36(build.nameId(a.row.countyName)) + b36(build.nameId(a.row.cityName)));
      if (a.evidence.length > 0) several.push(zip + rateB36(a.lowest) + rateB36(a.highest));
    }
    current.set(state, byZip);
    if (several.length > 0) areas[state] = several.join('');
  }
  const statesOfZip = new Map<string, number>();
  for (const byZip of current.values()) for (const zip of byZip.keys()) statesOfZip.set(zip, (statesOfZip.get(zip) ?? 0) + 1);
  const zips: Record<string, string> = {};
  const removed: Record<string, string> = {};
  for (const state of [...new Set([...current.keys(), ...previous.keys()])].sort()) {
    const now = current.get(state) ?? new Map<string, string>();
    const before = previous.get(state) ?? new Map<string, string>();
    const changed = [...now].filter(([zip, row]) => before.get(zip) !== row).sort(([a], [b]) => a.localeCompare(b));
    if (changed.length > 0) zips[state] = changed.map(([, row]) => row).join('');
    const gone = [...before.keys()].filter((zip) => !now.has(zip)).sort();
    if (gone.length > 0) removed[state] = gone.join('');
  }
  const multiStateZips = [...statesOfZip]
    .filter(([, n]) => n > 1)
    .map(([zip]) => zip)
    .sort()
    .join('');
  return { rows: current, fields: { zips, removed, multiStateZips, areas, tableSources } };
}
