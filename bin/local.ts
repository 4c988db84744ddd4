// `npm start`: the API on http://127.0.0.1:${PORT:-3000} against DynamoDB Local and the SQS
// emulator. TAX_SEED_FILE=<path> loads a seed (docs/running-locally.md, "The seed file"); otherwise
// a demo account is created and its key printed. STX_BUNDLES=1 serves the esbuild bundles (npm run
// bundle) instead of sources. Data lives in STX_DATA_DIR (default .data/ in the project) and
// survives restarts; `--in-memory` or STX_IN_MEMORY=1 keeps it in memory only (tests, demos).
// STX_DYNAMODB_JIT=quick starts DynamoDB Local's JVM with C1 only, for short runs such as the test
// suites (lib/local/engines.ts).
import { join } from 'node:path';
import { BASE_PATH } from '../functions/manifest/route';
import { commandLine } from '../lib/command-line';
import { dynamoJitFromEnv, LocalSetupError } from '../lib/local/engines';
import { type LocalService, readSeedFile, startLocal } from '../lib/local/runner';
import { PROJECT_ROOT } from '../lib/paths';
import { webhookSettingOverrides } from '../lib/runtime-settings';
import { buildWebBundles } from '../lib/web-assets';

const { values } = commandLine({
  command: 'npm start --',
  summary:
    'Serves the API on http://127.0.0.1:$PORT/api/v1 against DynamoDB Local and the SQS emulator, and the operations console at /console. Without a seed it creates a demo account and prints its admin key. Prints `ready: <url>` when it accepts requests; Ctrl-C stops it.',
  options: { 'in-memory': { type: 'boolean', description: 'keep the tables in memory only, gone when it stops (as STX_IN_MEMORY=1)' } },
  environment: {
    PORT: 'listening port (default 3000; 0 picks a free one)',
    TAX_SEED_FILE: 'seed file (accounts, locations, customers, items, practices, keys) loaded at start, written over what exists',
    STX_DATA_DIR: 'where the tables live (default .data/ in the project), kept across restarts',
    STX_IN_MEMORY: '1: as --in-memory',
    STX_BUNDLES: '1: serve the esbuild bundles of .build/functions (npm run bundle first) instead of the sources',
    AUTH_CACHE_SECONDS: 'how long a function reuses a key or account it read (default 10)',
    LOG_LEVEL: 'log level of the handlers (default WARN)',
    STX_SWEEP_SECONDS: 'how often pending work is swept (default 60)',
    STX_DYNAMODB_JIT: 'quick: DynamoDB Local on C1 only (starts sooner; for short runs such as tests)',
    STX_FAULTS: 'fault injection for tests, e.g. dynamodb:TransactWriteItems:timeout:4',
    'WEBHOOK_*': 'webhook retry settings (lib/runtime-settings.ts)',
  },
  notes: ['docs/running-locally.md describes the data directory, restarts and every setting.'],
});
const port = Number(process.env.PORT ?? 3000);
const seedFile = process.env.TAX_SEED_FILE;
const authCache = process.env.AUTH_CACHE_SECONDS;
const inMemory = values['in-memory'] === true || process.env.STX_IN_MEMORY === '1';
const dataDir = inMemory ? null : (process.env.STX_DATA_DIR ?? join(PROJECT_ROOT, '.data'));

let stopping = false;
let starting: Promise<LocalService> | undefined;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  // A signal during start-up stops the runner once it is up: its engines and lock, not half of them.
  const service = await starting?.catch(() => undefined);
  if (service) console.error('stopping: finishing the requests in flight, then the engines');
  await service?.stop();
  if (service) console.error(service.dataDir ? `stopped; the data stays in ${service.dataDir}` : 'stopped; the in-memory data is gone');
  process.exit(0);
};
// Listening before anything starts, so whoever waits for `ready:` may stop the runner the moment it
// reads it (a signal that came before the listener would end it without stopping its engines).
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, shutdown);

try {
  // The console's browser code (lib/web-assets.ts); bundles carry the copy `npm run bundle` built.
  if (process.env.STX_BUNDLES !== '1') await buildWebBundles();
  starting = startLocal({
    port,
    seed: seedFile ? readSeedFile(seedFile) : undefined,
    bundles: process.env.STX_BUNDLES === '1',
    dataDir,
    dynamoJit: dynamoJitFromEnv(process.env.STX_DYNAMODB_JIT),
    settings: { ...webhookSettingOverrides(process.env), ...(authCache === undefined ? {} : { authCacheSeconds: Number(authCache) }) },
    log: (line) => console.error(line),
  });
  const service = await starting;
  const lines = [
    `Sales tax API (local) on ${service.url}${BASE_PATH}`,
    `  DynamoDB Local ${service.dynamoEndpoint}, SQS emulator ${service.sqsEndpoint}`,
    service.dataDir ? `  Data: ${service.dataDir} (kept across restarts; delete it to start afresh)` : '  Data: in memory (gone when this process stops)',
    seedFile ? `  Seed: ${seedFile}` : `  Demo organization admin key (sandbox): ${service.demoKey}`,
  ];
  if (service.demoKey) lines.push(`  Try: curl -H "Authorization: Bearer ${service.demoKey}" ${service.url}${BASE_PATH}/config`);
  lines.push(`  Console: ${service.url}/console (sign in with an API key)`);
  lines.push(`ready: ${service.url}`);
  if (!stopping) console.log(lines.join('\n'));
  // Started by a process that has gone (a wrapper killed with -9): nobody can stop this runner any
  // more, so it stops itself rather than hold its port and data directory for ever.
  const parent = process.ppid;
  setInterval(() => process.ppid !== parent && void shutdown(), 1000).unref();
} catch (error) {
  console.error(error instanceof LocalSetupError ? `Cannot start: ${error.message}` : error);
  process.exit(1);
}
