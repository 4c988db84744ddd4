// The publishers' bulk files the refresh (npm run content:refresh) knows: how each is recognised by
// its file name, where its current copy is published, and which reader of scripts/content/readers/ reads it.
// Where a publisher names its files by date, the current one is found by following the links of
// the page that lists them (the newest on or before the refresh's date); where it keeps one name,
// that address is fetched. Facts about each format and address: data/README.md §15.
import { readAzRates } from './readers/az-dor';
import { readCdtfaAreas } from './readers/cdtfa';
import { readGrocerymache, readOrdmache } from './readers/il-dor';
import { readSstBoundaries } from './readers/sst-boundaries';
import { readSstRates } from './readers/sst-rates';
import { readTxRates } from './readers/tx-comptroller';
import { readWaBoundaries, readWaRates } from './readers/wa-dor';

export type SourceId = 'sst-rates' | 'sst-boundaries' | 'tx-rates' | 'il-rates' | 'il-grocery' | 'az-rates' | 'wa-rates' | 'wa-boundaries' | 'ca-areas';

/**
 * Where the current file is: one address, or a page whose links (`link`, the address in group 1)
 * name dated files: the one of the greatest `key` is taken (per state where `state` is given;
 * only keys on or before the refresh's date where `dated`, the key then being an ISO date).
 */
export type Location =
  | { readonly url: string; readonly file: string }
  | {
      readonly page: string;
      readonly link: RegExp;
      readonly key: (m: RegExpExecArray) => string;
      readonly state?: (m: RegExpExecArray) => string;
      readonly dated?: boolean;
      /**
       * The first day of the period a link's file is for (ISO), which tells a late publisher: the
       * key itself where `dated`.
       */
      readonly period?: (m: RegExpExecArray) => string;
    };

export interface OfficialSource {
  readonly id: SourceId;
  readonly publisher: string;
  readonly format: string;
  /** The publisher's file name (of the table itself: a ZIP archive holding it is opened first). */
  readonly name: RegExp;
  readonly location: Location | null;
  /** The rates the file states are the total in force at a place (state and local), not one jurisdiction's. */
  readonly totals?: boolean;
  /**
   * Reads the file (refusing it with a FormatError); returns the file's state, its date (its
   * publication or effective date; for a file of dated rows, the newest on or before `on`) and its
   * record count.
   */
  readonly read: (text: string, file: string, on: string) => { state: string; date: string; records: number; parsed: unknown };
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const pad = (n: number | string) => String(n).padStart(2, '0');
/**
 * A Streamlined file name's sortable key: year, quarter, then its publication month and day. The
 * newest is taken whatever its quarter: a file published ahead of its quarter keeps the periods
 * in force now and dates the coming ones.
 */
const sstKey = (m: RegExpExecArray) => `${m[3]}Q${m[4]}-${pad(MONTHS.indexOf(m[5]!.toUpperCase()) + 1)}${pad(m[6]!)}`;
const sstPeriod = (m: RegExpExecArray) => `${m[3]}-${pad((Number(m[4]) - 1) * 3 + 1)}-01`;
const SST_LINK = (kind: 'R' | 'B') => new RegExp(`href="([^"]*?([A-Z]{2})${kind}(\\d{4})Q([1-4])([A-Z]{3})(\\d{1,2})\\.(?:zip|csv))"`, 'gi');

export const OFFICIAL_SOURCES: readonly OfficialSource[] = [
  {
    id: 'sst-rates',
    publisher: 'Streamlined Sales Tax Governing Board',
    format: 'SST rate file (<ST>R<YYYY>Q<q><MON><DD>)',
    name: /^[A-Z]{2}R\d{4}Q[1-4][A-Z]{3}\d{1,2}\.csv$/i,
    location: {
      page: 'https://www.streamlinedsalestax.org/ratesandboundry/Rates/',
      link: SST_LINK('R'),
      key: sstKey,
      period: sstPeriod,
      state: (m) => m[2]!.toUpperCase(),
    },
    read: (text, file) => {
      const f = readSstRates(text, file);
      return { state: f.state, date: f.published, records: f.records.length, parsed: f };
    },
  },
  {
    id: 'sst-boundaries',
    publisher: 'Streamlined Sales Tax Governing Board',
    format: 'SST boundary file (<ST>B<YYYY>Q<q><MON><DD>)',
    name: /^[A-Z]{2}B\d{4}Q[1-4][A-Z]{3}\d{1,2}\.csv$/i,
    location: {
      page: 'https://www.streamlinedsalestax.org/ratesandboundry/Boundary/',
      link: SST_LINK('B'),
      key: sstKey,
      period: sstPeriod,
      state: (m) => m[2]!.toUpperCase(),
    },
    read: (text, file) => {
      const f = readSstBoundaries(text, file);
      return { state: f.state, date: f.published, records: f.records.length, parsed: f };
    },
  },
  {
    id: 'tx-rates',
    publisher: 'Texas Comptroller of Public Accounts',
    format: 'taxrates.txt (tab-separated local rates)',
    name: /^taxrates\.txt$/i,
    location: { url: 'https://comptroller.texas.gov/data/edi/sales-tax/taxrates.txt', file: 'taxrates.txt' },
    read: (text, file) => {
      const f = readTxRates(text, file);
      return { state: 'TX', date: `${f.year}-${pad((f.quarter - 1) * 3 + 1)}-01`, records: f.rows.length, parsed: f };
    },
  },
  {
    id: 'il-rates',
    totals: true,
    publisher: 'Illinois Department of Revenue',
    format: 'ordmache (fixed-width sales-tax rates)',
    name: /^ordmache.*\.txt$/i,
    location: {
      url: 'https://tax.illinois.gov/content/dam/soi/en/web/tax/research/taxrates/documents/salestaxrates/ordmache-current.txt',
      file: 'ordmache-current.txt',
    },
    read: (text, file) => {
      const f = readOrdmache(text, file);
      return { state: 'IL', date: f.records.reduce((d, r) => (r.current.from > d ? r.current.from : d), ''), records: f.records.length, parsed: f };
    },
  },
  {
    id: 'il-grocery',
    publisher: 'Illinois Department of Revenue',
    format: 'grocerymache (fixed-width local grocery tax)',
    name: /^grocerymache.*\.txt$/i,
    location: {
      url: 'https://tax.illinois.gov/content/dam/soi/en/web/tax/research/taxrates/documents/salestaxrates/grocerymache-current.txt',
      file: 'grocerymache-current.txt',
    },
    read: (text, file) => {
      const f = readGrocerymache(text, file);
      return { state: 'IL', date: f.records.reduce((d, r) => (r.current.from > d ? r.current.from : d), ''), records: f.records.length, parsed: f };
    },
  },
  {
    id: 'az-rates',
    publisher: 'Arizona Department of Revenue',
    format: 'TPT rate table (TPT_RATETABLE_ALL_<MMDDYYYY>.csv)',
    name: /^TPT_RATETABLE_ALL_\d{8}\.csv$/i,
    location: {
      page: 'https://azdor.gov/business/transaction-privilege-tax/tax-rate-table',
      link: /href="([^"]*?TPT_RATETABLE_ALL_(\d{2})(\d{2})(\d{4})\.csv)"/gi,
      key: (m) => `${m[4]}-${m[2]}-${m[3]}`,
      dated: true,
    },
    read: (text, file) => {
      const f = readAzRates(text, file);
      return { state: 'AZ', date: f.effective, records: f.rates.length, parsed: f };
    },
  },
  {
    id: 'wa-rates',
    totals: true,
    publisher: 'Washington State Department of Revenue',
    format: 'rate table (Rates_<YY>Q<q>, CSV)',
    name: /^Rates_\d{2}Q[1-4].*\.csv$/i,
    location: {
      page: 'https://dor.wa.gov/taxes-rates/sales-and-use-tax-rates/downloadable-database',
      link: /href="([^"]*?Rates_(\d{2})Q([1-4])(?:_\d+)?\.(?:zip|csv))"/gi,
      key: (m) => `20${m[2]}-${pad((Number(m[3]) - 1) * 3 + 1)}-01`,
      dated: true,
    },
    read: (text, file) => {
      const f = readWaRates(text, file);
      return { state: 'WA', date: f.rates.reduce((d, r) => (r.from > d ? r.from : d), ''), records: f.rates.length, parsed: f };
    },
  },
  {
    // The DOR ships the boundaries as a shapefile (LOCCODE_Public_<YY>Q<q>.zip); converted to GeoJSON
    // (ogr2ogr -t_srs EPSG:4326, or mapshaper) it is given with --from-dir.
    id: 'wa-boundaries',
    publisher: 'Washington State Department of Revenue',
    format: 'location-code boundaries (LOCCODE_Public_<YY>Q<q>, GeoJSON)',
    name: /^LOCCODE_Public_\d{2}Q[1-4].*\.geojson$/i,
    location: null,
    read: (text, file) => {
      const f = readWaBoundaries(text, file);
      const q = /_(\d{2})Q([1-4])/.exec(file)!;
      return { state: 'WA', date: `20${q[1]}-${pad((Number(q[2]) - 1) * 3 + 1)}-01`, records: f.areas.length, parsed: f };
    },
  },
  {
    id: 'ca-areas',
    totals: true,
    publisher: 'California Department of Tax and Fee Administration',
    format: 'tax-area boundaries (GeoJSON export of the sales and use tax rates layer)',
    name: /^cdtfa_tax_areas\.geojson$/i,
    location: { url: 'https://gis.data.ca.gov/api/download/v1/items/01883a79765a4afba132ba54da408d8b/geojson?layers=1', file: 'cdtfa_tax_areas.geojson' },
    read: (text, file, on) => {
      const f = readCdtfaAreas(text, file);
      return { state: 'CA', date: f.areas.reduce((d, a) => (a.from > d && a.from <= on ? a.from : d), ''), records: f.areas.length, parsed: f };
    },
  },
];

export const sourceOf = (file: string): OfficialSource | undefined => OFFICIAL_SOURCES.find((s) => s.name.test(file));
