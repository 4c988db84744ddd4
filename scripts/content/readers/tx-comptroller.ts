// A reader of the Texas Comptroller's local sales tax rate file, taxrates.txt
// (comptroller.texas.gov/data/edi/sales-tax/taxrates.txt, replaced each quarter). Tab-separated, no
// column header. The first line describes the file: a record number, the period as <year><quarter>
// (20263), a second period field, the quarter's name ("2026 - 3rd"), the state rate, and further
// fields with a notice. Rows whose first field is a number are the filing schedule, not
// jurisdictions. Every other row is one combination of local taxes, twelve fields: the city's name,
// 7-digit taxing-authority code and rate, the county's, and two special-purpose districts' (transit
// authority, crime control, emergency services, development district…); a slot a place lacks holds
// "n/a" and rate 0. Names carry trailing blanks. Sources of the layout: data/README.md §15.
import { baseName, FormatError, withoutBom } from '../files/format-error';
import { fractionMicro } from '../files/rate-text';

export interface TxAuthority {
  readonly name: string;
  /** The Comptroller's 7-digit local taxing-authority code. */
  readonly code: string;
  readonly rate: number;
}

export interface TxRow {
  readonly line: number;
  readonly city: TxAuthority | null;
  readonly county: TxAuthority | null;
  readonly districts: readonly TxAuthority[];
}

export interface TxRateFile {
  readonly file: string;
  /** The period the header names: year and quarter. */
  readonly year: number;
  readonly quarter: number;
  readonly quarterName: string;
  readonly stateRate: number;
  readonly rows: readonly TxRow[];
  /** Filing-schedule rows skipped. */
  readonly scheduleRows: number;
}

export function readTxRates(text: string, file: string): TxRateFile {
  const base = baseName(file);
  const lines = withoutBom(text).split(/\r?\n/);
  const first = lines.findIndex((l) => l.trim() !== '');
  if (first < 0) throw new FormatError(base, 0, 'file', 'no rows');
  const head = lines[first]!.split('\t').map((f) => f.trim());
  const period = /^(\d{4})([1-4])$/.exec(head[1] ?? '');
  if (!period) throw new FormatError(base, first + 1, 'period', `<year><quarter> expected, found ${JSON.stringify(head[1] ?? '')}`);
  const stateRate = fractionMicro(head[4] ?? '');
  if (stateRate === null) throw new FormatError(base, first + 1, 'state rate', `not a rate: ${JSON.stringify(head[4] ?? '')}`);
  const rows: TxRow[] = [];
  let scheduleRows = 0;
  for (let i = first + 1; i < lines.length; i++) {
    const raw = lines[i]!;
    if (raw.trim() === '') continue;
    const line = i + 1;
    const f = raw.split('\t');
    if (/^\d+$/.test(f[0]!.trim())) {
      scheduleRows++;
      continue;
    }
    if (f.length < 12) throw new FormatError(base, line, 'row', `12 tab-separated fields expected, found ${f.length}`);
    const slot = (label: string, at: number): TxAuthority | null => {
      const name = f[at]!.trim().replace(/\s+/g, ' ');
      const code = f[at + 1]!.trim();
      const rateText = f[at + 2]!.trim();
      const rate = fractionMicro(rateText);
      if (rate === null) throw new FormatError(base, line, `${label} rate`, `not a rate: ${JSON.stringify(rateText)}`);
      if (code.toLowerCase() === 'n/a') {
        if (rate !== 0) throw new FormatError(base, line, `${label} rate`, `${rateText} without a taxing authority`);
        return null;
      }
      if (!/^\d{7}$/.test(code)) throw new FormatError(base, line, `${label} code`, `a 7-digit code or n/a expected, found ${JSON.stringify(code)}`);
      if (name === '' || name.toLowerCase() === 'n/a') throw new FormatError(base, line, `${label} name`, 'empty');
      return { name: name.toUpperCase(), code, rate };
    };
    const city = slot('city', 0);
    const county = slot('county', 3);
    const districts = [slot('first special district', 6), slot('second special district', 9)].filter((d): d is TxAuthority => d !== null);
    rows.push({ line, city, county, districts });
  }
  if (rows.length === 0) throw new FormatError(base, 0, 'file', 'no jurisdiction rows');
  return { file: base, year: Number(period[1]), quarter: Number(period[2]), quarterName: head[3] ?? '', stateRate, rows, scheduleRows };
}
