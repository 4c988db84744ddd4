// What every step of a content build shares: the data files it reads (the artifact's `sources`),
// the string tables and rate areas the artifact's rows point into, and the record of how current
// each state's rates are. The steps append to these in the order they run, so the order of the
// steps fixes every index of the artifact (scripts/content/build/artifact.ts).
import { DataFiles } from './data-files';
import type { PartSources, Parts } from './rate-areas';
import { StateRatesRecorder } from './rates-age';
import { RegionTable } from './regions';
import { StringTable } from './string-table';

export class Build {
  readonly files: DataFiles;
  /** Names of rate areas, counties and cities, upper case. */
  readonly names = new StringTable((name) => name.trim().toUpperCase());
  /** Where each rate comes from (publisher, table, date): the labels every region part points at. */
  readonly rateSources = new StringTable((label) => label, ['(the ZIP table of the version in force, by state: tableSources)']);
  readonly regions = new RegionTable(this.names, this.rateSources);
  readonly ages = new StateRatesRecorder();

  constructor(readonly data: string) {
    this.files = new DataFiles(data);
  }

  load<K extends string>(file: string, columns: readonly K[]): Record<K, string>[] {
    return this.files.load(file, columns);
  }

  nameId(name: string): number {
    return this.names.id(name);
  }

  sourceId(label: string): number {
    return this.rateSources.id(label);
  }

  region(rates: Parts, name: string, from: PartSources, table: string): number {
    return this.regions.of(rates, name, from, table);
  }
}
