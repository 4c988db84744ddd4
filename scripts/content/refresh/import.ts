// Every table of the obtained files read by its publisher's reader before anything is written (the
// first that cannot be read refuses the refresh with its FormatError), and every rate they state as
// rows for review (data/README.md §15).
import { decimalText } from '../files/csv-write';
import type { AzRateTable } from '../readers/az-dor';
import type { CdtfaArea } from '../readers/cdtfa';
import type { GroceryGroup, IdorFile, IdorRateGroup } from '../readers/il-dor';
import type { SstRateFile } from '../readers/sst-rates';
import type { TxRateFile } from '../readers/tx-comptroller';
import type { WaRate } from '../readers/wa-dor';
import type { OfficialSource } from '../sources';
import type { Obtained } from './obtain';

export interface Imported {
  readonly obtained: Obtained;
  readonly table: string;
  readonly source: OfficialSource;
  readonly state: string;
  readonly date: string;
  readonly records: number;
  readonly parsed: unknown;
}

/** Reads every table; the first that cannot be read throws its FormatError. */
export function importAll(obtained: readonly Obtained[], on: string): Imported[] {
  return obtained.flatMap((o) => o.tables.map((t) => ({ obtained: o, table: t.name, source: t.source, ...t.source.read(t.text, t.name, on) })));
}

/** A rate a file states (in millionths), with where it stands. */
export interface StatedRate {
  readonly imported: Imported;
  readonly line: number;
  readonly kind: string;
  readonly code: string;
  readonly name: string;
  readonly county: string;
  readonly rate: number;
  readonly food: number | null;
  readonly from: string;
  readonly to: string | null;
}

/** Every rate the imported files state, as rows for review (data/README.md §15). */
export function jurisdictionRows(imported: readonly Imported[]): string[][] {
  return statedRates(imported).map((r) => [
    r.imported.state,
    r.imported.table,
    String(r.line),
    r.kind,
    r.code,
    r.name,
    r.county,
    decimalText(r.rate),
    r.food === null ? '' : decimalText(r.food),
    r.from,
    r.to ?? '',
  ]);
}

/** Every rate the imported files state: one per jurisdiction and period. */
export function statedRates(imported: readonly Imported[]): StatedRate[] {
  const rows: StatedRate[] = [];
  const add = (
    i: Imported,
    line: number,
    kind: string,
    code: string,
    name: string,
    county: string,
    rate: number,
    food: number | null,
    from: string,
    to: string | null,
  ) => rows.push({ imported: i, line, kind, code, name, county, rate, food, from, to });
  for (const i of imported) {
    switch (i.source.id) {
      case 'sst-rates':
        for (const r of (i.parsed as SstRateFile).records)
          add(i, r.line, `sst type ${r.type}`, r.code, '', '', r.general.intrastate, r.foodDrug.intrastate, r.from, r.to);
        break;
      case 'tx-rates': {
        const seen = new Set<string>();
        for (const r of (i.parsed as TxRateFile).rows)
          for (const [kind, a] of [['city', r.city], ['county', r.county], ...r.districts.map((d) => ['special district', d] as const)] as const)
            if (a && !seen.has(a.code)) {
              seen.add(a.code);
              add(i, r.line, kind, a.code, a.name, '', a.rate, null, '', null);
            }
        break;
      }
      case 'il-rates':
        for (const r of (i.parsed as IdorFile<IdorRateGroup>).records)
          for (const p of [r.current, r.prior])
            if (p)
              add(
                i,
                r.line,
                r.override ? 'varies by address' : 'jurisdiction',
                r.locationId,
                r.name,
                r.county,
                p.groups[0]!.low,
                p.groups[0]!.lowFood,
                p.from,
                p.to,
              );
        break;
      case 'il-grocery':
        for (const r of (i.parsed as IdorFile<GroceryGroup>).records)
          for (const p of [r.current, r.prior])
            if (p) add(i, r.line, 'local grocery (low)', r.locationId, r.name, r.county, p.groups[0]!.low, null, p.from, p.to);
        break;
      case 'az-rates':
        for (const r of (i.parsed as AzRateTable).rates)
          add(i, r.line, `business class ${r.businessCode}`, r.region, r.regionName, '', r.rate, null, r.from, r.to);
        break;
      case 'wa-rates':
        for (const r of (i.parsed as { rates: WaRate[] }).rates) add(i, r.line, 'location code', r.code, r.name, '', r.rate, null, r.from, r.to);
        break;
      case 'ca-areas':
        for (const a of (i.parsed as { areas: CdtfaArea[] }).areas)
          add(i, a.feature.index, a.city === '' ? 'unincorporated' : 'city', '', a.name, a.county, a.rate, null, a.from, null);
        break;
      default: // boundary files state no rate
    }
  }
  return rows;
}
