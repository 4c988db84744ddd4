// A version's ZIP table (the layout of data/us_zip_rates.csv, data/README.md §1): the rows of the
// states the version states anew, each checked (its parts add up to its combined rate, a ZIP is
// listed once per state), with the table as their source.
import { type RateSourceFacts, SOURCE_KINDS, type SourceKind } from '../../../functions/core/content/artifact';
import { toMicro } from '../files/csv';
import type { ZipTableRow } from './rate-areas';
import { firstClause } from './source-text';

export const ZIP_COLUMNS = [
  'state',
  'zip',
  'region_name',
  'state_rate',
  'county_rate',
  'city_rate',
  'special_rate',
  'combined_rate',
  'county_name',
  'city_name',
  'effective_date',
] as const;

export type ZipTableLine = Readonly<Record<(typeof ZIP_COLUMNS)[number], string>>;

/**
 * The source label of a ZIP table's rows: Avalara's free tables are named by month
 * (TAXRATES_ZIP5_<ST><YYYYMM>.csv); another table by its file and date.
 */
export function zipTableLabel(source: string, file: string, tableDate: string): string {
  return /Avalara TaxRates/i.test(source) ? `Avalara TaxRates ZIP5 table ${tableDate.slice(0, 4)}${tableDate.slice(5, 7)}` : `ZIP table ${file} (${tableDate})`;
}

/**
 * The publisher, table, date and kind of a ZIP table's rows (for GET /config's record of each state's
 * sources). Avalara's is a vendor table; another table's kind is its manifest row's `source_kind`.
 */
export function zipTableFacts(source: string, file: string, tableDate: string, kind: string): RateSourceFacts {
  if (/Avalara TaxRates/i.test(source))
    return {
      publisher: 'Avalara (TaxRates free ZIP5 tables; no open licence)',
      table: `TAXRATES_ZIP5_<ST>${tableDate.slice(0, 4)}${tableDate.slice(5, 7)}.csv`,
      date: tableDate,
      kind: 'vendor_table',
    };
  if (!SOURCE_KINDS.includes(kind as SourceKind))
    throw new Error(`content_versions.csv: the ZIP table ${file} needs a source_kind (${SOURCE_KINDS.join(', ')})`);
  return { publisher: firstClause(source), table: file, date: tableDate, kind: kind as SourceKind };
}

/** Adds the table's rows of the states `takes` to `rows` (by state and ZIP), labelled `label`. */
export function addZipRows(
  file: string,
  label: string,
  lines: readonly ZipTableLine[],
  takes: (state: string) => boolean,
  rows: Map<string, Map<string, ZipTableRow>>,
): void {
  const name = (s: string) => s.trim().toUpperCase();
  for (const r of lines) {
    if (!takes(r.state)) continue;
    const rates = { state: toMicro(r.state_rate), county: toMicro(r.county_rate), city: toMicro(r.city_rate), special: toMicro(r.special_rate) };
    if (rates.state + rates.county + rates.city + rates.special !== toMicro(r.combined_rate))
      throw new Error(`${file}: components do not add up for ${r.state} ${r.zip}`);
    let byZip = rows.get(r.state);
    if (!byZip) rows.set(r.state, (byZip = new Map()));
    if (byZip.has(r.zip)) throw new Error(`${file}: ${r.state} ${r.zip} is listed twice`);
    byZip.set(r.zip, {
      state: r.state,
      zip: r.zip,
      region: name(r.region_name),
      rates,
      countyName: name(r.county_name),
      cityName: name(r.city_name),
      source: label,
    });
  }
}
