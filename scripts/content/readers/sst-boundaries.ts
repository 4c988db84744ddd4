// A reader of the Streamlined Sales Tax boundary files (streamlinedsalestax.org "Rates and
// Boundaries", one file per state and quarter beside its rate file, e.g. MNB2026Q2FEB18.csv). No
// header; one record a row, its kind in the first field: 'Z' a range of 5-digit ZIPs, '4' a range
// of ZIP+4 codes, 'A' a range of street addresses (some states ship the kind in lower case). The
// layout is the SST boundary database table's, 1-based: 2-3 effective begin and end (YYYYMMDD,
// 29991231 or 99991231 = open); for 'A' 4-5 low and high house number, 6 odd/even/both, 7-10 street
// pre-directional, name, suffix, post-directional, 11-14 secondary unit abbreviation, low, high,
// odd/even, 15 city, 16 ZIP, 17 plus-4; for 'Z' and '4' 18-21 low ZIP, low extension, high ZIP,
// high extension; then for all 22 composite SER code, 23 state FIPS, 24 state FIPS again, 25 county
// FIPS, 26 place (municipality) code, 27 place class, 28-29 longitude and latitude, and from 30 up
// to 20 special-jurisdiction triplets (code source, jurisdiction code, jurisdiction type) that
// join the rate file's rows of that type and code. Files have 89 fields a row, newer ones 90.
// Sources of the layout: data/README.md §15. The reader knows the format only; composing a
// place's rate from the rate file is the caller's (scripts/content/build/sst-compose.ts).
import { baseName, withoutBom } from '../files/format-error';
import { isoDate, OPEN_ENDED, parseSstFileName, type SstFileHeader, SstFormatError, validDate } from './sst-rates';

export interface SstDistrict {
  /** Who assigned the code ('ST' the state). */
  readonly source: string;
  readonly code: string;
  /** The rate file's jurisdiction type the code is of. */
  readonly type: string;
}

interface SstBoundaryBase {
  readonly line: number;
  readonly from: string;
  readonly to: string | null;
  readonly stateFips: string;
  /** 3-digit county FIPS, '' where the row names none. */
  readonly county: string;
  /** The municipality's code (the rate file's type 01 code), '' where none. */
  readonly place: string;
  readonly ser: string;
  readonly districts: readonly SstDistrict[];
}

/** 'Z': every ZIP from `low` to `high` (5 digits each). */
export interface SstZipRange extends SstBoundaryBase {
  readonly kind: 'Z';
  readonly low: string;
  readonly high: string;
}

/** '4': every ZIP+4 from `low` to `high` (9 digits each, extensions padded to four). */
export interface SstZip4Range extends SstBoundaryBase {
  readonly kind: '4';
  readonly low: string;
  readonly high: string;
}

/** 'A': house numbers `fromNumber`..`toNumber` of one street (parity O, E or B). */
export interface SstAddressRange extends SstBoundaryBase {
  readonly kind: 'A';
  readonly fromNumber: string;
  readonly toNumber: string;
  readonly parity: string;
  readonly street: string;
  readonly city: string;
  readonly zip: string;
  readonly plus4: string;
}

export type SstBoundaryRecord = SstZipRange | SstZip4Range | SstAddressRange;

export interface SstBoundaryFile extends SstFileHeader {
  readonly records: readonly SstBoundaryRecord[];
}

const MIN_FIELDS = 29;

/** Parses a boundary file; refuses it at the first unreadable field, with the file, line and field. */
export function readSstBoundaries(text: string, file: string): SstBoundaryFile {
  const name = parseSstFileName(file, 'B');
  const base = baseName(file);
  const records: SstBoundaryRecord[] = [];
  let stateFips: string | undefined;
  const lines = withoutBom(text).split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    if (raw.trim() === '') continue;
    const line = i + 1;
    const f = raw.split(',').map((x) => x.trim());
    const fail = (field: string, detail: string): never => {
      throw new SstFormatError(base, line, field, detail);
    };
    if (f.length < MIN_FIELDS) fail('row', `at least ${MIN_FIELDS} fields expected, found ${f.length}`);
    const kind = f[0]!.toUpperCase() as SstBoundaryRecord['kind'];
    if (kind !== 'Z' && kind !== '4' && kind !== 'A') fail('record type', `Z, 4 or A expected, found ${JSON.stringify(f[0])}`);
    const [begin, end] = [f[1]!, f[2]!];
    if (!validDate(begin) || OPEN_ENDED.has(begin)) fail('effective begin date', `not a YYYYMMDD date: ${JSON.stringify(begin)}`);
    if (!validDate(end)) fail('effective end date', `not a YYYYMMDD date: ${JSON.stringify(end)}`);
    if (end < begin) fail('effective end date', `${end} is before the begin date ${begin}`);
    const fips = f[22]!;
    if (!/^\d{2}$/.test(fips)) fail('state FIPS', `not a 2-digit FIPS code: ${JSON.stringify(fips)}`);
    if (stateFips !== undefined && fips !== stateFips) fail('state FIPS', `${fips} differs from the file's ${stateFips}`);
    stateFips = fips;
    const county = f[24]!;
    if (county !== '' && !/^\d{3}$/.test(county)) fail('county FIPS', `not a 3-digit code: ${JSON.stringify(county)}`);
    const place = f[25]!;
    if (place !== '' && !/^[0-9A-Z]{1,5}$/i.test(place)) fail('place code', `not a code of up to 5 characters: ${JSON.stringify(place)}`);
    const districts: SstDistrict[] = [];
    for (let at = 29; at < f.length; at += 3) {
      const [source = '', code = '', type = ''] = f.slice(at, at + 3);
      if (source === '' && code === '' && type === '') continue;
      const n = (at - 29) / 3 + 1;
      if (code === '' || !/^[0-9A-Z]{1,5}$/i.test(code)) fail(`special jurisdiction ${n} code`, `not a code of up to 5 characters: ${JSON.stringify(code)}`);
      if (!/^\d{2}$/.test(type)) fail(`special jurisdiction ${n} type`, `not a 2-digit type: ${JSON.stringify(type)}`);
      districts.push({ source, code: code.toUpperCase(), type });
    }
    const common = {
      line,
      from: isoDate(begin),
      to: OPEN_ENDED.has(end) ? null : isoDate(end),
      stateFips: fips,
      county,
      place: place.toUpperCase(),
      ser: f[21]!,
      districts,
    };
    const zip5 = (field: string, value: string): string => (/^\d{5}$/.test(value) ? value : fail(field, `not a 5-digit ZIP: ${JSON.stringify(value)}`));
    // Extensions are written without their leading zeros in some files ('1' for 0001).
    const ext = (field: string, value: string): string =>
      /^\d{1,4}$/.test(value) ? value.padStart(4, '0') : fail(field, `not a ZIP+4 extension: ${JSON.stringify(value)}`);
    if (kind === 'Z') {
      const low = zip5('low ZIP', f[17]!);
      const high = f[19] === '' ? low : zip5('high ZIP', f[19]!);
      if (high < low) fail('high ZIP', `${high} is below the low ZIP ${low}`);
      records.push({ kind, ...common, low, high });
    } else if (kind === '4') {
      const low = zip5('low ZIP', f[17]!) + ext('low ZIP extension', f[18]!);
      const high = zip5('high ZIP', f[19]!) + ext('high ZIP extension', f[20]!);
      if (high < low) fail('high ZIP+4', `${high} is below the low ZIP+4 ${low}`);
      records.push({ kind, ...common, low, high });
    } else {
      const parity = f[5]!.toUpperCase();
      if (!['O', 'E', 'B'].includes(parity)) fail('odd/even indicator', `O, E or B expected, found ${JSON.stringify(f[5])}`);
      records.push({
        kind,
        ...common,
        fromNumber: f[3]!,
        toNumber: f[4]!,
        parity,
        street: [f[6], f[7], f[8], f[9]]
          .filter((p) => p !== '')
          .join(' ')
          .toUpperCase(),
        city: f[14]!.toUpperCase(),
        zip: zip5('ZIP', f[15]!),
        plus4: f[16] === '' ? '' : ext('plus 4', f[16]!),
      });
    }
  }
  if (stateFips === undefined) throw new SstFormatError(base, 0, 'file', 'no rows');
  return { file: base, ...name, stateFips, records };
}

/** The records in force on `date` (ISO). */
export const sstBoundariesOn = (file: SstBoundaryFile, date: string): SstBoundaryRecord[] =>
  file.records.filter((r) => r.from <= date && (r.to === null || date <= r.to));
