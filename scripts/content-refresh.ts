// `npm run content:refresh`: adds a dated content version from the publishers' current bulk files
// (scripts/content/refresh/refresh.ts; docs/taxes-and-content.md, "Refreshing content from the
// publishers' own files", walks through it). Every file is read and the new version judged before
// anything is written; a refusal names its file, source, state or ZIP and the command's exit code
// tells its kind (scripts/content/refresh/report.ts).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { commandLine, refuse } from '../lib/command-line';
import { quarterStart } from './content/refresh/quarter';
import { refreshContent } from './content/refresh/refresh';
import { exitCode } from './content/refresh/report';
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
    'max-change': {
      type: 'string',
      value: '<fraction>',
      description: "refuse the version when a larger share of a state's ZIPs changes rate (default 0.1)",
    },
    report: { type: 'string', value: '<file.json>', description: 'write the outcome and the problems found as JSON (for a scheduled run)' },
  },
  notes: [
    `Files known, by publisher: ${OFFICIAL_SOURCES.map((s) => `${s.publisher}: ${s.format}`).join('; ')}.`,
    'Without --from-dir the machine needs internet access to the publishers. docs/taxes-and-content.md, "Refreshing content".',
    'Exit codes: 0 published or unchanged (a late source is left out and reported), 1 a file that cannot be read (or a failure), 2 an implausible change, 3 no source current.',
  ],
} as const;
const { values } = commandLine(spec);
const date = values.date ?? quarterStart(new Date().toISOString().slice(0, 10));
if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) refuse(spec, `--date: not a date: ${date}`);
const known = new Set(OFFICIAL_SOURCES.map((s) => s.id));
for (const s of values.source ?? []) if (!known.has(s as SourceId)) refuse(spec, `--source: unknown publisher file ${s}`);
const maxChange = values['max-change'] === undefined ? undefined : Number(values['max-change']);
if (maxChange !== undefined && !(maxChange >= 0 && maxChange <= 1)) refuse(spec, `--max-change: not a fraction from 0 to 1: ${values['max-change']}`);

try {
  const report = await refreshContent(
    {
      data: values.data ?? join(ROOT, 'data'),
      out: values.out ?? join(ROOT, 'content', 'tax-content.json'),
      date,
      fromDir: values['from-dir'],
      origin: values.origin,
      sources: values.source as SourceId[] | undefined,
      states: values.state?.map((s) => s.toUpperCase()),
      limits: maxChange === undefined ? undefined : { maxChangedShare: maxChange },
    },
    (line) => console.log(line),
  );
  if (values.report) writeFileSync(values.report, `${JSON.stringify(report, null, 2)}\n`);
  if (report.outcome === 'refused') {
    const causes = report.problems.filter((p) => p.kind !== 'late');
    if (causes.length === 0) console.error(`refused: no source is current for ${date} (nothing was written)`);
    for (const p of causes) console.error(`refused: ${p.kind === 'implausible' ? `${p.source} ${p.state}: ` : ''}${p.detail} (nothing was written)`);
  }
  process.exit(exitCode(report));
} catch (e) {
  console.error(`refresh failed: ${(e as Error).message}`);
  process.exit(1);
}
