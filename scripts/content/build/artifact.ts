// Builds the tax-content artifact from the public data in a data directory (sources and licences in
// data/README.md), one data source at a time: each step reads its files and gives its part of the
// artifact, and the states whose content has rules or files of its own add theirs
// (scripts/content/states/). Every rule reads a column of the data; where a column holds prose, its
// reading is written out in the step that reads it. Rate versions come from
// data/content_versions.csv, oldest first; each is stored as its differences from the one before,
// and names, rate areas and source labels are only ever appended, so an added version leaves the
// bytes of every earlier version as they were. The steps run in this order because the order in
// which files are read and labels first used fixes their indices in the artifact.
import { ARTIFACT_FORMAT, type ContentArtifact, ZIP_ROW } from '../../../functions/core/content/artifact';
import { stateBuilds } from '../states/registry';
import type { FieldsAfter, StateBuild, StateFields } from '../states/state-build';
import { ATTRIBUTION } from './attribution';
import { officialBoundaries } from './boundaries/official-boundaries';
import { Build } from './build';
import { readHolidays } from './holidays';
import { readOfficialRateTables } from './official-rate-tables';
import { postalOnlyZips } from './postal-only';
import { readRateVersions, type VersionDerivation } from './rate-versions';
import { readStates } from './state-facts';
import { readLocalRateChanges, readStateRateChanges, readStateRateHistory } from './state-rates';
import { readTaxCodes } from './tax-codes';
import { readTaxabilityRules } from './taxability-rules';
import { readChangeDates, readManifest } from './version-manifest';
import { listVersionRecords } from './version-records';
import { readZipGeography, type ZipGeography } from './zip-geography';

export type { VersionDerivation } from './rate-versions';

/** The fields the states' modules read after the step `after`. */
function stateFields(build: Build, builds: readonly StateBuild[], after: FieldsAfter, geography: ZipGeography): Partial<StateFields> {
  return Object.assign({}, ...builds.filter((s) => s.fields?.after === after).map((s) => s.fields!.read(build, geography)));
}

export function buildArtifact(data: string, onVersion?: (derived: VersionDerivation) => void): ContentArtifact {
  const build = new Build(data);
  const builds = stateBuilds();
  const states = readStates(build, builds);
  const manifest = readManifest(
    build,
    builds.flatMap((s) => (s.versionTable ? [s.versionTable.column] : [])),
  );
  const changeDates = readChangeDates(build, states);
  const geography = readZipGeography(build);
  const officials = readOfficialRateTables(build, states);
  const rates = readRateVersions(build, { states, manifest, changeDates, geography, officials, stateBuilds: builds, onVersion });
  const postalOnly = postalOnlyZips(geography, states, rates.rated, rates.versions.length);
  const taxCodes = readTaxCodes(build);
  const stateRateHistory = readStateRateHistory(build, builds);
  const stateRateChanges = readStateRateChanges(build);
  const localRateChanges = readLocalRateChanges(build);
  const own = stateFields(build, builds, 'state-rates', geography);
  const taxabilityRules = readTaxabilityRules(build, states);
  const holidays = readHolidays(build, taxCodes);
  const boundaries = officialBoundaries(build, rates.versions, rates.bases);
  listVersionRecords(build, rates.versions);
  Object.assign(own, stateFields(build, builds, 'boundaries', geography));

  const field = <K extends keyof StateFields>(key: K): StateFields[K] => {
    const value = own[key];
    if (value === undefined) throw new Error(`no state's module gives the artifact's ${key}`);
    return value as StateFields[K];
  };
  const { versions } = rates;
  // The artifact's layout (functions/core/content/artifact.ts): the fields of one state's own content
  // are named here too, their content is the state's module's.
  const artifact: ContentArtifact = {
    format: ARTIFACT_FORMAT,
    version: versions.at(-1)!.version,
    coverage_from: versions[0]!.from,
    versions,
    sources: build.files.sources,
    attribution: [...ATTRIBUTION],
    names: build.names.values.join('\n'),
    rateSources: build.rateSources.values,
    rateSourceKinds: build.sourceKinds(),
    states: states.facts,
    stateRateChanges,
    localRateChanges,
    stateRateHistory,
    regions: build.regions.values,
    postalOnlyZips: postalOnly,
    zip4: {},
    ...(Object.keys(boundaries).length > 0
      ? { boundaries: Object.fromEntries(Object.entries(boundaries).map(([state, b]) => [state, JSON.stringify(b)])) }
      : {}),
    caBaseRates: field('caBaseRates'),
    caBaseSource: field('caBaseSource'),
    taxabilityRules,
    holidays,
    taxCodes,
    kentucky: field('kentucky'),
    illinois: field('illinois'),
    stateRatesAge: build.ages.result(),
  };
  for (const v of versions) for (const rows of Object.values(v.zips)) if (rows.length % ZIP_ROW !== 0) throw new Error('malformed ZIP rows');
  if (build.names.values.some((n) => n.includes('\n'))) throw new Error('a name contains a newline');
  return artifact;
}
