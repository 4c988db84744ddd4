// Loads a seed file (contract §9 format) into a deployed stage, so a new sandbox stack has its
// first accounts and keys; each key also gets its usage-plan twin in API Gateway. Uses the AWS
// credentials and region of the environment (AWS_PROFILE, AWS_REGION).
//   npx tsx scripts/seed-stage.ts --stage <name> --seed <file.json>
import { parseArgs } from 'node:util';
import { readSeedFile } from '../lib/local/runner';
import { TABLES } from '../lib/resources';
import { DEFAULT_RUNTIME_SETTINGS, runtimeSettingsEnvironment } from '../lib/runtime-settings';

const { values } = parseArgs({ options: { stage: { type: 'string' }, seed: { type: 'string' } } });
if (!values.stage || !values.seed) {
  console.error('usage: npx tsx scripts/seed-stage.ts --stage <name> --seed <file.json>');
  process.exit(2);
}
const prefix = `salestax-${values.stage}`;
for (const table of TABLES) process.env[table.envVar] = `${prefix}-${table.id.toLowerCase()}`;
Object.assign(process.env, runtimeSettingsEnvironment({ ...DEFAULT_RUNTIME_SETTINGS, authCacheSeconds: 0 }));

const { loadSeed, parseSeed } = await import('../functions/admin/seed');
const { services } = await import('../functions/shared/services');
const { customerStore } = await import('../functions/shared/certificate-service');
const { usageKeyRegistry } = await import('../functions/adapters/apigateway/usage-keys');
const result = await loadSeed(parseSeed(readSeedFile(values.seed)), { ...services(), customers: customerStore(), usageKeys: usageKeyRegistry(prefix) }, new Date());
console.log(`seeded stage ${values.stage}: ${result.keys} keys`);
