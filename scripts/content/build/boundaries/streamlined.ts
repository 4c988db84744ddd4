// A Streamlined state's ZIP+4 ranges: the '4' records of its boundary file in force on the date,
// composed from the state's rate file as the ZIP rows are (scripts/content/build/sst-compose.ts); a
// range naming a code the rate file lacks is left out.
import type { SstBoundaryFile } from '../../readers/sst-boundaries';
import { type SstRateFile, sstRatesOn } from '../../readers/sst-rates';
import { composeRecord } from '../sst-compose';
import { type BoundaryStep, same } from './record';

export function streamlinedZip4({ record, from, out, add }: BoundaryStep): void {
  for (const b of record.of('sst-boundaries')) {
    const boundaries = record.read<SstBoundaryFile>(b, from).parsed;
    if (out[boundaries.state]) continue;
    const r = record.of('sst-rates').find((name) => new RegExp(`^${boundaries.state}R`, 'i').test(name));
    if (!r) continue;
    const rates = record.read<SstRateFile>(r, from).parsed;
    const inForce = sstRatesOn(rates, from);
    const rows: string[] = [];
    for (const rec of boundaries.records) {
      if (rec.kind !== '4' || rec.from > from || (rec.to !== null && from > rec.to)) continue;
      const { parts, missing } = composeRecord(rec, rates, inForce);
      if (missing.length) continue;
      const name = [rec.county && `COUNTY ${rec.county}`, rec.place && `PLACE ${rec.place}`, ...rec.districts.map((d) => `${d.type}:${d.code}`)]
        .filter(Boolean)
        .join(' · ');
      const region = add(parts, name || boundaries.state, same(`Streamlined Sales Tax, ${r} and ${b} line ${rec.line}`));
      rows.push(rec.low + rec.high + region.toString(36).padStart(3, '0'));
    }
    rows.sort();
    if (rows.length) out[boundaries.state] = { from, areas: [], zip4: rows.join('') };
  }
}
