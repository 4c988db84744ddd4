// The figures of `npm run content:rate-areas` (and of the test that keeps data/README.md's table
// honest): per state, the ZIPs whose answer the derivation changed against the ZIP table's row, and
// before/after counts of ZIPs answered at a district's rate, of ZIPs that report several areas, of
// ZIPs named for a levying district without a range and of ZIPs named for an assessment.

import { type AreaEvidence, combined, districtKind } from '../build/rate-areas';
import type { VersionDerivation } from '../build/rate-versions';

export interface StateFigures {
  readonly state: string;
  readonly changed: number;
  readonly lowered: number;
  readonly raised: number;
  /** Mean and largest change of the combined rate (millionths) over the changed ZIPs. */
  readonly meanDelta: number;
  readonly maxDelta: number;
  /** (a) ZIPs answered above their place's own rate by a district that does not cover the place. */
  readonly districtBefore: number;
  readonly districtAfter: number;
  /** (b) ZIPs that report several rate areas (before: several states, or a city rate of the state's own table that differs). */
  readonly severalBefore: number;
  readonly severalAfter: number;
  /**
   * (c) ZIPs named for a district that levies a sales tax inside part of a place (CID, TDD, business
   * district) and answered at that name's rate without a range: before, every such row of the table.
   */
  readonly levyingBefore: number;
  readonly levyingAfter: number;
  /** (d) ZIPs whose special jurisdiction is named for a district that levies no sales tax (TIF, tourism or improvement districts). */
  readonly assessmentBefore: number;
  readonly assessmentAfter: number;
}

export interface ChangedZip {
  readonly state: string;
  readonly zip: string;
  readonly tableRegion: string;
  readonly table: number;
  readonly region: string;
  readonly answer: number;
  readonly evidence: readonly AreaEvidence[];
}

export function rateAreaReport(v: VersionDerivation): {
  states: StateFigures[];
  total: StateFigures;
  zips: ChangedZip[];
  evidence: Record<string, number>;
} {
  const statesOfZip = new Map<string, number>();
  for (const rows of v.rows.values()) for (const zip of rows.keys()) statesOfZip.set(zip, (statesOfZip.get(zip) ?? 0) + 1);
  const states: StateFigures[] = [];
  const zips: ChangedZip[] = [];
  const evidence: Record<string, number> = {};
  for (const state of [...v.answers.keys()].sort()) {
    let changed = 0;
    let lowered = 0;
    let raised = 0;
    let sum = 0;
    let max = 0;
    let districtBefore = 0;
    let districtAfter = 0;
    let severalBefore = 0;
    let severalAfter = 0;
    let levyingBefore = 0;
    let levyingAfter = 0;
    let assessmentBefore = 0;
    let assessmentAfter = 0;
    for (const [zip, a] of v.answers.get(state)!) {
      const kind = districtKind(a.row.region);
      if (kind === 'levying') {
        levyingBefore++;
        if (districtKind(a.region) === 'levying' && a.evidence.length === 0) levyingAfter++;
      }
      if (kind === 'assessment') assessmentBefore++;
      if (districtKind(a.region) === 'assessment') assessmentAfter++;
      const table = combined(a.row.rates);
      const answer = combined(a.rates);
      if (answer !== table) {
        changed++;
        if (answer < table) lowered++;
        else raised++;
        sum += Math.abs(answer - table);
        max = Math.max(max, Math.abs(answer - table));
        zips.push({ state, zip, tableRegion: a.row.region, table, region: a.region, answer, evidence: a.evidence });
      }
      if (a.evidence.includes('district') || a.evidence.includes('area_district')) districtBefore++;
      if (a.evidence.includes('area_district')) districtAfter++;
      const city = v.cityRates.get(state)?.[a.row.cityName];
      if ((statesOfZip.get(zip) ?? 0) > 1 || (city !== undefined && city !== table)) severalBefore++;
      if (a.evidence.length > 0) severalAfter++;
      for (const e of a.evidence) evidence[e] = (evidence[e] ?? 0) + 1;
    }
    states.push({
      state,
      changed,
      lowered,
      raised,
      meanDelta: changed === 0 ? 0 : Math.round(sum / changed),
      maxDelta: max,
      districtBefore,
      districtAfter,
      severalBefore,
      severalAfter,
      levyingBefore,
      levyingAfter,
      assessmentBefore,
      assessmentAfter,
    });
  }
  const add = (k: keyof Omit<StateFigures, 'state' | 'meanDelta' | 'maxDelta'>) => states.reduce((n, s) => n + s[k], 0);
  const changedAll = add('changed');
  const total: StateFigures = {
    state: 'total',
    changed: changedAll,
    lowered: add('lowered'),
    raised: add('raised'),
    meanDelta: changedAll === 0 ? 0 : Math.round(zips.reduce((n, z) => n + Math.abs(z.answer - z.table), 0) / changedAll),
    maxDelta: Math.max(0, ...states.map((s) => s.maxDelta)),
    districtBefore: add('districtBefore'),
    districtAfter: add('districtAfter'),
    severalBefore: add('severalBefore'),
    severalAfter: add('severalAfter'),
    levyingBefore: add('levyingBefore'),
    levyingAfter: add('levyingAfter'),
    assessmentBefore: add('assessmentBefore'),
    assessmentAfter: add('assessmentAfter'),
  };
  return { states, total, zips, evidence };
}

const points = (micro: number) => `${(micro / 10_000).toFixed(4).replace(/\.?0+$/, '')}`;

/** The report of npm run content:rate-areas, as lines; `zips` adds every changed ZIP with its evidence. */
export function formatRateAreaReport(v: VersionDerivation, zips: boolean): string[] {
  const report = rateAreaReport(v);
  const row = (label: string, s: StateFigures) =>
    `${label}${String(s.changed).padStart(7)}${String(s.lowered).padStart(9)}${String(s.raised).padStart(8)}${points(s.meanDelta).padStart(14)}${points(s.maxDelta).padStart(13)}` +
    `${`${s.districtBefore} → ${s.districtAfter}`.padStart(32)}${`${s.severalBefore} → ${s.severalAfter}`.padStart(32)}` +
    `${`${s.levyingBefore} → ${s.levyingAfter}`.padStart(38)}${`${s.assessmentBefore} → ${s.assessmentAfter}`.padStart(33)}`;
  const out = [
    `rate areas of version ${v.version}: answers against the ZIP table's rows`,
    'state  changed  lowered  raised  mean |Δ| pts  max |Δ| pts  (a) district rate before→after  (b) several areas before→after' +
      '  (c) CID/TDD name, no range before→after  (d) assessment name before→after',
    ...report.states.map((s) => row(s.state.padEnd(7), s)),
    row('total  ', report.total),
    `several rate areas, by evidence: ${Object.entries(report.evidence)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')}`,
  ];
  if (zips)
    for (const z of report.zips)
      out.push(`  ${z.state} ${z.zip} ${z.tableRegion} ${points(z.table)} % → ${z.region} ${points(z.answer)} % [${z.evidence.join(', ')}]`);
  return out;
}
