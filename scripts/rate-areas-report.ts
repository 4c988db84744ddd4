// `npm run content:rate-areas -- [<version>] [--data <dir>] [--zips]`: how the build's derivation of
// each ZIP's predominant rate (scripts/content/build/rate-areas.ts, data/README.md §1) changes the answers
// against the ZIP table's rows, state by state, for one version (default: the newest): how many ZIPs
// changed and by how much, and before/after counts of (a) ZIPs answered at the rate of a district
// that does not cover their place and (b) ZIPs that report several rate areas. `--zips` lists every
// changed ZIP. The figures of data/README.md §1 come from this report.
import { join } from 'node:path';
import { commandLine } from '../lib/command-line';
import { buildArtifact, type VersionDerivation } from './content/build/artifact';
import { rateAreaReport } from './content/reports/rate-areas';

const { values, args } = commandLine({
  command: 'npm run content:rate-areas --',
  summary:
    "How the build's derivation of each ZIP's predominant rate changes the answers against the ZIP table's rows, state by state: ZIPs changed and by how much, and before/after counts of ZIPs answered at a district's rate and of ZIPs that report several rate areas.",
  options: {
    data: { type: 'string', value: '<dir>', description: 'the data directory to build from (default data/)' },
    zips: { type: 'boolean', description: 'also list every changed ZIP with its evidence' },
  },
  args: [{ name: 'version', description: 'the content version to report (default: the newest)' }],
  notes: ['The figures of data/README.md §1 come from this report.'],
});
const DATA = values.data ?? join(import.meta.dirname, '..', 'data');
const named = args[0];
const derived: VersionDerivation[] = [];
buildArtifact(DATA, (d) => derived.push(d));
const version = named ? derived.find((d) => d.version === named) : derived.at(-1);
if (!version) throw new Error(`no version ${named} (held: ${derived.map((d) => d.version).join(', ')})`);
const report = rateAreaReport(version);
const pct = (micro: number) => `${(micro / 10_000).toFixed(4).replace(/\.?0+$/, '')}`;
console.log(`rate areas of version ${version.version}: answers against the ZIP table's rows`);
console.log('state  changed  lowered  raised  mean |Δ| pts  max |Δ| pts  (a) district rate before→after  (b) several areas before→after');
for (const s of report.states)
  console.log(
    `${s.state.padEnd(7)}${String(s.changed).padStart(7)}${String(s.lowered).padStart(9)}${String(s.raised).padStart(8)}${pct(s.meanDelta).padStart(14)}${pct(s.maxDelta).padStart(13)}` +
      `${`${s.districtBefore} → ${s.districtAfter}`.padStart(32)}${`${s.severalBefore} → ${s.severalAfter}`.padStart(32)}`,
  );
const t = report.total;
console.log(
  `total  ${String(t.changed).padStart(7)}${String(t.lowered).padStart(9)}${String(t.raised).padStart(8)}${pct(t.meanDelta).padStart(14)}${pct(t.maxDelta).padStart(13)}` +
    `${`${t.districtBefore} → ${t.districtAfter}`.padStart(32)}${`${t.severalBefore} → ${t.severalAfter}`.padStart(32)}`,
);
console.log(
  `several rate areas, by evidence: ${Object.entries(report.evidence)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ')}`,
);
if (values.zips)
  for (const z of report.zips)
    console.log(`  ${z.state} ${z.zip} ${z.tableRegion} ${pct(z.table)} % → ${z.region} ${pct(z.answer)} % [${z.evidence.join(', ')}]`);
