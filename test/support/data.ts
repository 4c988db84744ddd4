// Expectations computed from the project's data files (never typed in by hand).
import { join } from 'node:path';
import { buildArtifact, type VersionDerivation } from '../../scripts/content/build/artifact';
import type { ZipAnswer } from '../../scripts/content/build/rate-areas';
import { readCsv, toMicro } from '../../scripts/content/files/csv';

const DATA = join(import.meta.dirname, '..', '..', 'data');

export const zipRows = readCsv(join(DATA, 'us_zip_rates.csv'), [
  'state',
  'zip',
  'region_name',
  'state_rate',
  'county_rate',
  'city_rate',
  'special_rate',
  'combined_rate',
  'city_name',
]);
export const cdtfaRows = readCsv(join(DATA, 'ca_cdtfa_city_county_rates.csv'), ['location', 'type', 'combined_rate']);
export const taxCodeRows = readCsv(join(DATA, 'product_tax_codes.csv'), ['code', 'category']);
export const stateRows = readCsv(join(DATA, 'us_states.csv'), ['state', 'has_local_sales_tax']);

export function zipRate(state: string, zip: string): { state: bigint; combined: bigint } {
  const row = zipRows.find((r) => r.state === state && r.zip === zip);
  if (!row) throw new Error(`no row for ${state} ${zip}`);
  return { state: BigInt(toMicro(row.state_rate)), combined: BigInt(toMicro(row.combined_rate)) };
}

/** Half-up cents of amount × rate, in BigInt (amount in cents, rate in millionths). */
export const taxCents = (amountCents: number, rateMicro: bigint): number => Number((BigInt(amountCents) * rateMicro + 500_000n) / 1_000_000n);

/** Tax inside a tax-included amount, half-up. */
export const backOutCents = (amountCents: number, rateMicro: bigint): number => {
  const den = 1_000_000n + rateMicro;
  return Number((2n * BigInt(amountCents) * rateMicro + den) / (2n * den));
};

let derivations: Map<string, VersionDerivation> | undefined;
/** What the content build derived for each version from data/ (the answers of scripts/content/build/rate-areas.ts), built once. */
export function derived(version = '2026-03-01'): VersionDerivation {
  if (!derivations) {
    derivations = new Map();
    buildArtifact(DATA, (d) => derivations!.set(d.version, d));
  }
  const d = derivations.get(version);
  if (!d) throw new Error(`no version ${version}`);
  return d;
}

/** The derived answer of a ZIP: the combined rate of the area that applies to most of it, and the range found in it. */
export function answerOf(state: string, zip: string, version?: string): ZipAnswer {
  const a = derived(version).answers.get(state)?.get(zip);
  if (!a) throw new Error(`no answer for ${state} ${zip}`);
  return a;
}
