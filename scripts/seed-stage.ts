// Loads a seed file (docs/running-locally.md, "The seed file") into a deployed stage, so a new
// sandbox stack has its first accounts and keys; each key also gets its usage-plan twin in API
// Gateway. Uses the AWS credentials and region of the environment (AWS_PROFILE, AWS_REGION).
//   npx tsx scripts/seed-stage.ts --stage <name> --seed <file.json>

import { TABLES } from '../functions/manifest/resources';
import { commandLine, refuse } from '../lib/command-line';
import { readSeedFile } from '../lib/local/runner';
import { DEFAULT_RUNTIME_SETTINGS, runtimeSettingsEnvironment } from '../lib/runtime-settings';

const spec = {
  command: 'npx tsx scripts/seed-stage.ts',
  summary:
    "Loads a seed file (accounts, locations, customers, items, practices and keys) into a deployed stage's tables, and gives each key its usage-plan twin in the stage's API Gateway. Uses the AWS credentials and region of the environment.",
  options: {
    stage: { type: 'string', value: '<name>', description: 'the stage deployed with npx cdk deploy -c stage=<name> (required)' },
    seed: { type: 'string', value: '<file.json>', description: 'the seed file (required)' },
  },
  environment: { AWS_PROFILE: 'the credentials to use', AWS_REGION: "the stage's region" },
} as const;
const { values } = commandLine(spec);
if (!values.stage || !values.seed) refuse(spec, 'both --stage and --seed are required');
const prefix = `salestax-${values.stage}`;
for (const table of TABLES) process.env[table.envVar] = `${prefix}-${table.id.toLowerCase()}`;
// Each key also gets its usage-plan twin in the stage's API Gateway (functions/adapters/apigateway).
Object.assign(process.env, runtimeSettingsEnvironment({ ...DEFAULT_RUNTIME_SETTINGS, authCacheSeconds: 0 }), { USAGE_PLAN_NAME_PREFIX: prefix });

// Imported after the environment is set: the composition root reads it on first use.
const { seedStage } = await import('../functions/handlers/admin/seed-entry');
const result = await seedStage(readSeedFile(values.seed));
console.log(`seeded stage ${values.stage}: ${result.keys} keys`);
