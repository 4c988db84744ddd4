// Starts the whole service on a developer machine: DynamoDB Local and the SQS emulator, the tables
// and queues of functions/manifest/resources.ts, the seed, the queue pollers and the HTTP front. The handlers are
// the same modules Lambda runs (or, with `bundles`, the esbuild bundles themselves).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SQSClient } from '@aws-sdk/client-sqs';
import type { Context } from 'aws-lambda';
import type * as SeedEntryModule from '../../functions/handlers/admin/seed-entry';
import { QUEUES, STREAM_CONSUMERS, TABLES, USAGE_LOG_WORKER } from '../../functions/manifest/resources';
import { type RouteDef, routeEntry } from '../../functions/manifest/route';
import { ROUTES } from '../../functions/manifest/routes';
import { functionEnvironment } from '../environment';
import { handlerModule, logConsumerId, PROJECT_ROOT, streamConsumerId, workerId } from '../paths';
import { DEFAULT_RUNTIME_SETTINGS, type RuntimeSettings } from '../runtime-settings';
import { functionContext } from './api-gateway';
import { type DataDirLock, lockDataDir } from './data-dir';
import { type DynamoJit, type Engine, startDynamoLocal, startSqsEmulator } from './engines';
import { JOURNAL_SUFFIX, type JournalTailer, type LogsHandler, tailJournal } from './journal-tailer';
import { createQueues, createTables, LOCAL_CREDENTIALS, LOCAL_REGION, localTableName } from './provision';
import { assertPortFree, type LocalApi, type ProxyHandler, serveApi } from './server';
import { type Poller, pollQueue, type QueuePoller, type SqsHandler } from './sqs-poller';
import { pollStream, type StreamHandler } from './stream-poller';

const STAGE = 'local';
const SEED_ENTRY = 'functions/handlers/admin/seed-entry.ts';
const SWEEPER_ENTRY = 'functions/handlers/scheduled/sweeper.ts';
/** How often the sweeper runs here (AWS: every 5 minutes), and how old work must be to be re-queued then. */
const SWEEP_EVERY_MS = Number(process.env.STX_SWEEP_SECONDS ?? 60) * 1000;
const SWEEP_MIN_AGE_SECONDS = Number(process.env.STX_SWEEP_MIN_AGE_SECONDS ?? 120);
/** Concurrent invocations of each queue worker (Lambda scales them with the queue). */
const WORKER_CONCURRENCY = 4;
/** The usage journal's directory in a data directory (functions/adapters/logs/usage-journal.ts). */
export const USAGE_JOURNAL_DIR = 'usage-journal';

export interface LocalOptions {
  readonly port?: number;
  readonly host?: string;
  /** Seed (docs/running-locally.md, "The seed file") as parsed JSON; without one a demo account is created. */
  readonly seed?: unknown;
  readonly settings?: Partial<RuntimeSettings>;
  /** Run the esbuild bundles from .build/functions instead of the TypeScript sources. */
  readonly bundles?: boolean;
  /** Where DynamoDB Local keeps the tables (locked for this runner); null or absent: in memory. */
  readonly dataDir?: string | null;
  /** DynamoDB Local's JIT (engines.ts): `full` for long runs (default), `quick` for short test runs. */
  readonly dynamoJit?: DynamoJit;
  readonly log?: (line: string) => void;
}

export interface LocalService {
  readonly url: string;
  readonly dynamoEndpoint: string;
  readonly sqsEndpoint: string;
  readonly demoKey: string | null;
  /** The data directory in use, or null in memory. */
  readonly dataDir: string | null;
  stop(): Promise<void>;
}

/** A handler module by entry; with `bundles`, the bundle of the function `functionId`. */
async function importHandler<T>(entry: string, bundles: boolean, functionId: string): Promise<T> {
  const file = handlerModule(entry, bundles ? functionId : undefined);
  const mod = (await import(pathToFileURL(file).href)) as { handler?: T };
  if (typeof mod.handler !== 'function') throw new Error(`${entry} does not export a handler`);
  return mod.handler;
}

export function readSeedFile(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`Cannot read seed file ${path}: ${(error as Error).message}`);
  }
}

export async function startLocal(options: LocalOptions = {}): Promise<LocalService> {
  const log = options.log ?? (() => undefined);
  const engines: Engine[] = [];
  const pollers: Poller[] = [];
  let api: LocalApi | undefined;
  let lock: DataDirLock | undefined;
  let sweepTimer: NodeJS.Timeout | undefined;
  let sweeping: Promise<unknown> = Promise.resolve();
  let journal: { readonly tailer: JournalTailer; readonly temporaryDir: string | null } | undefined;
  // In order, so that nothing fails for want of what stopped before it: no new work (sweeps, queue
  // and stream polls, requests), the work in flight finished, then the engines it was using.
  const stop = async () => {
    clearInterval(sweepTimer);
    await Promise.allSettled([sweeping, ...pollers.map((p) => p.stop())]);
    await api?.close();
    // Calculations' and estimates' units the handlers journaled and the tail has not summed yet.
    await journal?.tailer.stop();
    if (journal?.temporaryDir) rmSync(journal.temporaryDir, { recursive: true, force: true });
    await Promise.allSettled(engines.map((e) => e.stop()));
    lock?.release();
  };
  try {
    await assertPortFree(options.port ?? 3000);
    lock = options.dataDir ? lockDataDir(options.dataDir) : undefined;
    const [dynamo, sqs] = await Promise.all([startDynamoLocal({ dataDir: lock?.dir ?? null, jit: options.dynamoJit }), startSqsEmulator()]);
    engines.push(dynamo, sqs);
    lock?.recordEngine(dynamo.pid);
    await createTables(dynamo.endpoint, TABLES, localTableName);
    const queueUrls = await createQueues(sqs.endpoint, QUEUES, (q) => `salestax-${STAGE}-${q.id.toLowerCase()}`);
    // Sandbox endpoints may be loopback receivers here (never in a deployed stack).
    const settings = { ...DEFAULT_RUNTIME_SETTINGS, webhookSandboxLoopback: true, ...options.settings };
    Object.assign(process.env, {
      ...functionEnvironment({ tableNames: Object.fromEntries(TABLES.map((t) => [t.id, localTableName(t)])), queueUrls, settings, stage: STAGE }),
      AWS_REGION: LOCAL_REGION,
      AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
      AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
      AWS_ENDPOINT_URL_SQS: sqs.endpoint,
      // Tells the functions their DynamoDB is DynamoDB Local (functions/adapters/dynamodb/local-commit-barrier.ts).
      STX_DYNAMODB_LOCAL: '1',
      // `npm run content` or `content:refresh` while the service runs: its functions pick the new artifact up.
      CONTENT_WATCH_FILE: process.env.CONTENT_WATCH_FILE ?? join(PROJECT_ROOT, 'content', 'tax-content.json'),
      CONTENT_CHECK_SECONDS: process.env.CONTENT_CHECK_SECONDS ?? '5',
      POWERTOOLS_LOG_LEVEL: process.env.LOG_LEVEL ?? process.env.POWERTOOLS_LOG_LEVEL ?? 'WARN',
      // Traces off unless asked for; metrics stay off unless POWERTOOLS_METRICS_NAMESPACE is set
      // (functions/shared/tracer.ts, functions/shared/metrics.ts).
      POWERTOOLS_TRACE_ENABLED: process.env.POWERTOOLS_TRACE_ENABLED ?? 'false',
      ...(options.bundles ? { AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x' } : {}),
    });

    // Injected faults (STX_FAULTS, functions/adapters/faults.ts) apply to the service, not to its seeding.
    const faults = process.env.STX_FAULTS;
    delete process.env.STX_FAULTS;
    const demoKey = await seedDatabase(options.seed, lock?.dir ?? null);
    // The usage journal: in the data directory, where a successor finds what a killed runner left;
    // in memory, a directory as short-lived as the tables. One file per runner process.
    const temporaryDir = lock ? null : mkdtempSync(join(tmpdir(), 'stx-usage-journal-'));
    const journalDir = temporaryDir ?? join(lock!.dir, USAGE_JOURNAL_DIR);
    mkdirSync(journalDir, { recursive: true });
    const journalFile = join(journalDir, `${new Date().toISOString().replace(/[:.]/g, '')}-${process.pid}-${randomBytes(4).toString('hex')}${JOURNAL_SUFFIX}`);
    process.env.STX_USAGE_JOURNAL_FILE = journalFile;
    const usageLogWorker = await importHandler<LogsHandler>(USAGE_LOG_WORKER.handler, options.bundles ?? false, logConsumerId(USAGE_LOG_WORKER));
    journal = {
      temporaryDir,
      tailer: tailJournal({
        dir: journalDir,
        liveFile: journalFile,
        handler: usageLogWorker,
        context: () => functionContext(logConsumerId(USAGE_LOG_WORKER), STAGE, 60),
        onError: (error) => log(`usage journal not summed yet: ${(error as Error).message}`),
        register: true,
      }),
    };
    // What a killed predecessor journaled is summed before anything is served.
    await journal.tailer.drain().catch((error) => log(`usage journal not summed yet: ${(error as Error).message}`));

    if (faults) process.env.STX_FAULTS = faults;

    // Work in flight when the last run stopped: its queue messages were in the emulator's memory.
    type Sweeper = (event: { min_age_seconds: number }, context: Context) => Promise<{ seen: number; requeued: number; failed: number }>;
    const sweeper = await importHandler<Sweeper>(SWEEPER_ENTRY, false, 'sweeper');
    const sweeperContext = () => functionContext('sweeper', STAGE, 300);
    const recovered = await sweeper({ min_age_seconds: 0 }, sweeperContext());
    if (recovered.requeued > 0) log(`sweeper: ${recovered.requeued} queue messages of ${recovered.seen} pending work items recovered`);
    sweepTimer = setInterval(() => {
      sweeping = sweeper({ min_age_seconds: SWEEP_MIN_AGE_SECONDS }, sweeperContext()).catch((error) => log(`sweeper failed: ${(error as Error).message}`));
    }, SWEEP_EVERY_MS);
    sweepTimer.unref();

    const handlers = new Map<string, ProxyHandler>();
    await Promise.all(
      ROUTES.map(async (route: RouteDef) => handlers.set(route.id, await importHandler<ProxyHandler>(routeEntry(route), options.bundles ?? false, route.id))),
    );

    const sqsClient = new SQSClient({ endpoint: sqs.endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
    // No logger is given: the SDK's logger middleware would redact every poll's answer for nothing.
    sqsClient.middlewareStack.remove('loggerMiddleware');
    const queuePollers: QueuePoller[] = [];
    // A send answered by the emulator wakes an idle loop of each queue (SQS answers a long poll at once).
    sqs.onMessages(() => {
      for (const poller of queuePollers) poller.wake();
    });
    for (const queue of QUEUES) {
      if (!queue.worker) continue;
      const worker = await importHandler<SqsHandler>(queue.worker, options.bundles ?? false, workerId(queue));
      queuePollers.push(
        pollQueue(
          sqsClient,
          queue,
          queueUrls[queue.id]!,
          worker,
          (error) => log(`worker ${queue.id} failed: ${(error as Error).message}`),
          WORKER_CONCURRENCY,
          () => functionContext(workerId(queue), STAGE, queue.visibilityTimeoutSeconds),
        ),
      );
    }
    pollers.push(...queuePollers);

    for (const consumer of STREAM_CONSUMERS) {
      const table = TABLES.find((t) => t.id === consumer.table)!;
      const relay = await importHandler<StreamHandler>(consumer.handler, options.bundles ?? false, streamConsumerId(consumer));
      pollers.push(
        pollStream(
          dynamo.endpoint,
          localTableName(table),
          consumer,
          relay,
          (error) => log(`stream consumer ${consumer.id} failed: ${(error as Error).message}`),
          undefined,
          () => functionContext(streamConsumerId(consumer), STAGE, 60),
        ),
      );
    }

    api = await serveApi({
      routes: ROUTES,
      handlers,
      port: options.port ?? 3000,
      host: options.host,
      stage: STAGE,
      onHandlerError: (route, error) => log(`handler ${route.id} threw: ${(error as Error).message}`),
    });
    return { url: api.url, dynamoEndpoint: dynamo.endpoint, sqsEndpoint: sqs.endpoint, demoKey, dataDir: lock?.dir ?? null, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The typed seeding entry point, loaded like the handlers: by path, once the environment is set. */
type SeedEntry = typeof SeedEntryModule;

/** Where a data directory keeps its demo key, so a restart prints the same key rather than add one. */
const DEMO_KEY_FILE = 'demo-key';

/** Loads the seed, or creates the demo account (one key per data directory) and returns its key. */
async function seedDatabase(seed: unknown, dataDir: string | null): Promise<string | null> {
  const { seedStage } = (await import(pathToFileURL(join(PROJECT_ROOT, SEED_ENTRY)).href)) as SeedEntry;
  const keyFile = seed === undefined && dataDir ? join(dataDir, DEMO_KEY_FILE) : null;
  const kept = keyFile && existsSync(keyFile) ? readFileSync(keyFile, 'utf8').trim() || undefined : undefined;
  const { demoKey } = await seedStage(seed, new Date(), kept);
  if (keyFile && demoKey && demoKey !== kept) writeFileSync(keyFile, `${demoKey}\n`, { mode: 0o600 });
  return demoKey;
}
