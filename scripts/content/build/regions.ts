// The artifact's rate areas (`regions`, REGION numbers each): the four rate parts, the area's name
// and the source of each part. An area is stored once, however many ZIPs and versions point at it,
// and only ever appended.
import { REGION, TABLE_SOURCE } from '../../../functions/core/content/artifact';
import type { PartSources, Parts } from './rate-areas';
import type { StringTable } from './string-table';

/** An index as three base-36 digits (the width of a region or name index in the encoded rows). */
export function b36(n: number): string {
  if (n >= 36 ** 3) throw new Error(`index ${n} does not fit three base-36 digits`);
  return n.toString(36).padStart(3, '0');
}

/** A rate in millionths as four base-36 digits. */
export function rateB36(micro: number): string {
  if (micro < 0 || micro >= 36 ** 4) throw new Error(`rate ${micro} does not fit four base-36 digits`);
  return micro.toString(36).padStart(4, '0');
}

export class RegionTable {
  readonly values: number[] = [];
  private readonly index = new Map<string, number>();

  constructor(
    private readonly names: StringTable,
    private readonly sources: StringTable,
  ) {}

  /**
   * The index of the area with these parts, name and part sources, added on first use. A part from
   * the ZIP table the row comes from (`table`) points at TABLE_SOURCE, which a version resolves to
   * its table of the state (tableSources), so a row a newer table repeats unchanged is not stored again.
   */
  of(rates: Parts, name: string, from: PartSources, table: string): number {
    const parts = [rates.state, rates.county, rates.city, rates.special];
    const id = (label: string) => (label === table ? TABLE_SOURCE : this.sources.id(label));
    const ids = [id(from.state), id(from.county), id(from.city), id(from.special)];
    const key = [...parts, name, ...ids].join('|');
    let region = this.index.get(key);
    if (region === undefined) {
      region = this.values.length / REGION;
      this.values.push(...parts, this.names.id(name), ...ids);
      this.index.set(key, region);
    }
    return region;
  }
}
