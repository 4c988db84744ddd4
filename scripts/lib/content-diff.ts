// What changed between two content versions (npm run content:diff, and the tests of the update routine).
import type { TaxContent } from '../../functions/core/content/tax-content';

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
