// `npm run content:rate-areas -- [<version>] [--data <dir>] [--zips]`: how the build's derivation of
// each ZIP's predominant rate (scripts/content/build/rate-areas.ts, data/README.md §1) changes the
// answers against the ZIP table's rows, state by state, for one version (default: the newest)
// (scripts/content/reports/rate-areas.ts). `--zips` lists every changed ZIP. The figures of
// data/README.md §1 come from this report.
import { join } from 'node:path';
import { commandLine } from '../lib/command-line';
import { buildArtifact, type VersionDerivation } from './content/build/artifact';
import { formatRateAreaReport } from './content/reports/rate-areas';

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
for (const line of formatRateAreaReport(version, values.zips === true)) console.log(line);
