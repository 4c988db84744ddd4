// What changed between two content versions (npm run content:diff, and the tests of the update routine).
import type { TaxContent } from '../../../functions/core/content/tax-content';
import { fromMicro } from '../../../functions/core/tax/money';

export interface VersionDiff {
  readonly changed: { state: string; zip: string; region: string; before: number; after: number }[];
  readonly added: string[];
  readonly removed: string[];
  readonly newRegions: string[];
  readonly caCities: { city: string; before: number | undefined; after: number | undefined }[];
}

export function diffVersions(a: TaxContent, b: TaxContent): VersionDiff {
  const rows = (c: TaxContent) => c.rows();
  const left = rows(a);
  const right = rows(b);
  const changed: VersionDiff['changed'] = [];
  const added: string[] = [];
  const removed: string[] = [];
  const regionsBefore = new Set([...left.values()].map((r) => r.region));
  const newRegions = new Set<string>();
  for (const [key, r] of right) {
    const l = left.get(key);
    if (!l) added.push(key);
    else if (l.combined !== r.combined) changed.push({ state: r.state, zip: r.zip, region: r.region, before: l.combined, after: r.combined });
    if (!regionsBefore.has(r.region)) newRegions.add(r.region);
  }
  for (const key of left.keys()) if (!right.has(key)) removed.push(key);
  const ca = new Set([...Object.keys(a.caCityRates()), ...Object.keys(b.caCityRates())]);
  const caCities = [...ca]
    .filter((city) => a.caCityRates()[city] !== b.caCityRates()[city])
    .sort()
    .map((city) => ({ city, before: a.caCityRates()[city], after: b.caCityRates()[city] }));
  return { changed, added, removed, newRegions: [...newRegions].sort(), caCities };
}

const pct = (micro: number) => `${(Number(fromMicro(micro)) * 100).toFixed(4).replace(/\.?0+$/, '')} %`;

/** The report of npm run content:diff (and of the refresh), as lines. */
export function formatDiff(report: VersionDiff, before: string, after: string): string[] {
  const out = [`content diff ${before} → ${after}`, `  ZIPs with a changed combined rate: ${report.changed.length}`];
  for (const c of report.changed.slice(0, 200)) out.push(`    ${c.state} ${c.zip} ${c.region}: ${pct(c.before)} → ${pct(c.after)}`);
  if (report.changed.length > 200) out.push(`    … ${report.changed.length - 200} more`);
  out.push(`  ZIPs added: ${report.added.length}${report.added.length ? ` (${report.added.slice(0, 50).join(' ')})` : ''}`);
  out.push(`  ZIPs removed: ${report.removed.length}${report.removed.length ? ` (${report.removed.slice(0, 50).join(' ')})` : ''}`);
  out.push(`  rate areas (jurisdictions) new in ${after}: ${report.newRegions.length}`);
  for (const r of report.newRegions.slice(0, 100)) out.push(`    ${r}`);
  out.push(`  California city rates changed: ${report.caCities.length}`);
  for (const c of report.caCities)
    out.push(`    ${c.city}: ${c.before === undefined ? 'none' : pct(c.before)} → ${c.after === undefined ? 'none' : pct(c.after)}`);
  return out;
}
