// A reader of the Streamlined Sales Tax rate files, as the member states publish them
// (streamlinedsalestax.org "Rates and Boundaries", one file per state and quarter, e.g.
// GAR2026Q2FEB19.csv). The layout is the SST rate database table's: no header, nine fields a row —
// state FIPS, jurisdiction type (45 state, 00 county, 01 municipality, 63 special district; a state
// may use others), jurisdiction FIPS code, general rate intrastate and interstate, food/drug rate
// intrastate and interstate, effective begin and end date (YYYYMMDD; 29991231 or 99991231 = open).
// A file keeps every period still on record, so it answers for any date it covers. Sources of the
// layout: data/README.md §12. The reader knows the format only; joining codes to places is the
// caller's (the boundary files, data/README.md §15, or a ZIP-to-county link).
import { toMicro } from '../files/csv';
import { FormatError, withoutBom } from '../files/format-error';

export interface SstRate {
  readonly intrastate: number;
  readonly interstate: number;
}

/** One row: a jurisdiction's rates for one period (rates in millionths, dates ISO). */
export interface SstRateRecord {
  /** 1-based line of the file, for messages. */
  readonly line: number;
  readonly type: string;
  readonly code: string;
  readonly general: SstRate;
  readonly foodDrug: SstRate;
  readonly from: string;
  /** Last day in force; null when open-ended. */
  readonly to: string | null;
}

/** What a Streamlined rate or boundary file says of itself: its name and the state, quarter and date it carries. */
export interface SstFileHeader {
  readonly file: string;
  /** USPS code of the publishing state, from the file name. */
  readonly state: string;
  readonly stateFips: string;
  readonly year: number;
  readonly quarter: number;
  /** The publication date the file name carries (month and day; the year the quarter implies). */
  readonly published: string;
}

export interface SstRateFile extends SstFileHeader {
  readonly records: readonly SstRateRecord[];
  /**
   * Periods of one jurisdiction that overlap (published files have them: Wisconsin's Menominee
   * County ends a period on 2020-03-31 and begins the next that day). On the shared days the period
   * that begins later is in force; each overlap is named here.
   */
  readonly warnings: readonly string[];
}

export const SST_JURISDICTION_TYPES: Readonly<Record<string, string>> = { '45': 'state', '00': 'county', '01': 'municipality', '63': 'special district' };

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
// The day is one or two digits: most files pad it, a few do not (WYR2026Q2APR1.csv).
const NAME = /^([A-Z]{2})([RB])(\d{4})Q([1-4])([A-Z]{3})(\d{1,2})\.(csv|txt)$/i;
export const OPEN_ENDED = new Set(['29991231', '99991231']);

/** A Streamlined file that cannot be read (the readers' common FormatError, kept under its old name). */
export class SstFormatError extends FormatError {}

/** The parts of a rate file's name: `<ST>R<YYYY>Q<q><MON><DD>.csv`. */
export function parseSstRateFileName(file: string): Pick<SstRateFile, 'state' | 'year' | 'quarter' | 'published'> {
  return parseSstFileName(file, 'R');
}

/** The parts of a Streamlined file's name: `<ST><R|B><YYYY>Q<q><MON><D or DD>.csv` (R rates, B boundaries). */
export function parseSstFileName(file: string, kind: 'R' | 'B'): Pick<SstRateFile, 'state' | 'year' | 'quarter' | 'published'> {
  const base = file.split(/[\\/]/).at(-1)!;
  const m = NAME.exec(base);
  const what = kind === 'R' ? 'rate' : 'boundary';
  if (!m || m[2]!.toUpperCase() !== kind)
    throw new SstFormatError(base, 0, 'file name', `not a Streamlined ${what} file name (<ST>${kind}<YYYY>Q<q><MON><DD>.csv)`);
  const [, state, , yearText, quarterText, monthText, dayText] = m;
  const day = dayText!.padStart(2, '0');
  const month = MONTHS.indexOf(monthText!.toUpperCase());
  if (month < 0) throw new SstFormatError(base, 0, 'file name', `unknown month ${monthText}`);
  const year = Number(yearText);
  const quarter = Number(quarterText);
  // A quarter's file is published in the months before it or, corrected, during it: a month after
  // the quarter's end belongs to the year before (a first-quarter file of November).
  const publishedYear = month + 1 >= (quarter - 1) * 3 + 4 ? year - 1 : year;
  return { state: state!.toUpperCase(), year, quarter, published: `${publishedYear}-${String(month + 1).padStart(2, '0')}-${day}` };
}

export const isoDate = (text: string): string => `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}`;

export function validDate(text: string): boolean {
  if (!/^\d{8}$/.test(text)) return false;
  if (OPEN_ENDED.has(text)) return true;
  const d = new Date(`${isoDate(text)}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === isoDate(text);
}

/** Parses a rate file; refuses it at the first unreadable field, with the file, line and field. */
export function readSstRates(text: string, file: string): SstRateFile {
  const name = parseSstRateFileName(file);
  const base = file.split(/[\\/]/).at(-1)!;
  const records: SstRateRecord[] = [];
  let stateFips: string | undefined;
  const lines = withoutBom(text).split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!.trim();
    if (raw === '') continue;
    const line = i + 1;
    const fields = raw.split(',').map((f) => f.trim());
    if (fields.length !== 9) throw new SstFormatError(base, line, 'row', `9 fields expected, found ${fields.length}`);
    const [fips, type, code, genIntra, genInter, fdIntra, fdInter, begin, end] = fields as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    if (!/^\d{2}$/.test(fips)) throw new SstFormatError(base, line, 'state', `not a 2-digit FIPS code: ${JSON.stringify(fips)}`);
    if (stateFips !== undefined && fips !== stateFips) throw new SstFormatError(base, line, 'state', `${fips} differs from the file's ${stateFips}`);
    stateFips = fips;
    if (!/^\d{2}$/.test(type)) throw new SstFormatError(base, line, 'jurisdiction type', `not a 2-digit type: ${JSON.stringify(type)}`);
    if (!/^[0-9A-Z]{1,5}$/i.test(code)) throw new SstFormatError(base, line, 'jurisdiction code', `not a code of up to 5 characters: ${JSON.stringify(code)}`);
    const rate = (field: string, value: string): number => {
      try {
        const micro = toMicro(value);
        if (micro > 1_000_000) throw new Error('above 100 %');
        return micro;
      } catch (e) {
        throw new SstFormatError(base, line, field, `not a rate: ${JSON.stringify(value)} (${(e as Error).message})`);
      }
    };
    const general = { intrastate: rate('general rate intrastate', genIntra), interstate: rate('general rate interstate', genInter) };
    const foodDrug = { intrastate: rate('food/drug rate intrastate', fdIntra), interstate: rate('food/drug rate interstate', fdInter) };
    if (!validDate(begin) || OPEN_ENDED.has(begin))
      throw new SstFormatError(base, line, 'effective begin date', `not a YYYYMMDD date: ${JSON.stringify(begin)}`);
    if (!validDate(end)) throw new SstFormatError(base, line, 'effective end date', `not a YYYYMMDD date: ${JSON.stringify(end)}`);
    if (end < begin) throw new SstFormatError(base, line, 'effective end date', `${end} is before the begin date ${begin}`);
    records.push({ line, type, code: code.toUpperCase(), general, foodDrug, from: isoDate(begin), to: OPEN_ENDED.has(end) ? null : isoDate(end) });
  }
  if (stateFips === undefined) throw new SstFormatError(base, 0, 'file', 'no rows');
  const byJurisdiction = new Map<string, SstRateRecord[]>();
  for (const r of records) {
    const key = `${r.type}:${r.code}`;
    const periods = byJurisdiction.get(key);
    if (periods) periods.push(r);
    else byJurisdiction.set(key, [r]);
  }
  const warnings: string[] = [];
  for (const periods of byJurisdiction.values()) {
    const sorted = [...periods].sort((a, b) => a.from.localeCompare(b.from));
    for (let i = 1; i < sorted.length; i++) {
      const before = sorted[i - 1]!;
      const r = sorted[i]!;
      if (before.from === r.from)
        throw new SstFormatError(
          base,
          r.line,
          'effective begin date',
          `type ${r.type} code ${r.code} begins on the same day as its period of line ${before.line}`,
        );
      if (before.to === null || before.to >= r.from)
        warnings.push(
          `${base}:${r.line}: type ${r.type} code ${r.code} begins on ${r.from}, inside its period of line ${before.line}; it is in force from then`,
        );
    }
  }
  return { file: base, ...name, stateFips, records, warnings };
}

/**
 * Each jurisdiction's record in force on `date` (ISO), keyed `<type>:<code>`; where two periods
 * cover the date, the one that begins later.
 */
export function sstRatesOn(file: SstRateFile, date: string): Map<string, SstRateRecord> {
  const out = new Map<string, SstRateRecord>();
  for (const r of file.records) {
    if (r.from > date || (r.to !== null && date > r.to)) continue;
    const key = `${r.type}:${r.code}`;
    const held = out.get(key);
    if (held === undefined || held.from < r.from) out.set(key, r);
  }
  return out;
}
