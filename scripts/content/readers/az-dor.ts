// A reader of the Arizona Department of Revenue's transaction privilege tax rate table
// (azdor.gov "Tax Rate Table", one file a month: TPT_RATETABLE_ALL_<MMDDYYYY>.csv, the date the
// table takes effect). CSV with a header, UTF-8 with a byte-order mark: RegionCode (the county's or
// city's code: MAR Maricopa County, PE Peoria…), RegionName, BusinessCode (the TPT business class,
// 017 retail), BusinessCodesName, TaxRate (a percentage: 6.1 = 6.1 %), TaxRateType ("Percent"),
// RateStartDate and RateEndDate (M/D/YYYY H:MM; 12/31/9999 = open). Sources of the layout:
// data/README.md §15.
import { baseName, csvWithColumns, FormatError } from '../files/format-error';
import { isoFrom, percentMicro } from '../files/rate-text';

export interface AzRate {
  readonly line: number;
  readonly region: string;
  readonly regionName: string;
  readonly businessCode: string;
  readonly businessName: string;
  /** Millionths of the whole. */
  readonly rate: number;
  readonly from: string;
  readonly to: string | null;
}

export interface AzRateTable {
  readonly file: string;
  /** The date the file name carries. */
  readonly effective: string;
  readonly rates: readonly AzRate[];
}

const NAME = /^TPT_RATETABLE_ALL_(\d{2})(\d{2})(\d{4})\.csv$/i;
const COLUMNS = ['RegionCode', 'RegionName', 'BusinessCode', 'BusinessCodesName', 'TaxRate', 'TaxRateType', 'RateStartDate', 'RateEndDate'] as const;

export function readAzRates(text: string, file: string): AzRateTable {
  const base = baseName(file);
  const m = NAME.exec(base);
  const effective = m ? isoFrom(Number(m[3]), Number(m[1]), Number(m[2])) : null;
  if (!effective) throw new FormatError(base, 0, 'file name', 'not an ADOR rate table name (TPT_RATETABLE_ALL_<MMDDYYYY>.csv)');
  const rates: AzRate[] = [];
  csvWithColumns(text, base, COLUMNS).forEach((r, i) => {
    const line = i + 2;
    const fail = (field: string, detail: string): never => {
      throw new FormatError(base, line, field, detail);
    };
    const region = r.RegionCode.trim().toUpperCase();
    if (!/^[A-Z0-9]{2,4}$/.test(region)) fail('RegionCode', `not a region code: ${JSON.stringify(r.RegionCode)}`);
    const businessCode = r.BusinessCode.trim();
    if (!/^\d{3}$/.test(businessCode)) fail('BusinessCode', `not a 3-digit business class: ${JSON.stringify(r.BusinessCode)}`);
    if (r.TaxRateType.trim() !== 'Percent') fail('TaxRateType', `only Percent rates are read, found ${JSON.stringify(r.TaxRateType)}`);
    const rate = percentMicro(r.TaxRate);
    if (rate === null) fail('TaxRate', `not a percentage: ${JSON.stringify(r.TaxRate)}`);
    const date = (field: 'RateStartDate' | 'RateEndDate'): string => {
      const d = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?: \d{1,2}:\d{2}(?::\d{2})?(?: [AP]M)?)?$/.exec(r[field].trim());
      const iso = d ? isoFrom(Number(d[3]), Number(d[1]), Number(d[2])) : null;
      return iso ?? fail(field, `not an M/D/YYYY date: ${JSON.stringify(r[field])}`);
    };
    const from = date('RateStartDate');
    const end = date('RateEndDate');
    if (end < from) fail('RateEndDate', `${end} is before the start ${from}`);
    rates.push({
      line,
      region,
      regionName: r.RegionName.trim().toUpperCase(),
      businessCode,
      businessName: r.BusinessCodesName.trim(),
      rate: rate!,
      from,
      to: end.startsWith('9999') ? null : end,
    });
  });
  if (rates.length === 0) throw new FormatError(base, 0, 'file', 'no rows');
  return { file: base, effective, rates };
}
