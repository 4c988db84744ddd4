// The official boundaries of the content (artifact `boundaries`, read by
// functions/core/content/boundaries.ts): for each state, from the newest content version whose
// record (data/versions/<date>/official/, written by npm run content:refresh) holds its boundary
// files, in force from that version's date. Each publisher's boundaries are composed by a step of
// its own, in this order (the order their rate areas are added in): Washington DOR's location codes,
// CDTFA's tax areas, the Streamlined states' ZIP+4 ranges. Polygons are kept to millionths of a
// degree (about 0.1 m).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { BoundaryData } from '../../../../functions/core/content/boundaries';
import type { Build } from '../build';
import type { Parts } from '../rate-areas';
import { cdtfaTaxAreas } from './cdtfa';
import { type AddRegion, type BoundaryStep, RecordTables } from './record';
import { streamlinedZip4 } from './streamlined';
import { waDorLocationCodes } from './wa-dor';

const STEPS: readonly ((step: BoundaryStep) => void)[] = [waDorLocationCodes, cdtfaTaxAreas, streamlinedZip4];

/** `bases`: the parts every area of a state pays, where the state's own tables give them (StateVersionTable.check). */
export function officialBoundaries(
  build: Build,
  versions: readonly { version: string; from: string }[],
  bases: ReadonlyMap<string, Parts>,
): Record<string, BoundaryData> {
  const out: Record<string, BoundaryData> = {};
  // Every boundary's rates come from the publishers' own files of the version's record.
  const add: AddRegion = (rates, name, sources) => {
    for (const label of Object.values(sources)) build.kindOf(label, 'official_file');
    return build.region(rates, name, sources, '');
  };
  for (const v of [...versions].reverse()) {
    const dir = join(build.data, 'versions', v.version, 'official');
    if (!existsSync(dir)) continue;
    const step: BoundaryStep = { record: new RecordTables(dir), from: v.from, out, add, bases };
    for (const compose of STEPS) compose(step);
  }
  return out;
}
