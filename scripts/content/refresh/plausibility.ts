// Whether a candidate version looks like the publishers' new quarter or like a broken file: judged
// against the previous version before anything is written, so that a truncated download or a
// misplaced decimal is refused and the previous version stays in force. Pure: the caller reads the
// files and the data directory.
import { combined, type Parts } from '../build/rate-areas';
import type { SourceId } from '../sources';
import type { Problem } from './report';

export interface Limits {
  /** The highest combined rate of a ZIP the refresh composes (millionths). */
  readonly maxCombined: number;
  /** The highest rate a file states for one jurisdiction (millionths). */
  readonly maxJurisdiction: number;
  /** The lowest share of the previous record count of the same source and state a file may hold. */
  readonly minRecordShare: number;
  /** The highest share of a state's ZIPs whose rate may change. */
  readonly maxChangedShare: number;
  /** The most a ZIP's combined rate may move (millionths). */
  readonly maxMove: number;
}

// Each limit is far beyond what a quarter's real changes do and well inside what a broken file does:
// the highest combined rates in force stay clear of the combined bound and no jurisdiction levies
// near the jurisdiction bound, while a rate read as a percentage instead of a fraction lands far
// above both; a publisher adds and drops a few jurisdictions a quarter, so a file with half the
// records of the last is truncated; local rates change in a few places at a time and by fractions
// of a point, so many ZIPs or a large move at once is a misread file, not a quarter.
export const DEFAULT_LIMITS: Limits = {
  maxCombined: 160_000,
  maxJurisdiction: 120_000,
  minRecordShare: 0.5,
  maxChangedShare: 0.1,
  maxMove: 20_000,
};

export interface Candidate {
  /** The previous version's combined rate of each ZIP, by state. */
  readonly previous: ReadonlyMap<string, ReadonlyMap<string, number>>;
  /** The ZIPs the refresh composes, by state (the rest keep the previous version's row). */
  readonly composed: ReadonlyMap<string, ReadonlyMap<string, Parts>>;
  /** The source the composed ZIPs' rates come from. */
  readonly composedFrom: SourceId;
  /** Every rate the files state; `total` where the file states the total in force at a place. */
  readonly stated: readonly { source: SourceId; state: string; file: string; line: number; rate: number; total: boolean }[];
  /** Record counts by source and state, with the previous version's where it has a record of them. */
  readonly records: readonly { source: SourceId; state: string; records: number; previous?: { version: string; records: number } }[];
}

const pct = (micro: number) => `${(micro / 10_000).toFixed(4).replace(/\.?0+$/, '')} %`;

/** The candidate's implausibilities (none: it may be published). */
export function implausibilities(c: Candidate, limits: Limits = DEFAULT_LIMITS): Problem[] {
  const problems: Problem[] = [];
  const flag = (source: SourceId, state: string, detail: string) => problems.push({ source, state, kind: 'implausible', detail });

  for (const r of c.stated) {
    const max = r.total ? limits.maxCombined : limits.maxJurisdiction;
    if (r.rate < 0 || r.rate > max) flag(r.source, r.state, `${r.file}:${r.line}: rate ${pct(r.rate)} outside 0–${pct(max)}`);
  }

  for (const r of c.records) {
    if (!r.previous || r.records >= r.previous.records * limits.minRecordShare) continue;
    flag(r.source, r.state, `${r.records} records, ${r.previous.records} in version ${r.previous.version} (below ${limits.minRecordShare * 100} %)`);
  }

  for (const [state, zips] of c.composed) {
    const before = c.previous.get(state) ?? new Map<string, number>();
    let changed = 0;
    for (const [zip, p] of zips) {
      const after = combined(p);
      if (after < 0 || after > limits.maxCombined) flag(c.composedFrom, state, `ZIP ${zip}: combined rate ${pct(after)} outside 0–${pct(limits.maxCombined)}`);
      const was = before.get(zip);
      if (was === undefined || was === after) continue;
      changed++;
      if (Math.abs(after - was) > limits.maxMove) flag(c.composedFrom, state, `ZIP ${zip}: ${pct(was)} → ${pct(after)}, a move over ${pct(limits.maxMove)}`);
    }
    if (before.size > 0 && changed / before.size > limits.maxChangedShare)
      flag(
        c.composedFrom,
        state,
        `${changed} of ${before.size} ZIPs change rate (${((changed / before.size) * 100).toFixed(1)} %, over ${limits.maxChangedShare * 100} %)`,
      );
  }
  return problems;
}

/** The ZIPs of the composed set whose combined rate differs from the previous version's. */
export function changedZips(c: Pick<Candidate, 'previous' | 'composed'>): number {
  let n = 0;
  for (const [state, zips] of c.composed)
    for (const [zip, p] of zips) {
      const was = c.previous.get(state)?.get(zip);
      if (was !== undefined && was !== combined(p)) n++;
    }
  return n;
}
