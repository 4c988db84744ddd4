// Rate versions that only some states' official files state anew (data/README.md §8 and §12). A manifest row with states_by_rule =
// `official` carries the ZIP table of an earlier date and restates only the states whose official
// rate file (data/official_rate_tables.csv) covers the version's date with its quarter: the file
// decides their jurisdiction rates from that date, every other state keeps the rows it had.

import { sstRatesOn } from '../readers/sst-rates';
import { MIN_COUNTY_SHARE, type OfficialTable, type ZipAnswer } from './rate-areas';

/** The first and last day of a file's quarter. */
function quarterOf(file: OfficialTable['file']): { first: string; last: string } {
  const month = (file.quarter - 1) * 3 + 1;
  const first = `${file.year}-${String(month).padStart(2, '0')}-01`;
  const lastDay = new Date(Date.UTC(file.year, month + 2, 0)).getUTCDate();
  return { first, last: `${file.year}-${String(month + 2).padStart(2, '0')}-${lastDay}` };
}

/**
 * The states an `official` version restates: those whose official file is the file of the quarter
 * holding `date`. A file of another quarter says nothing of changes after it, so it cannot date a
 * version outside it; a version no file covers is refused.
 */
export function officialStatesOn(officials: ReadonlyMap<string, OfficialTable>, date: string): Set<string> {
  const out = new Set<string>();
  for (const [state, table] of officials) {
    const { first, last } = quarterOf(table.file);
    if (first <= date && date <= last) out.add(state);
  }
  if (out.size === 0) throw new Error(`content_versions.csv: no official rate file of data/official_rate_tables.csv covers ${date}`);
  return out;
}

/**
 * Where a state's official file gives only its state rate to the ZIPs (join `state`: Minnesota), a
 * county rate the file changes between the ZIP table's date and the version's date is a change the
 * table cannot hold yet: the difference is added to the county part of the ZIPs whose main county
 * (by land, Census relationship file) it is, with the file as the part's source. The ZIP table's
 * own split of the county's taxes is kept; a municipal or special-district change needs the boundary
 * file and is not applied (the caller lists those). Returns the ZIPs changed.
 */
export function applyCountyChanges(
  state: string,
  answers: Map<string, ZipAnswer>,
  table: OfficialTable,
  tableDate: string,
  date: string,
  zipCounties: (state: string, zip: string) => readonly { readonly county: string; readonly share: number }[],
): string[] {
  if (table.join !== 'state' || tableDate >= date) return [];
  const before = sstRatesOn(table.file, tableDate);
  const after = sstRatesOn(table.file, date);
  const delta = new Map<string, number>();
  for (const key of new Set([...before.keys(), ...after.keys()])) {
    if (!key.startsWith('00:')) continue;
    const d = (after.get(key)?.general.intrastate ?? 0) - (before.get(key)?.general.intrastate ?? 0);
    if (d !== 0) delta.set(`${table.file.stateFips}${key.slice(3)}`, d);
  }
  const changed: string[] = [];
  if (delta.size === 0) return changed;
  for (const [zip, a] of answers) {
    const counties = zipCounties(state, zip).filter((c, i) => c.county.startsWith(table.file.stateFips) && (i === 0 || c.share >= MIN_COUNTY_SHARE));
    const d = counties[0] === undefined ? undefined : delta.get(counties[0].county);
    if (d === undefined) continue;
    const rates = { ...a.rates, county: a.rates.county + d };
    if (rates.county < 0) throw new Error(`${table.file.file}: the county part of ${state} ${zip} would fall below 0`);
    const single = a.lowest === a.highest;
    const total = rates.state + rates.county + rates.city + rates.special;
    answers.set(zip, {
      ...a,
      rates,
      sources: { ...a.sources, county: table.label },
      lowest: single ? total : Math.min(a.lowest + d, total),
      highest: single ? total : Math.max(a.highest + d, total),
    });
    changed.push(zip);
  }
  return changed;
}

/**
 * Municipal and special-district records of an official file that begin or end between two dates:
 * changes the ZIP-level join cannot place (they need the state's boundary file), for the build's
 * report and data/README.md.
 */
export function unplacedChanges(table: OfficialTable, tableDate: string, date: string): string[] {
  const out: string[] = [];
  for (const r of table.file.records) {
    if (r.type === '45' || r.type === '00' || (table.join === 'county' && r.type !== '01' && r.type !== '63')) continue;
    const begins = r.from > tableDate && r.from <= date;
    const ends = r.to !== null && r.to >= tableDate && r.to < date;
    if (begins || ends) out.push(`${table.file.file}:${r.line}: type ${r.type} code ${r.code} ${begins ? `begins ${r.from}` : `ends ${r.to}`}`);
  }
  return out;
}
