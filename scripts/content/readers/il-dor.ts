// Readers of the Illinois Department of Revenue's rate files (tax.illinois.gov, "Tax Rate Database"):
// ordmache (every county's and municipality's sales-tax rates; ordmache-current.txt) and grocerymache
// (every county's and municipality's local grocery tax; grocerymache-current.txt). Both are fixed
// width, one record a line, rates as five digits of thousandths of a percent (07750 = 7.750 %), dates
// YYYYMMDD (99991231 = open). Each record holds the current period, open from its start date, and
// the period before it with its start and end. 0-based columns:
// - ordmache, 211 characters: 0-10 location id, 10-35 name, 35-60 county, 60 address over-ride flag
//   (Y: the rate varies by address inside the jurisdiction), 61-69 current start, then three rate
//   groups of 21 characters (high general merchandise, high qualifying food/drugs, low general
//   merchandise, low food/drugs, each 5 digits, and a flag), 132-140 prior start, 140-148 prior end,
//   and the prior period's three groups. The first group is the jurisdiction's sales (ROT) rates.
// - grocerymache, 106 characters (IDOR file guide IDR-1028): 0-10 location id, 10-35 name, 35-60
//   county, 60-68 current start, 68-73 grocery high, 73-78 grocery low, 78 over-ride flag, 79-87
//   prior start, 87-95 prior end, 95-100 prior high, 100-105 prior low, 105 prior flag.
// Records naming no county are other states (for use-tax lookups): kept, with county ''.
// Sources of the layout: data/README.md §15.
import { baseName, FormatError, withoutBom } from '../files/format-error';
import { isoDate, OPEN_ENDED, validDate } from './sst-rates';

export interface IdorRateGroup {
  readonly high: number;
  readonly low: number;
  readonly highFood: number;
  readonly lowFood: number;
  readonly flag: string;
}

export interface IdorPeriod<G> {
  readonly from: string;
  readonly to: string | null;
  readonly groups: readonly G[];
}

export interface IdorRecord<G> {
  readonly line: number;
  readonly locationId: string;
  readonly name: string;
  readonly county: string;
  /** Y: the rate varies by address inside the jurisdiction. */
  readonly override: boolean;
  readonly current: IdorPeriod<G>;
  readonly prior: IdorPeriod<G> | null;
}

export interface GroceryGroup {
  readonly high: number;
  readonly low: number;
  readonly flag: string;
}

export interface IdorFile<G> {
  readonly file: string;
  readonly records: readonly IdorRecord<G>[];
}

function reader<G>(
  width: number,
  minimum: number,
  layout: { override: number | null; currentStart: number; priorStart: number; groups: (f: Field, at: 'current' | 'prior') => G[] },
) {
  return (text: string, file: string): IdorFile<G> => {
    const base = baseName(file);
    const records: IdorRecord<G>[] = [];
    const lines = withoutBom(text).split(/\r?\n/);
    for (let i = 0; i < lines.length; i++) {
      const raw = lines[i]!;
      if (raw.trim() === '') continue;
      const line = i + 1;
      if (raw.length < minimum) throw new FormatError(base, line, 'record', `${width} characters expected, found ${raw.length}`);
      const f = new Field(raw.padEnd(width), base, line);
      const locationId = f.text(0, 10, 'location id');
      if (!/^\d{3}-\d{4}-\d$/.test(locationId)) f.fail('location id', `not a location id (000-0000-0): ${JSON.stringify(locationId)}`);
      const flag = layout.override === null ? '' : f.text(layout.override, layout.override + 1, 'address over-ride flag');
      if (layout.override !== null && !['Y', 'N', ''].includes(flag)) f.fail('address over-ride flag', `Y or N expected, found ${JSON.stringify(flag)}`);
      const from = f.date(layout.currentStart, 'current period start');
      const priorFrom = f.text(layout.priorStart, layout.priorStart + 8, 'prior period start');
      const prior =
        priorFrom === ''
          ? null
          : { from: f.date(layout.priorStart, 'prior period start'), to: f.end(layout.priorStart + 8, 'prior period end'), groups: layout.groups(f, 'prior') };
      records.push({
        line,
        locationId,
        name: f.text(10, 35, 'name').toUpperCase(),
        county: f.text(35, 60, 'county').toUpperCase(),
        override: flag === 'Y',
        current: { from, to: null, groups: layout.groups(f, 'current') },
        prior,
      });
    }
    if (records.length === 0) throw new FormatError(base, 0, 'file', 'no records');
    return { file: base, records };
  };
}

class Field {
  constructor(
    readonly raw: string,
    readonly file: string,
    readonly line: number,
  ) {}
  fail(field: string, detail: string): never {
    throw new FormatError(this.file, this.line, field, detail);
  }
  text(from: number, to: number, _field: string): string {
    return this.raw.slice(from, to).trim();
  }
  date(at: number, field: string): string {
    const t = this.raw.slice(at, at + 8);
    if (!validDate(t) || OPEN_ENDED.has(t)) this.fail(field, `not a YYYYMMDD date at column ${at + 1}: ${JSON.stringify(t)}`);
    return isoDate(t);
  }
  end(at: number, field: string): string | null {
    const t = this.raw.slice(at, at + 8);
    if (!validDate(t)) this.fail(field, `not a YYYYMMDD date at column ${at + 1}: ${JSON.stringify(t)}`);
    return OPEN_ENDED.has(t) ? null : isoDate(t);
  }
  /** Five digits of thousandths of a percent, as millionths of the whole (07750 → 77 500). */
  rate(at: number, field: string): number {
    const t = this.raw.slice(at, at + 5);
    if (!/^\d{5}$/.test(t)) this.fail(field, `5 digits expected at column ${at + 1}, found ${JSON.stringify(t)}`);
    return Number(t) * 10;
  }
}

const ORD_GROUP = 21;
export const readOrdmache = reader<IdorRateGroup>(211, 148, {
  override: 60,
  currentStart: 61,
  priorStart: 132,
  groups: (f, at) =>
    [0, 1, 2].map((g) => {
      const start = (at === 'current' ? 69 : 148) + g * ORD_GROUP;
      const label = `${at} period rate group ${g + 1}`;
      // The prior period's groups may be cut off where a tool trimmed trailing blanks: read as padded.
      return {
        high: f.rate(start, `${label} high general merchandise`),
        highFood: f.rate(start + 5, `${label} high food/drugs`),
        low: f.rate(start + 10, `${label} low general merchandise`),
        lowFood: f.rate(start + 15, `${label} low food/drugs`),
        flag: f.text(start + 20, start + 21, `${label} flag`),
      };
    }),
});

export const readGrocerymache = reader<GroceryGroup>(106, 105, {
  override: 78,
  currentStart: 60,
  priorStart: 79,
  groups: (f, at) => {
    const start = at === 'current' ? 68 : 95;
    return [
      {
        high: f.rate(start, `${at} grocery high`),
        low: f.rate(start + 5, `${at} grocery low`),
        flag: f.text(start + 10, start + 11, `${at} over-ride flag`),
      },
    ];
  },
});

/** A record's period in force on `date`, or null when neither covers it. */
export function idorPeriodOn<G>(record: IdorRecord<G>, date: string): IdorPeriod<G> | null {
  if (date >= record.current.from) return record.current;
  const p = record.prior;
  return p && p.from <= date && (p.to === null || date <= p.to) ? p : null;
}
