// What every step of a content build shares: the data files it reads (the artifact's `sources`),
// the string tables and rate areas the artifact's rows point into, and the record of how current
// each state's rates are. The steps append to these in the order they run, so the order of the
// steps fixes every index of the artifact (scripts/content/build/artifact.ts).
import { SOURCE_KINDS, type SourceKind } from '../../../functions/core/content/artifact';
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
  readonly ages = new StateRatesRecorder((label, kind) => this.kindOf(label, kind));
  /** How each rate source was obtained, by label: every label the artifact holds has one. */
  private readonly kinds = new Map<string, SourceKind>();

  constructor(readonly data: string) {
    this.files = new DataFiles(data);
  }

  load<K extends string>(file: string, columns: readonly K[]): Record<K, string>[] {
    return this.files.load(file, columns);
  }

  nameId(name: string): number {
    return this.names.id(name);
  }

  /** The index of a rate source, and how it was obtained (a label names one kind only; omitted: as registered before). */
  sourceId(label: string, kind?: string): number {
    if (kind !== undefined) this.kindOf(label, kind);
    return this.rateSources.id(label);
  }

  /** Records how the source of a label was obtained (a kind read from a data file is checked). */
  kindOf(label: string, kind: string): SourceKind {
    if (!SOURCE_KINDS.includes(kind as SourceKind))
      throw new Error(`${JSON.stringify(label)}: source kind is one of ${SOURCE_KINDS.join(', ')}, not ${JSON.stringify(kind)}`);
    const held = this.kinds.get(label);
    if (held !== undefined && held !== kind) throw new Error(`${JSON.stringify(label)} is both ${held} and ${kind}`);
    this.kinds.set(label, kind as SourceKind);
    return kind as SourceKind;
  }

  /** The kind of every rate source, in the order of the artifact's rateSources (the first is no source). */
  sourceKinds(): SourceKind[] {
    return this.rateSources.values.map((label, i) => {
      const kind = this.kinds.get(label);
      if (kind === undefined && i > 0) throw new Error(`no source kind for the rate source ${JSON.stringify(label)}`);
      return kind ?? 'vendor_table';
    });
  }

  region(rates: Parts, name: string, from: PartSources, table: string): number {
    return this.regions.of(rates, name, from, table);
  }
}
