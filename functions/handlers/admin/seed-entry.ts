// The typed entry point that loads a seed (docs/running-locally.md, "The seed file") into the
// stores of a running stage: the local runner calls it once its tables exist (with the same
// environment the handlers get), and scripts/seed-stage.ts against a deployed stage. Without a seed
// it creates the demo account and returns its key: the one given (kept from an earlier start on the
// same data), or a fresh one.
import { generateApiKey } from '../../application/api-key-secret';
import { accessStore, customerStore, tenantStore, usageKeys } from '../../composition-root';
import { demoSeed } from './demo-seed';
import { loadSeed, parseSeed } from './seed';

export async function seedStage(seed: unknown | undefined, now: Date = new Date(), keptDemoKey?: string): Promise<{ demoKey: string | null; keys: number }> {
  const demoKey = seed === undefined ? (keptDemoKey ?? generateApiKey('sandbox')) : null;
  const parsed = parseSeed(demoKey === null ? seed : demoSeed(demoKey));
  const { keys } = await loadSeed(parsed, { access: accessStore(), tenants: tenantStore(), customers: customerStore(), usageKeys: usageKeys() }, now);
  return { demoKey, keys };
}
