// A reader of the California Department of Tax and Fee Administration's tax-area boundaries
// (CDTFA "Sales and Use Tax Rates" layer on the California open-data hub, exported as GeoJSON):
// one feature per tax area and rate period, properties JURIS_NAME, County_name, City_name,
// City_Name_Proper, RATE (the combined rate, a JSON number) and START_DATE (RFC 1123,
// "Fri, 01 Apr 2022 07:00:00 GMT", or M/D/YYYY h:mm:ss AM), geometry in Web Mercator metres
// (crs EPSG:3857) that the GeoJSON reader turns to longitude/latitude. Unincorporated areas are
// named "UNINCORPORATED…". Sources of the layout: data/README.md §15.
import { baseName, FormatError } from '../files/format-error';
import { isoFrom } from '../files/rate-text';
import { type Feature, readFeatures } from './geojson';

export interface CdtfaArea {
  readonly name: string;
  readonly county: string;
  /** '' for an unincorporated area. */
  readonly city: string;
  /** Combined rate in millionths. */
  readonly rate: number;
  readonly from: string;
  readonly feature: Feature;
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** The calendar date a START_DATE names (the export writes local midnight as 07:00 or 08:00 GMT). */
function startDate(text: string): string | null {
  const rfc = /^[A-Z][a-z]{2}, (\d{2}) ([A-Z][a-z]{2}) (\d{4}) \d{2}:\d{2}:\d{2} GMT$/.exec(text);
  if (rfc) return isoFrom(Number(rfc[3]), MONTHS.indexOf(rfc[2]!.toUpperCase()) + 1, Number(rfc[1]));
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?: \d{1,2}:\d{2}:\d{2} [AP]M)?$/.exec(text);
  return us ? isoFrom(Number(us[3]), Number(us[1]), Number(us[2])) : null;
}

export function readCdtfaAreas(text: string, file: string): { file: string; areas: CdtfaArea[]; warnings: string[] } {
  const base = baseName(file);
  const warnings: string[] = [];
  const areas = readFeatures(text, base).map((feature): CdtfaArea => {
    const p = feature.properties;
    const fail = (field: string, detail: string): never => {
      throw new FormatError(base, feature.index, field, detail);
    };
    const str = (field: string) =>
      typeof p[field] === 'string' && (p[field] as string).trim() !== '' ? (p[field] as string).trim().toUpperCase() : fail(field, 'missing');
    const name = str('JURIS_NAME');
    const county = str('County_name');
    const cityName = str('City_name');
    const raw = p.RATE;
    if (typeof raw !== 'number' || !(raw > 0 && raw < 0.2)) fail('RATE', `not a rate: ${JSON.stringify(raw)}`);
    // CDTFA's rates have at most 5 decimals; the export writes some as binary noise (0.107500000000001).
    const micro = Math.round((raw as number) * 100_000) * 10;
    if (Math.abs((raw as number) * 1_000_000 - micro) > 1e-6) fail('RATE', `${raw} has more than 5 decimals`);
    if (String(raw).length > 8) warnings.push(`${base}:${feature.index}: RATE ${raw} read as ${micro / 1_000_000}`);
    const from = startDate(String(p.START_DATE ?? '').trim()) ?? fail('START_DATE', `not a date: ${JSON.stringify(p.START_DATE)}`);
    const unincorporated = name.startsWith('UNINCORPORATED') || cityName.startsWith('UNINCORPORATED');
    return { name, county, city: unincorporated ? '' : cityName, rate: micro, from, feature };
  });
  return { file: base, areas, warnings };
}

/** Each tax area's period in force on `date`: per name and county, the latest start on or before it. */
export function cdtfaAreasOn(areas: readonly CdtfaArea[], date: string): CdtfaArea[] {
  const best = new Map<string, CdtfaArea>();
  for (const a of areas) {
    if (a.from > date) continue;
    const key = `${a.county}|${a.name}`;
    const held = best.get(key);
    if (!held || held.from < a.from) best.set(key, a);
  }
  return [...best.values()];
}
