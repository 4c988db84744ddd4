// `npm run content:refresh`: adds a dated content version from the publishers' current bulk files
// (scripts/content/refresh/add-version.ts says what is written where; docs/taxes-and-content.md "Refreshing
// content" walks through it). Every file is read before anything is written; one that cannot be
// read is refused with its file, line and field, and the command exits 1.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ContentArtifact } from '../functions/core/content/artifact';
import { TaxContent } from '../functions/core/content/tax-content';
import { commandLine, refuse } from '../lib/command-line';
import { buildArtifact } from './content/build/artifact';
import { diffVersions, formatDiff } from './content/reports/version-diff';
import { addVersion, download, fromDirectory, importAll, type Obtained } from './content/refresh/add-version';
import { FormatError } from './content/files/format-error';
import { OFFICIAL_SOURCES, type SourceId } from './content/sources';

const ROOT = join(import.meta.dirname, '..');
const spec = {
  command: 'npm run content:refresh --',
  summary:
    "Downloads the publishers' current rate and boundary files (or reads them from --from-dir), reads every one (refusing a file it cannot read with its file, line and field: exit 1), adds them as a new dated content version under data/versions/<date>/ (the files kept as the version's record), rebuilds the artifact and prints the diff against the previous version.",
  options: {
    'from-dir': {
      type: 'string',
      value: '<dir>',
      description: 'read the files fetched by hand from this directory instead of downloading (publishers’ file names; ZIP archives are opened)',
    },
    date: { type: 'string', value: '<YYYY-MM-DD>', description: "the new version's effective date (default the first day of the current quarter)" },
    source: {
      type: 'string',
      multiple: true,
      value: '<id>',
      description: `download only these publishers' files (${OFFICIAL_SOURCES.filter((s) => s.location)
        .map((s) => s.id)
        .join(', ')})`,
    },
    state: { type: 'string', multiple: true, value: '<ST>', description: 'download the Streamlined files of these states only (default every state listed)' },
    origin: { type: 'string', value: '<url>', description: "fetch every address from this origin instead of the publisher's (a mirror)" },
    data: { type: 'string', value: '<dir>', description: 'the data directory to add the version to (default data/)' },
    out: { type: 'string', value: '<file>', description: 'where to write the rebuilt artifact (default content/tax-content.json)' },
  },
  notes: [
    `Files known, by publisher: ${OFFICIAL_SOURCES.map((s) => `${s.publisher}: ${s.format}`).join('; ')}.`,
    'Without --from-dir the machine needs internet access to the publishers. docs/taxes-and-content.md, "Refreshing content".',
  ],
} as const;
const { values } = commandLine(spec);
const DATA = values.data ?? join(ROOT, 'data');
const OUT = values.out ?? join(ROOT, 'content', 'tax-content.json');
const today = new Date().toISOString().slice(0, 10);
const date = values.date ?? `${today.slice(0, 5)}${String(Math.floor((Number(today.slice(5, 7)) - 1) / 3) * 3 + 1).padStart(2, '0')}-01`;
if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) refuse(spec, `--date: not a date: ${date}`);
const known = new Set(OFFICIAL_SOURCES.map((s) => s.id));
for (const s of values.source ?? []) if (!known.has(s as SourceId)) refuse(spec, `--source: unknown publisher file ${s}`);

try {
  let obtained: Obtained[];
  if (values['from-dir']) obtained = fromDirectory(values['from-dir']);
  else {
    console.log(`downloading the current files (${date}):`);
    obtained = await download({
      date,
      origin: values.origin,
      sources: values.source as SourceId[] | undefined,
      states: values.state?.map((s) => s.toUpperCase()),
      log: (line) => console.log(line),
    });
  }
  const imported = importAll(obtained, date);
  for (const i of imported) console.log(`read ${i.table} (${i.source.publisher}, ${i.state}, ${i.date}): ${i.records} records`);
  const result = addVersion(DATA, date, imported);
  console.log(
    `added version ${result.version} to ${join(DATA, 'content_versions.csv')}; ZIPs composed from Streamlined files: ${
      [...result.composed].map(([s, n]) => `${s} ${n}`).join(', ') || 'none'
    }${result.unresolved ? ` (${result.unresolved} left as they were: see the boundary records)` : ''}`,
  );
  const artifact: ContentArtifact = buildArtifact(DATA);
  writeFileSync(OUT, JSON.stringify(artifact));
  const content = new TaxContent(artifact);
  const from = (version: string) => content.versions().find((v) => v.version === version)!.from;
  for (const line of formatDiff(diffVersions(content.at(from(result.previous)), content.at(from(result.version))), result.previous, result.version))
    console.log(line);
  const json = JSON.stringify(artifact);
  // Each state's boundaries are parsed on its first lookup; the artifact's load only reads past them.
  for (const [state, text] of Object.entries(artifact.boundaries ?? {}))
    console.log(`  official boundaries of ${state}: ${Buffer.byteLength(text)} bytes (read on its first lookup)`);
  console.log(`content ${artifact.version} → ${OUT} (${Buffer.byteLength(json)} bytes)`);
} catch (e) {
  if (e instanceof FormatError) {
    console.error(`refused: ${e.message} (nothing was written)`);
    process.exit(1);
  }
  console.error(`refresh failed: ${(e as Error).message}`);
  process.exit(1);
}
