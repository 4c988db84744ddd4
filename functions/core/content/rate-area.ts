// What an address resolves to: the rate area of its ZIP (or of an official boundary holding it),
// with the rates, sources and names of its parts.
import type { Micro } from './artifact';

export interface ComponentRates {
  readonly state: Micro;
  readonly county: Micro;
  readonly city: Micro;
  readonly special: Micro;
}

/** Where each part of a rate area's rate comes from (publisher, table, date). */
export interface ComponentSources {
  readonly state: string;
  readonly county: string;
  readonly city: string;
  readonly special: string;
}

/** The rate areas found in a ZIP that holds several: the lowest and highest combined general rate. */
export interface RateRange {
  readonly lowest: Micro;
  readonly highest: Micro;
}

/**
 * A destination (or origin) resolved to the rate area that applies to most of its ZIP (the
 * content build derives it: data/README.md, "How a ZIP is answered: its predominant rate").
 */
export interface RateArea {
  readonly state: string;
  readonly zip: string;
  readonly rates: ComponentRates;
  readonly sources: ComponentSources;
  readonly regionName: string;
  readonly countyName: string;
  readonly cityName: string;
  /**
   * The ZIP spans several rate areas (districts inside its place, several counties or states, or a
   * city whose official rate differs); `range` then holds the rates found in it.
   */
  readonly multiArea: boolean;
  readonly range: RateRange | null;
  /** The postal city's official rate, where the state publishes city rates and it differs from the ZIP row. */
  readonly cityRate: Micro | null;
  /**
   * Where the engine keeps what it derived from this area for the last date it was asked about
   * (functions/core/tax/sourcing.ts), for one content version (`content`): areas are built once per
   * version, so a slot on the area is the cheapest memo. Not part of the area's value.
   */
  memo?: { readonly date: string; readonly content: object; readonly value: unknown } | undefined;
}

/** Coordinates of an address (WGS 84). */
export interface Point {
  readonly latitude: number;
  readonly longitude: number;
}

/** Where a taxed line went, as its answer reports it. */
export interface ResolvedAddress {
  readonly state: string;
  readonly zip: string;
  readonly precision: 'zip5' | 'zip9' | 'rooftop';
}

export type Resolution =
  | {
      readonly kind: 'area';
      readonly area: RateArea;
      readonly precision: ResolvedAddress['precision'];
      /** Built with the resolution, so the lines it answers share one (read-only) object. */
      readonly address: ResolvedAddress;
    }
  /** Malformed ZIP, unknown state, or a state the ZIP tables do not list the ZIP under. */
  | { readonly kind: 'invalid'; readonly reason: string }
  /** A well-formed address whose (state, ZIP) has no rate row. */
  | { readonly kind: 'unrated'; readonly state: string; readonly zip: string };

export type AreaResolution = Extract<Resolution, { readonly kind: 'area' }>;

export const areaResolution = (area: RateArea, precision: ResolvedAddress['precision']): AreaResolution => ({
  kind: 'area',
  area,
  precision,
  address: { state: area.state, zip: area.zip, precision },
});
