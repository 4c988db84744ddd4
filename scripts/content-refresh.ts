// `npm run content:refresh`: adds a dated content version from the publishers' current bulk files
// (scripts/content/refresh/refresh.ts; docs/taxes-and-content.md, "Refreshing content from the
// publishers' own files", walks through it). Every file is read before anything is written; one
// that cannot be read is refused with its file, line and field, and the command exits 1.
import { join } from 'node:path';
import { commandLine, refuse } from '../lib/command-line';
import { FormatError } from './content/files/format-error';
import { quarterStart, refreshContent } from './content/refresh/refresh';
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
const date = values.date ?? quarterStart(new Date().toISOString().slice(0, 10));
if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) refuse(spec, `--date: not a date: ${date}`);
const known = new Set(OFFICIAL_SOURCES.map((s) => s.id));
for (const s of values.source ?? []) if (!known.has(s as SourceId)) refuse(spec, `--source: unknown publisher file ${s}`);

try {
  await refreshContent(
    {
      data: values.data ?? join(ROOT, 'data'),
      out: values.out ?? join(ROOT, 'content', 'tax-content.json'),
      date,
      fromDir: values['from-dir'],
      origin: values.origin,
      sources: values.source as SourceId[] | undefined,
      states: values.state?.map((s) => s.toUpperCase()),
    },
    (line) => console.log(line),
  );
} catch (e) {
  if (e instanceof FormatError) {
    console.error(`refused: ${e.message} (nothing was written)`);
    process.exit(1);
  }
  console.error(`refresh failed: ${(e as Error).message}`);
  process.exit(1);
}
