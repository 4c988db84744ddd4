// A ZIP's rate from a state's Streamlined boundary and rate files: every 'Z' record in force on the
// date names the jurisdictions of a ZIP range (the state, the county by FIPS, the municipality by
// place code, and special jurisdictions by type and code), and the rate file gives each one's rate.
// The parts are the ZIP table's: the county (type 00), the municipality (type 01), and every other
// jurisdiction as special. A ZIP is composed only when the answer is unambiguous: each jurisdiction
// the records name is in the rate file, and every 'Z' record covering the ZIP composes the same
// rate; otherwise it is listed, with why, and keeps the rate it had.

import type { SstBoundaryFile, SstBoundaryRecord } from '../readers/sst-boundaries';
import { sstBoundariesOn } from '../readers/sst-boundaries';
import { type SstRateFile, type SstRateRecord, sstRatesOn } from '../readers/sst-rates';
import type { Parts } from './rate-areas';

export interface ComposedZips {
  readonly rates: Map<string, Parts>;
  /** ZIPs left as they were: a jurisdiction the rate file lacks, or records that disagree. */
  readonly unresolved: Map<string, string>;
}

/** The parts a boundary record composes from the rate file's rates in force, and the codes it lacks. */
export function composeRecord(record: SstBoundaryRecord, rates: SstRateFile, inForce: ReadonlyMap<string, SstRateRecord>): { parts: Parts; missing: string[] } {
  const missing: string[] = [];
  const need = (type: string, code: string): number => {
    const rate = inForce.get(`${type}:${code}`)?.general.intrastate;
    if (rate === undefined) missing.push(`${type}:${code}`);
    return rate ?? 0;
  };
  const parts: Parts = {
    state: need('45', rates.stateFips),
    county: record.county === '' ? 0 : need('00', record.county),
    city: record.place === '' ? 0 : need('01', record.place),
    special: record.districts.reduce((sum, d) => sum + need(d.type, d.code), 0),
  };
  return { parts, missing };
}

export function composeSstZips(rates: SstRateFile, boundaries: SstBoundaryFile, date: string): ComposedZips {
  if (rates.stateFips !== boundaries.stateFips) throw new Error(`${rates.file} and ${boundaries.file} are of different states`);
  const inForce = sstRatesOn(rates, date);
  const composed = new Map<string, Parts>();
  const unresolved = new Map<string, string>();
  for (const r of sstBoundariesOn(boundaries, date)) {
    if (r.kind !== 'Z') continue;
    const { parts, missing } = composeRecord(r, rates, inForce);
    for (let n = Number(r.low); n <= Number(r.high); n++) {
      const zip = String(n).padStart(5, '0');
      if (unresolved.has(zip)) continue;
      if (missing.length > 0) {
        unresolved.set(zip, `${boundaries.file}:${r.line} names ${missing.join(', ')}, not in ${rates.file} on ${date}`);
        composed.delete(zip);
        continue;
      }
      const held = composed.get(zip);
      if (held && (held.state !== parts.state || held.county !== parts.county || held.city !== parts.city || held.special !== parts.special)) {
        unresolved.set(zip, `${boundaries.file}: several records of different rates cover it (line ${r.line} among them)`);
        composed.delete(zip);
      } else composed.set(zip, parts);
    }
  }
  return { rates: composed, unresolved };
}
