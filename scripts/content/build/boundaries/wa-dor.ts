// Washington DOR's location-code polygons (LOCCODE_Public_<YY>Q<q>.geojson) with the rates of the
// DOR's table (Rates_<YY>Q<q>) in force on the date, joined by code: the local rate less the RTA
// share as the city part (the area's local taxes together), the RTA share as special.
import type { WaArea, WaRate } from '../../readers/wa-dor';
import { type BoundaryStep, polygonsOf, same } from './record';

export function waDorLocationCodes({ record, from, out, add }: BoundaryStep): void {
  const [loccode] = record.of('wa-boundaries');
  const [ratesFile] = record.of('wa-rates');
  if (!loccode || !ratesFile) return;
  const boundaries = record.read<{ areas: WaArea[] }>(loccode, from);
  if (out[boundaries.state]) return;
  const rates = record.read<{ rates: WaRate[] }>(ratesFile, from).parsed.rates.filter((r) => r.from <= from && from <= r.to);
  const byCode = new Map(rates.map((r) => [r.code, r]));
  const areas = boundaries.parsed.areas.flatMap(({ code, feature }) => {
    const r = byCode.get(code);
    if (!r) return []; // a code without a rate row on the date: no rate to give it
    const label = `Washington DOR ${ratesFile} and ${loccode}, location code ${code}`;
    return [{ region: add({ state: r.state, county: 0, city: r.local - r.rta, special: r.rta }, r.name, same(label)), polygons: polygonsOf(feature) }];
  });
  if (areas.length) out[boundaries.state] = { from, areas, zip4: '' };
}
