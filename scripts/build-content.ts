// `npm run content`: builds content/tax-content.json from data/ (every version of
// data/content_versions.csv; scripts/content/build/artifact.ts) and, beside it, the ZIP centroids
// asset content/zip-centroids.json (scripts/content/build/zip-centroids.ts) and the economic nexus
// rules content/nexus-rules.json (scripts/content/build/nexus-rules.ts). `npm run content -- --ingest
// <us_zip_rates.csv> [--cdtfa <file>]` adds a new quarterly table first
// (scripts/content/ingest.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { REGION } from '../functions/core/content/artifact';
import { ZIP_CENTROID_ROW } from '../functions/core/content/zip-centroids';
import { commandLine } from '../lib/command-line';
import { buildArtifact } from './content/build/artifact';
import { buildNexusRules } from './content/build/nexus-rules';
import { buildZipCentroids } from './content/build/zip-centroids';
import { ingestZipTable } from './content/ingest';

const ROOT = join(import.meta.dirname, '..');
const { values } = commandLine({
  command: 'npm run content --',
  summary:
    'Builds content/tax-content.json from data/ (every version listed in data/content_versions.csv), and content/zip-centroids.json and content/nexus-rules.json beside it. With --ingest, first adds a new quarterly ZIP table as the newest version.',
  options: {
    ingest: {
      type: 'string',
      value: '<us_zip_rates.csv>',
      description: 'a ZIP table in the layout of data/us_zip_rates.csv (npm run content:import writes one), added as a new version',
    },
    cdtfa: { type: 'string', value: '<file>', description: 'with --ingest: the CDTFA city and county rates published with it' },
    source: { type: 'string', value: '<text>', description: 'with --ingest: where the table came from (kept in the manifest)' },
    // --data and --out let a test (or a review copy) run the routine away from the project's files.
    data: { type: 'string', value: '<dir>', description: 'the data directory to read (default data/)' },
    out: {
      type: 'string',
      value: '<file>',
      description: 'where to write the artifact (default content/tax-content.json); zip-centroids.json and nexus-rules.json go beside it',
    },
  },
  notes: ['docs/taxes-and-content.md, "Refreshing the content", walks through a quarterly update.'],
});
const DATA = values.data ?? join(ROOT, 'data');
const OUT = values.out ?? join(ROOT, 'content', 'tax-content.json');
const CENTROIDS_OUT = join(dirname(OUT), 'zip-centroids.json');
const NEXUS_OUT = join(dirname(OUT), 'nexus-rules.json');

if (values.ingest) {
  const date = ingestZipTable(DATA, { zipTable: values.ingest, cdtfa: values.cdtfa, source: values.source });
  console.log(`added version ${date} to data/content_versions.csv`);
}

// The nexus rules first: they are quick to check, and a bad row should not wait for the ZIP tables.
const nexus = buildNexusRules(DATA);

const artifact = buildArtifact(DATA);
writeFileSync(OUT, JSON.stringify(artifact));
const bytes = readFileSync(OUT).length;
const rows = (v: (typeof artifact.versions)[number]) => Object.values(v.zips).reduce((n, s) => n + s.length / 14, 0);
console.log(
  `content ${artifact.version}: ${artifact.versions.length} versions (${artifact.versions.map((v) => `${v.version}: ${rows(v)} rows stored`).join(', ')}), ` +
    `${artifact.regions.length / REGION} rate areas, ${artifact.taxCodes.length} tax codes, ${artifact.holidays.length} holiday rows → ${OUT} (${bytes} bytes)`,
);

const centroids = buildZipCentroids(DATA);
writeFileSync(CENTROIDS_OUT, JSON.stringify(centroids));
console.log(`ZIP centroids: ${centroids.rows.length / ZIP_CENTROID_ROW} ZIPs → ${CENTROIDS_OUT} (${readFileSync(CENTROIDS_OUT).length} bytes)`);

writeFileSync(NEXUS_OUT, `${JSON.stringify(nexus)}\n`);
console.log(
  `nexus rules: ${nexus.rules.length} rules of ${new Set(nexus.rules.map((r) => r.state)).size} states → ${NEXUS_OUT} (${readFileSync(NEXUS_OUT).length} bytes)`,
);
