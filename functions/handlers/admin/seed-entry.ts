// The typed entry point that loads a seed (docs/running-locally.md, "The seed file") into the
// stores of a running stage: the local runner calls it once its tables exist (with the same
// environment the handlers get), and scripts/seed-stage.ts against a deployed stage. Without a seed
// it creates the demo account and returns its fresh key.
import { generateApiKey } from '../../application/api-key-secret';
import { accessStore, customerStore, tenantStore, usageKeys } from '../../composition-root';
import { demoSeed } from './demo-seed';
import { loadSeed, parseSeed } from './seed';

export async function seedStage(seed: unknown | undefined, now: Date = new Date()): Promise<{ demoKey: string | null; keys: number }> {
  const demoKey = seed === undefined ? generateApiKey('sandbox') : null;
  const parsed = parseSeed(demoKey === null ? seed : demoSeed(demoKey));
  const { keys } = await loadSeed(parsed, { access: accessStore(), tenants: tenantStore(), customers: customerStore(), usageKeys: usageKeys() }, now);
  return { demoKey, keys };
}
