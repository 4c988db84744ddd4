// A content version's record of official files (data/versions/<date>/official/, written by npm run
// content:refresh), recognised and read as the refresh reads them (scripts/content/sources.ts), and
// what the publishers' boundary steps share: how they add a rate area and keep a polygon.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BoundaryData } from '../../../../functions/core/content/boundaries';
import { isZip, readZip } from '../../files/zip-archive';
import type { Feature } from '../../readers/geojson';
import { type SourceId, sourceOf } from '../../sources';
import type { PartSources, Parts } from '../rate-areas';

/** Adds a region (rates, name, one source label per part) and returns its index. */
export type AddRegion = (rates: Parts, name: string, sources: PartSources) => number;

/** A ring as the artifact keeps it: millionths of a degree, 32-bit little-endian, base64 (BoundaryData). */
export function encodeRing(ring: ArrayLike<number>): string {
  const bytes = Buffer.alloc(ring.length * 4);
  for (let i = 0; i < ring.length; i++) bytes.writeInt32LE(Math.round(ring[i]! * 1e6), i * 4);
  return bytes.toString('base64');
}

export const polygonsOf = (f: Feature): string[][] => f.polygons.map((rings) => rings.map(encodeRing));

/** Every part from one source. */
export const same = (label: string): PartSources => ({ state: label, county: label, city: label, special: label });

/** The tables of a version's record (ZIP archives opened), by name. */
export class RecordTables {
  private readonly texts = new Map<string, string>();

  constructor(dir: string) {
    for (const name of readdirSync(dir).sort()) {
      const bytes = readFileSync(join(dir, name));
      for (const m of isZip(bytes) ? readZip(bytes, name) : [{ name, data: bytes }]) this.texts.set(m.name.split('/').at(-1)!, m.data.toString('utf8'));
    }
  }

  /** The names of the tables of a source, in the order of their names. */
  of(id: SourceId): string[] {
    return [...this.texts.keys()].filter((name) => sourceOf(name)?.id === id);
  }

  /** A table read by its source's reader: the state it is of, and what the reader returns. */
  read<T>(name: string, on: string): { state: string; parsed: T } {
    const { state, parsed } = sourceOf(name)!.read(this.texts.get(name)!, name, on);
    return { state, parsed: parsed as T };
  }
}

/** What a publisher's boundary step is given for one version: it adds the boundaries of each state `out` does not hold yet. */
export interface BoundaryStep {
  readonly record: RecordTables;
  /** The version's date: the boundaries and rates in force on it. */
  readonly from: string;
  readonly out: Record<string, BoundaryData>;
  readonly add: AddRegion;
  /** The parts every area of a state pays, where the state's own tables give them. */
  readonly bases: ReadonlyMap<string, Parts>;
}
