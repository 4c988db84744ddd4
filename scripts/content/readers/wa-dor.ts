// Readers of the Washington Department of Revenue's quarterly downloads (dor.wa.gov "Downloadable
// database" and "Sales tax jurisdiction boundaries"): the rate table (Rates_<YY>Q<q>.zip holding one
// CSV with a header: Name, Code, State, Local, RTA, Rate, Effective Date, Expiration Date; rates as
// fractions, dates YYYYMMDD; Code the 4-digit location code) and the location-code boundaries
// (LOCCODE_Public_<YY>Q<q>, each rate area's polygon with its code in the LOCCODE property; read
// here as GeoJSON). Sources of the layout: data/README.md §15.
import { baseName, csvWithColumns, FormatError } from '../files/format-error';
import { fractionMicro } from '../files/rate-text';
import { type Feature, readFeatures } from './geojson';
import { isoDate, validDate } from './sst-rates';

export interface WaRate {
  readonly line: number;
  readonly name: string;
  readonly code: string;
  readonly state: number;
  readonly local: number;
  readonly rta: number;
  readonly rate: number;
  readonly from: string;
  readonly to: string;
}

const COLUMNS = ['Name', 'Code', 'State', 'Local', 'RTA', 'Rate', 'Effective Date', 'Expiration Date'] as const;

export function readWaRates(text: string, file: string): { file: string; rates: WaRate[] } {
  const base = baseName(file);
  const rates = csvWithColumns(text, base, COLUMNS).map((r, i): WaRate => {
    const line = i + 2;
    const fail = (field: string, detail: string): never => {
      throw new FormatError(base, line, field, detail);
    };
    const code = r.Code.trim().padStart(4, '0');
    if (!/^\d{4}$/.test(code)) fail('Code', `not a 4-digit location code: ${JSON.stringify(r.Code)}`);
    const rate = (field: 'State' | 'Local' | 'RTA' | 'Rate') => fractionMicro(r[field]) ?? fail(field, `not a rate: ${JSON.stringify(r[field])}`);
    const date = (field: 'Effective Date' | 'Expiration Date') => {
      const t = r[field].trim();
      return validDate(t) ? isoDate(t) : fail(field, `not a YYYYMMDD date: ${JSON.stringify(t)}`);
    };
    const parts = { state: rate('State'), local: rate('Local'), rta: rate('RTA'), rate: rate('Rate') };
    // The total is state + local; the RTA column is a share of the local part, shown apart.
    if (parts.state + parts.local !== parts.rate) fail('Rate', `${r.Rate} is not State + Local (${r.State} + ${r.Local})`);
    const from = date('Effective Date');
    const to = date('Expiration Date');
    if (to < from) fail('Expiration Date', `${to} is before the effective date ${from}`);
    return { line, name: r.Name.trim().toUpperCase(), code, ...parts, from, to };
  });
  if (rates.length === 0) throw new FormatError(base, 0, 'file', 'no rows');
  return { file: base, rates };
}

export interface WaArea {
  readonly code: string;
  readonly feature: Feature;
}

export function readWaBoundaries(text: string, file: string): { file: string; areas: WaArea[] } {
  const base = baseName(file);
  const areas = readFeatures(text, base).map((feature) => {
    const raw = String(feature.properties.LOCCODE ?? '').trim();
    const code = raw.padStart(4, '0');
    if (!/^\d{1,4}$/.test(raw))
      throw new FormatError(base, feature.index, 'LOCCODE', `not a 4-digit location code: ${JSON.stringify(feature.properties.LOCCODE)}`);
    return { code, feature };
  });
  return { file: base, areas };
}
