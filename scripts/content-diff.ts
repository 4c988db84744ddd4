// `npm run content:diff -- [<from-version> <to-version>] [--artifact <file>] [--data <dir>]`: what
// changed between two versions of the built artifact (default: the two newest), so an operator can
// review a new quarterly table before deploying it: ZIPs whose combined rate changed, ZIPs added or
// removed, rate-area (jurisdiction) names that first appear, and California city rates that changed;
// then, for the newer version, every row of the ZIP table that an official rate table of data/
// (data/official_rate_tables.csv) contradicts, with the official rate that decides, and the changes of
// an official version's files that a ZIP-level join cannot place.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ContentArtifact } from '../functions/core/content/artifact';
import { TaxContent } from '../functions/core/content/tax-content';
import { fromMicro } from '../functions/core/tax/money';
import { commandLine, refuse } from '../lib/command-line';
import { buildArtifact } from './content/build/artifact';
import { diffVersions, formatDiff } from './content/reports/version-diff';
import type { Disagreement } from './content/build/rate-areas';

const spec = {
  command: 'npm run content:diff --',
  summary:
    'What changed between two versions of the built content: ZIPs whose combined rate changed, ZIPs added and removed, new rate areas, California city rates; then every ZIP-table row of the newer version an official rate table contradicts. Without versions named, the two newest.',
  options: {
    artifact: { type: 'string', value: '<file>', description: 'the artifact to read (default content/tax-content.json)' },
    data: { type: 'string', value: '<dir>', description: 'the data directory whose official rate tables are compared with the ZIP table (default data/)' },
  },
  args: [
    { name: 'from', description: 'the earlier version (e.g. 2026-01-01)' },
    { name: 'to', description: 'the later version' },
  ],
} as const;
const { values, args: named } = commandLine(spec);
if (named.length === 1) refuse(spec, 'name two versions or none');
const file = values.artifact ?? join(import.meta.dirname, '..', 'content', 'tax-content.json');
const DATA = values.data ?? join(import.meta.dirname, '..', 'data');
const content = new TaxContent(JSON.parse(readFileSync(file, 'utf8')) as ContentArtifact);
const versions = content.versions();
if (versions.length < 2 && named.length < 2) throw new Error('the artifact holds one version; nothing to compare');
const [fromName, toName] = named.length >= 2 ? named : [versions.at(-2)!.version, versions.at(-1)!.version];
const pick = (name: string) => {
  const v = versions.find((x) => x.version === name);
  if (!v) throw new Error(`no version ${name} (held: ${versions.map((x) => x.version).join(', ')})`);
  return content.at(v.from);
};
const before = pick(fromName!);
const after = pick(toName!);

const report = diffVersions(before, after);
const pct = (micro: number) => `${(Number(fromMicro(micro)) * 100).toFixed(4).replace(/\.?0+$/, '')} %`;
for (const line of formatDiff(report, before.version, after.version)) console.log(line);

const disagreements: Disagreement[] = [];
const unplaced: string[] = [];
buildArtifact(DATA, (d) => {
  if (d.version !== after.version) return;
  disagreements.push(...d.disagreements);
  unplaced.push(...d.unplaced);
});
console.log(`  ZIP-table rows an official rate table contradicts in ${after.version}: ${disagreements.length}`);
for (const d of disagreements)
  console.log(
    `    ${d.state} ${d.zip} ${d.part} ${d.part === 'county' ? `(FIPS ${d.jurisdiction}, local parts together) ` : ''}ZIP table ${pct(d.table)}, official ${pct(d.official)}: ${d.source}`,
  );
// An official version (states_by_rule = official): the file's municipal and district changes a ZIP-level join cannot place.
if (unplaced.length > 0) {
  console.log(`  official-file changes of ${after.version} not placed (they need the boundary file): ${unplaced.length}`);
  for (const u of unplaced) console.log(`    ${u}`);
}
