// data/official_rate_tables.csv: the states' own Streamlined rate files bundled under data/sst/, and
// how each joins to ZIPs (data/README.md §12). A file's label names it as the source of the parts it
// decides; its publisher, table and date go to the record of how current each state's rates are.
import { readSstRates } from '../readers/sst-rates';
import type { Build } from './build';
import type { OfficialTable } from './rate-areas';
import type { States } from './state-facts';

export function readOfficialRateTables(build: Build, states: States): Map<string, OfficialTable> {
  const officials = new Map<string, OfficialTable>();
  for (const r of build.load('official_rate_tables.csv', ['state', 'file', 'join'])) {
    if (!states.facts[r.state]) throw new Error(`official_rate_tables.csv: unknown state ${r.state}`);
    if (r.join !== 'county' && r.join !== 'state') throw new Error(`official_rate_tables.csv: join is county or state, not ${r.join}`);
    const file = readSstRates(build.files.text(r.file), r.file);
    if (file.state !== r.state) throw new Error(`official_rate_tables.csv: ${r.file} is a rate file of ${file.state}, not ${r.state}`);
    const row = states.rows.find((s) => s.state === r.state);
    if (file.stateFips !== row?.fips) throw new Error(`${r.file}: state FIPS ${file.stateFips}, us_states.csv says ${row?.fips}`);
    const label = `Streamlined Sales Tax, ${row.state_name} rate file ${file.file}`;
    officials.set(r.state, { file, join: r.join, label });
    build.ages.describe(label, {
      publisher: `${row.state_name} (Streamlined Sales Tax rate file, streamlinedsalestax.org)`,
      table: file.file,
      date: file.published,
      kind: 'official_file',
    });
  }
  return officials;
}
