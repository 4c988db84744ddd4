// For one version of the content: every row of the ZIP table that an official rate table of data/
// (data/official_rate_tables.csv) contradicts, with the official rate that decides; and, for an
// official version (states_by_rule = official), the changes of its official files that a ZIP-level
// join cannot place (they need the boundary file). Part of npm run content:diff.
import { fromMicro } from '../../../functions/core/tax/money';
import { buildArtifact } from '../build/artifact';
import type { Disagreement } from '../build/rate-areas';

const pct = (micro: number) => `${(Number(fromMicro(micro)) * 100).toFixed(4).replace(/\.?0+$/, '')} %`;

/** The report's lines for `version`, built from the data directory `data`. */
export function officialDisagreements(data: string, version: string): string[] {
  const disagreements: Disagreement[] = [];
  const unplaced: string[] = [];
  buildArtifact(data, (d) => {
    if (d.version !== version) return;
    disagreements.push(...d.disagreements);
    unplaced.push(...d.unplaced);
  });
  const out = [`  ZIP-table rows an official rate table contradicts in ${version}: ${disagreements.length}`];
  for (const d of disagreements)
    out.push(
      `    ${d.state} ${d.zip} ${d.part} ${d.part === 'county' ? `(FIPS ${d.jurisdiction}, local parts together) ` : ''}ZIP table ${pct(d.table)}, official ${pct(d.official)}: ${d.source}`,
    );
  if (unplaced.length > 0) {
    out.push(`  official-file changes of ${version} not placed (they need the boundary file): ${unplaced.length}`);
    for (const u of unplaced) out.push(`    ${u}`);
  }
  return out;
}
