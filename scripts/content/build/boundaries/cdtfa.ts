// CDTFA's tax areas in force on the date (cdtfa_tax_areas.geojson): the state's base split (its
// module's, data/README.md §7) and the rest of the area's rate as districts. An area below the base
// is left out.
import { type CdtfaArea, cdtfaAreasOn } from '../../readers/cdtfa';
import { type BoundaryStep, polygonsOf, same } from './record';

export function cdtfaTaxAreas({ record, from, out, add, bases }: BoundaryStep): void {
  const [file] = record.of('ca-areas');
  if (!file) return;
  const read = record.read<{ areas: CdtfaArea[] }>(file, from);
  if (out[read.state]) return;
  const base = bases.get(read.state);
  if (!base) throw new Error(`${file}: no base split of ${read.state} to compose its tax areas on`);
  const total = base.state + base.county + base.city;
  const areas = cdtfaAreasOn(read.parsed.areas, from)
    .filter((a) => a.rate >= total)
    .map((a) => {
      const label = `CDTFA tax area ${a.name} (${a.county}) from ${a.from}, ${file}`;
      return { region: add({ ...base, special: a.rate - total }, a.name, same(label)), polygons: polygonsOf(a.feature) };
    });
  if (areas.length) out[read.state] = { from, areas, zip4: '' };
}
