// One rate version's rate areas: an address resolved to the area of its ZIP, of the ZIP+4 range or
// of the official boundary holding it, with caches for the addresses documents repeat.
import { AREA_ROW, type ContentArtifact, type Micro, type RateVersion, REGION, TABLE_SOURCE, ZIP_ROW } from './artifact';
import {
  areaRange,
  cityRatesOf,
  findRow,
  multiAreaRows,
  rateSourceOf,
  rowCity,
  rowCounty,
  rowRegion,
  rowsInForce,
  ZIP_PATTERN,
  zipNumber,
  zipRow,
} from './artifact-codec';
import { boundaryIndex } from './boundaries';
import { type AreaResolution, areaResolution, type Point, type RateArea, type RateRange, type Resolution } from './rate-area';
import { isUsState } from './states';

/** What every version of one artifact shares: its names and states, parsed once. */
export interface RateNames {
  readonly names: readonly string[];
  readonly states: readonly string[];
}

export class RateIndex {
  private readonly rateVersion: RateVersion;
  private readonly names: readonly string[];
  private readonly states: readonly string[];
  private readonly areaCache = new Map<string, RateArea>();
  /**
   * Answers for canonical addresses (two capitals, five digits) that name a rate area, by ZIP (a ZIP
   * of several states keeps the first state asked in this map, the others in `resolvedOthers`):
   * at most one per row.
   */
  private readonly resolvedCache: (AreaResolution | undefined)[] = new Array<undefined>(100_000).fill(undefined);
  private readonly resolvedOthers = new Map<string, Resolution>();

  constructor(
    private readonly artifact: ContentArtifact,
    private readonly index: number,
    shared: RateNames,
  ) {
    this.rateVersion = artifact.versions[index]!;
    this.names = shared.names;
    this.states = shared.states;
  }

  private rated(state: string, zip: string): boolean {
    return zipRow(this.artifact, this.index, state, zip) !== undefined;
  }

  /** Whether any ZIP table (rates or postal) lists the ZIP under the state. */
  private listed(state: string, zip: string): boolean {
    const postal = this.artifact.postalOnlyZips[state];
    return this.rated(state, zip) || (postal !== undefined && findRow(postal, 5, zip) >= 0);
  }

  /**
   * Resolves an address (state may be omitted when the ZIP names a single state). Where the state
   * has official boundaries in force, coordinates inside one resolve to its rate area (`rooftop`),
   * and a ZIP+4 inside a loaded range to its (`zip9`); otherwise the ZIP's (`zip5`).
   */
  resolve(stateInput: string | null | undefined, zipInput: string, point?: Point): Resolution {
    if (point !== undefined && this.artifact.boundaries !== undefined) {
      const byZip = this.resolve(stateInput, zipInput);
      return byZip.kind === 'area' ? (this.refine(byZip.area, undefined, point) ?? byZip) : byZip;
    }
    // Indexed by the ZIP's number: no string hashing on the path every line takes.
    const zipIndex = stateInput != null && stateInput.length === 2 ? zipNumber(zipInput) : -1;
    if (zipIndex >= 0) {
      const known = this.resolvedCache[zipIndex];
      if (known !== undefined) {
        if (known.area.state === stateInput) return known;
        const other = this.resolvedOthers.get(stateInput + zipInput);
        if (other !== undefined) return other;
      }
    }
    const match = ZIP_PATTERN.exec(zipInput.trim());
    if (!match) return { kind: 'invalid', reason: 'The ZIP code is not a 5-digit ZIP or ZIP+4.' };
    const zip = match[1]!;
    let state: string;
    if (stateInput != null && stateInput.trim() !== '') {
      state = stateInput.trim().toUpperCase();
      if (!isUsState(state)) return { kind: 'invalid', reason: 'The state is not a US state code.' };
      // A ZIP the tables list only under other states does not belong to this one.
      if (!this.listed(state, zip) && this.states.some((other) => other !== state && this.listed(other, zip)))
        return { kind: 'invalid', reason: 'The ZIP code does not belong to the state.' };
    } else {
      const listedUnder = this.states.filter((s) => this.listed(s, zip));
      if (listedUnder.length !== 1) return { kind: 'invalid', reason: 'The address does not resolve to one US state; send the state.' };
      state = listedUnder[0]!;
    }
    const area = this.area(state, zip);
    if (!area) return { kind: 'unrated', state, zip };
    if (match[2] !== undefined && this.artifact.boundaries !== undefined) {
      const refined = this.refine(area, match[2], undefined);
      if (refined) return refined;
    }
    const zip4 = match[2] !== undefined && (this.artifact.zip4[state]?.length ?? 0) > 0;
    const resolution = areaResolution(area, zip4 ? 'zip9' : 'zip5');
    // The same input resolves the same way for this version: remembered when written canonically.
    if (stateInput === state && zipInput === zip) {
      if (this.resolvedCache[zipIndex] === undefined) this.resolvedCache[zipIndex] = resolution;
      else this.resolvedOthers.set(state + zip, resolution);
    }
    return resolution;
  }

  /** The area of the official boundary holding the point or the ZIP+4, or null. */
  private refine(area: RateArea, plus4: string | undefined, point: Point | undefined): Resolution | null {
    const text = this.artifact.boundaries?.[area.state];
    if (text === undefined) return null;
    const { from, index } = boundaryIndex(this.artifact, area.state, text);
    if (this.rateVersion.from < from) return null;
    if (point !== undefined) {
      const region = index.locate(point.longitude, point.latitude);
      if (region !== undefined) return areaResolution(this.regionArea(area, region), 'rooftop');
    }
    if (plus4 !== undefined) {
      const region = index.zip9(area.zip + plus4);
      if (region !== undefined) return areaResolution(this.regionArea(area, region), 'zip9');
    }
    return null;
  }

  /** The ZIP's area with the rates, sources and name of one region (a boundary's). */
  private regionArea(zipArea: RateArea, region: number): RateArea {
    const key = `${zipArea.state}${zipArea.zip}#${region}`;
    const cached = this.areaCache.get(key);
    if (cached) return cached;
    const { artifact } = this;
    const { regions } = artifact;
    const at = region * REGION;
    const area: RateArea = {
      ...zipArea,
      rates: { state: regions[at]!, county: regions[at + 1]!, city: regions[at + 2]!, special: regions[at + 3]! },
      sources: {
        state: rateSourceOf(artifact, regions[at + 5]!),
        county: rateSourceOf(artifact, regions[at + 6]!),
        city: rateSourceOf(artifact, regions[at + 7]!),
        special: rateSourceOf(artifact, regions[at + 8]!),
      },
      regionName: this.names[regions[at + 4]!]!,
      multiArea: false,
      range: null,
      cityRate: null,
      memo: undefined,
    };
    this.areaCache.set(key, area);
    return area;
  }

  private area(state: string, zip: string): RateArea | undefined {
    const key = state + zip;
    const cached = this.areaCache.get(key);
    if (cached) return cached;
    const found = zipRow(this.artifact, this.index, state, zip);
    if (!found) return undefined;
    const { rows, at } = found;
    const { artifact } = this;
    const { regions } = artifact;
    const region = rowRegion(rows, at);
    const rates = { state: regions[region]!, county: regions[region + 1]!, city: regions[region + 2]!, special: regions[region + 3]! };
    const table = this.rateVersion.tableSources[state];
    const source = (index: number) => rateSourceOf(artifact, index === TABLE_SOURCE ? (table ?? index) : index);
    const sources = {
      state: source(regions[region + 5]!),
      county: source(regions[region + 6]!),
      city: source(regions[region + 7]!),
      special: source(regions[region + 8]!),
    };
    const cityName = this.names[rowCity(rows, at)]!;
    const combined = rates.state + rates.county + rates.city + rates.special;
    const official = cityRatesOf(this.rateVersion, state)?.[cityName];
    const cityRate = official !== undefined && official !== combined ? official : null;
    const several = this.rateVersion.areas[state];
    const at2 = several === undefined ? -1 : findRow(several, AREA_ROW, zip);
    const range = at2 < 0 ? null : areaRange(several!, at2);
    const area: RateArea = {
      state,
      zip,
      rates,
      sources,
      regionName: this.names[regions[region + 4]!]!,
      countyName: this.names[rowCounty(rows, at)]!,
      cityName,
      multiArea: range !== null || findRow(this.rateVersion.multiStateZips, 5, zip) >= 0 || cityRate !== null,
      range,
      cityRate,
      memo: undefined,
    };
    this.areaCache.set(key, area);
    return area;
  }

  /**
   * A state's rates over its rated ZIP codes (the table as published, before date rules): the
   * lowest state part and the mean combined rate, half-up in millionths. Undefined without rows.
   */
  rateSummary(state: string): { readonly minimumStateRate: Micro; readonly averageRate: Micro } | undefined {
    const inForce = rowsInForce(this.artifact, this.index, state);
    if (inForce.size === 0) return undefined;
    const { regions } = this.artifact;
    let minimum = Number.POSITIVE_INFINITY;
    let total = 0;
    let count = 0;
    for (const { rows, at } of inForce.values()) {
      const region = rowRegion(rows, at);
      const stateRate = regions[region]!;
      minimum = Math.min(minimum, stateRate);
      total += stateRate + regions[region + 1]! + regions[region + 2]! + regions[region + 3]!;
      count++;
    }
    return { minimumStateRate: minimum, averageRate: Math.floor((2 * total + count) / (2 * count)) };
  }

  /** Every row of this version, keyed "ST,ZIP" (for reviews and diffs; the engine looks rows up one by one). */
  rows(): Map<string, { state: string; zip: string; region: string; combined: Micro }> {
    const out = new Map<string, { state: string; zip: string; region: string; combined: Micro }>();
    const r = this.artifact.regions;
    for (let i = 0; i <= this.index; i++) {
      const v = this.artifact.versions[i]!;
      for (const [state, removed] of Object.entries(v.removed))
        for (let at = 0; at < removed.length; at += 5) out.delete(`${state},${removed.slice(at, at + 5)}`);
      for (const [state, rows] of Object.entries(v.zips))
        for (let at = 0; at < rows.length; at += ZIP_ROW) {
          const region = rowRegion(rows, at);
          const zip = rows.slice(at, at + 5);
          out.set(`${state},${zip}`, {
            state,
            zip,
            region: this.names[r[region + 4]!]!,
            combined: r[region]! + r[region + 1]! + r[region + 2]! + r[region + 3]!,
          });
        }
    }
    return out;
  }

  /** The ZIPs of this version that hold several rate areas, keyed "ST,ZIP" (for reviews and reports). */
  multiAreaZips(): Map<string, RateRange> {
    return multiAreaRows(this.rateVersion);
  }
}
