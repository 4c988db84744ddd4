// The official boundaries of the content (artifact `boundaries`, read by
// functions/core/content/boundaries.ts): for each state, from the newest content version whose
// record (data/versions/<date>/official/, written by npm run content:refresh) holds its boundary
// files, in force from that version's date:
// - Washington: the DOR's location-code polygons (LOCCODE_Public_<YY>Q<q>.geojson) with the rates of
//   the DOR's table (Rates_<YY>Q<q>) in force on the date, joined by code: the local rate less the
//   RTA share as the city part (the area's local taxes together), the RTA share as special;
// - California: CDTFA's tax areas in force on the date: CDTFA's statewide base split as the ZIP
//   rows' (state, county, city: data/README.md §7) and the rest of the area's rate as districts;
// - Streamlined states: the '4' (ZIP+4) records in force, composed from the state's rate file as
//   the ZIP rows are (scripts/content/build/sst-compose.ts); a range naming a code the file lacks is left out.
// Polygons are kept to millionths of a degree (about 0.1 m).
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { BoundaryData } from '../../../functions/core/content/boundaries';
import { cdtfaAreasOn, readCdtfaAreas } from '../readers/cdtfa';
import type { Feature } from '../readers/geojson';
import type { Parts, PartSources } from './rate-areas';
import { readSstBoundaries } from '../readers/sst-boundaries';
import { composeRecord } from './sst-compose';
import { readSstRates, sstRatesOn } from '../readers/sst-rates';
import { readWaBoundaries, readWaRates } from '../readers/wa-dor';
import { isZip, readZip } from '../files/zip-archive';

/** Adds a region (rates, name, one source label per part) and returns its index. */
export type AddRegion = (rates: Parts, name: string, sources: PartSources) => number;

/** A ring as the artifact keeps it: millionths of a degree, 32-bit little-endian, base64 (BoundaryData). */
export function encodeRing(ring: ArrayLike<number>): string {
  const bytes = Buffer.alloc(ring.length * 4);
  for (let i = 0; i < ring.length; i++) bytes.writeInt32LE(Math.round(ring[i]! * 1e6), i * 4);
  return bytes.toString('base64');
}
const polygonsOf = (f: Feature) => f.polygons.map((rings) => rings.map(encodeRing));
const same = (label: string): PartSources => ({ state: label, county: label, city: label, special: label });

/** The text of each table in a version's record (ZIP archives opened). */
function tables(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const name of readdirSync(dir).sort()) {
    const bytes = readFileSync(join(dir, name));
    for (const m of isZip(bytes) ? readZip(bytes, name) : [{ name, data: bytes }]) out.set(m.name.split('/').at(-1)!, m.data.toString('utf8'));
  }
  return out;
}

export function officialBoundaries(
  data: string,
  versions: readonly { version: string; from: string }[],
  caBase: Parts,
  addRegion: AddRegion,
): Record<string, BoundaryData> {
  const out: Record<string, BoundaryData> = {};
  for (const v of [...versions].reverse()) {
    const dir = join(data, 'versions', v.version, 'official');
    if (!existsSync(dir)) continue;
    const files = tables(dir);
    const named = (pattern: RegExp) => [...files.keys()].filter((f) => pattern.test(f));

    const [loccode] = named(/^LOCCODE_Public_.*\.geojson$/i);
    const [waRates] = named(/^Rates_\d{2}Q[1-4].*\.csv$/i);
    if (!out.WA && loccode && waRates) {
      const rates = readWaRates(files.get(waRates)!, waRates).rates.filter((r) => r.from <= v.from && v.from <= r.to);
      const byCode = new Map(rates.map((r) => [r.code, r]));
      const areas = readWaBoundaries(files.get(loccode)!, loccode).areas.flatMap(({ code, feature }) => {
        const r = byCode.get(code);
        if (!r) return []; // a code without a rate row on the date: no rate to give it
        const label = `Washington DOR ${waRates} and ${loccode}, location code ${code}`;
        return [
          { region: addRegion({ state: r.state, county: 0, city: r.local - r.rta, special: r.rta }, r.name, same(label)), polygons: polygonsOf(feature) },
        ];
      });
      if (areas.length) out.WA = { from: v.from, areas, zip4: '' };
    }

    const [cdtfa] = named(/^cdtfa_tax_areas\.geojson$/i);
    if (!out.CA && cdtfa) {
      const base = caBase.state + caBase.county + caBase.city;
      const areas = cdtfaAreasOn(readCdtfaAreas(files.get(cdtfa)!, cdtfa).areas, v.from)
        .filter((a) => a.rate >= base)
        .map((a) => {
          const label = `CDTFA tax area ${a.name} (${a.county}) from ${a.from}, ${cdtfa}`;
          return { region: addRegion({ ...caBase, special: a.rate - base }, a.name, same(label)), polygons: polygonsOf(a.feature) };
        });
      if (areas.length) out.CA = { from: v.from, areas, zip4: '' };
    }

    for (const b of named(/^[A-Z]{2}B\d{4}Q[1-4][A-Z]{3}\d{1,2}\.csv$/i)) {
      const boundaries = readSstBoundaries(files.get(b)!, b);
      if (out[boundaries.state]) continue;
      const r = named(new RegExp(`^${boundaries.state}R\\d{4}Q[1-4][A-Z]{3}\\d{1,2}\\.csv$`, 'i'))[0];
      if (!r) continue;
      const rates = readSstRates(files.get(r)!, r);
      const inForce = sstRatesOn(rates, v.from);
      const rows: string[] = [];
      for (const rec of boundaries.records) {
        if (rec.kind !== '4' || rec.from > v.from || (rec.to !== null && v.from > rec.to)) continue;
        const { parts, missing } = composeRecord(rec, rates, inForce);
        if (missing.length) continue;
        const name = [rec.county && `COUNTY ${rec.county}`, rec.place && `PLACE ${rec.place}`, ...rec.districts.map((d) => `${d.type}:${d.code}`)]
          .filter(Boolean)
          .join(' · ');
        const region = addRegion(parts, name || boundaries.state, same(`Streamlined Sales Tax, ${r} and ${b} line ${rec.line}`));
        rows.push(rec.low + rec.high + region.toString(36).padStart(3, '0'));
      }
      rows.sort();
      if (rows.length) out[boundaries.state] = { from: v.from, areas: [], zip4: rows.join('') };
    }
  }
  return out;
}
