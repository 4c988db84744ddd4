// A state's own part of the content build: the rules and data files that concern one state only,
// so the generic build (scripts/content/build/) names no state. Each member extends one step of the
// build and runs where that step runs; a state's module fills in only the members it needs. One
// object is made per build, so a member may keep what an earlier one read.
import type { Category, ContentArtifact, RatePeriod, RateVersion } from '../../../functions/core/content/artifact';
import type { Build } from '../build/build';
import type { Parts, ZipTableRow } from '../build/rate-areas';
import type { ZipGeography } from '../build/zip-geography';

/** What the state's us_states.csv row says only in prose (data/README.md §3). */
export interface StateTaxability {
  /** Counties whose local tax also exempts the clothing below the state's threshold (the row's clothing_note). */
  readonly clothingLocalCounties?: readonly string[];
  /** The state's own publication for a standing treatment, cited instead of the compiled sources of the row. */
  readonly citations?: Readonly<Partial<Record<Category, string>>>;
}

/** The state's table of one version (StateVersionTable). */
export interface VersionTable {
  /** City rates by upper-case city name: a ZIP whose postal city has a rate of its own holds that rate area too. */
  readonly cityRates: Readonly<Record<string, number>>;
  /** Labels the state's record of sources lists besides those of its answers (stateRatesAge). */
  readonly labels: readonly string[];
  /** The fields of the version this table gives, made when the version is stored. */
  fields(build: Build): Partial<RateVersion>;
}

/** A table of the state's own that each content version names (a column of data/content_versions.csv). */
export interface StateVersionTable {
  readonly column: string;
  /** Reads the table of one version, after its ZIP table (`file` is the column's value, '' when the version names none). */
  read(build: Build, file: string): VersionTable;
  /**
   * Once every version is read: checks the state's ZIP rows (each version's rows in force) against
   * the state's own publication, and returns the parts every area of the state pays, on which
   * official boundaries compose an area's rate.
   */
  check(build: Build, rows: readonly ReadonlyMap<string, ZipTableRow>[]): Parts;
}

/** The fields of the artifact that hold one state's own content. */
export type StateFields = Pick<ContentArtifact, 'caBaseRates' | 'caBaseSource' | 'kentucky' | 'illinois'>;

/**
 * The step after which a state's fields are read: the state rates (before the taxability rules), or
 * the official boundaries (last). Where a step reads files and adds labels fixes their place in the
 * artifact's lists of sources, so it is part of the content's format.
 */
export type FieldsAfter = 'state-rates' | 'boundaries';

export interface StateBuild {
  /** The state's postal code. */
  readonly state: string;
  readonly taxability?: StateTaxability;
  readonly versionTable?: StateVersionTable;
  /** The state's rate periods before the ZIP tables (stateRateHistory), read with the state rate changes. */
  rateHistory?(build: Build): readonly RatePeriod[];
  /**
   * What the state calls the local taxes of a ZIP row whose region names a district that adds none of
   * its rate (rate-areas.ts), given the version's city rates of the state's own table.
   */
  localTaxName?(row: ZipTableRow, cityRates: Readonly<Record<string, number>> | undefined): string;
  /** Reads the state's own fields of the artifact, after the step `after` names. */
  readonly fields?: { readonly after: FieldsAfter; read(build: Build, geography: ZipGeography): Partial<StateFields> };
}
