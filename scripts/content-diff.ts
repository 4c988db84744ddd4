// `npm run content:diff -- [<from-version> <to-version>] [--artifact <file>] [--data <dir>]`: what
// changed between two versions of the built artifact (default: the two newest), so an operator can
// review a new quarterly table before deploying it (scripts/content/reports/version-diff.ts); then,
// for the newer version, the rows of the ZIP table that an official rate table of data/ contradicts
// (scripts/content/reports/official-disagreements.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ContentArtifact } from '../functions/core/content/artifact';
import { TaxContent } from '../functions/core/content/tax-content';
import { commandLine, refuse } from '../lib/command-line';
import { officialDisagreements } from './content/reports/official-disagreements';
import { diffVersions, formatDiff } from './content/reports/version-diff';

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

for (const line of formatDiff(diffVersions(before, after), before.version, after.version)) console.log(line);
for (const line of officialDisagreements(DATA, after.version)) console.log(line);
