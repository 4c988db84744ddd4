// The local stand-ins for AWS: DynamoDB Local (the jar shipped in amplify-dynamodb-simulator, run
// on Java, keeping its tables in a directory or in memory) and the local-aws-sqs emulator (in
// process, in memory). Both are real engines the unmodified AWS SDK clients talk to.
import { type ChildProcess, type SpawnOptions, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';

export interface Engine {
  readonly endpoint: string;
  /** The engine's own process, when it has one (DynamoDB Local's JVM). */
  readonly pid?: number;
  stop(): Promise<void>;
}

/** The SQS emulator, which also tells the local pollers when messages may have become receivable. */
export interface SqsEngine extends Engine {
  /** Calls `listener` after each answered request that sends messages or changes their visibility. */
  onMessages(listener: () => void): void;
}

export interface DynamoLocalOptions {
  readonly port?: number;
  /**
   * Where DynamoDB Local keeps its tables (`-dbPath`: one SQLite file, `shared-local-instance.db`,
   * with `-sharedDb`); null or absent keeps them in memory, gone when it stops.
   */
  readonly dataDir?: string | null;
  /**
   * `full` (default): the JVM's usual tiered compilation, for a runner that lives for minutes or
   * more: C2 takes about half a minute of transactions to pay off, then commits run ~1.6x faster.
   * `quick`: C1 only, for runners that live seconds (test suites): about half a second sooner up
   * and half the JVM CPU over their first 1,500 commits (README, "Benchmarks").
   */
  readonly jit?: DynamoJit;
}

export type DynamoJit = 'full' | 'quick';

/** The JIT setting named by STX_DYNAMODB_JIT (`full` or `quick`); anything else is refused. */
export function dynamoJitFromEnv(value: string | undefined): DynamoJit {
  if (value === undefined || value === '' || value === 'full') return 'full';
  if (value === 'quick') return 'quick';
  throw new LocalSetupError(`STX_DYNAMODB_JIT must be "full" or "quick", not "${value}".`);
}

export class LocalSetupError extends Error {}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function dynamoJarDir(): string {
  const require = createRequire(import.meta.url);
  const dir = join(dirname(require.resolve('amplify-dynamodb-simulator/package.json')), 'emulator');
  if (!existsSync(join(dir, 'DynamoDBLocal.jar'))) throw new LocalSetupError(`DynamoDB Local jar not found in ${dir}; run npm install.`);
  return dir;
}

function assertJava(): void {
  const probe = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0)
    throw new LocalSetupError(
      'Java was not found. The local runner and the tests run DynamoDB Local, which needs Java 17 or later on the PATH (Debian/Ubuntu: apt-get install openjdk-17-jre-headless).',
    );
}

async function waitFor(check: () => Promise<boolean>, what: string, child: ChildProcess, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new LocalSetupError(`${what} exited with code ${child.exitCode} during start-up.`);
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new LocalSetupError(`${what} did not become ready within ${timeoutMs / 1000} s.`);
}

export async function startDynamoLocal(options: DynamoLocalOptions = {}): Promise<Engine> {
  assertJava();
  const dir = dynamoJarDir();
  const listenPort = options.port ?? (await freePort());
  const storage = options.dataDir ? ['-dbPath', options.dataDir] : ['-inMemory'];
  const child = spawnTied(
    'java',
    [
      ...(options.jit === 'quick' ? ['-XX:TieredStopAtLevel=1'] : []),
      // The serial collector: one local client, small heap; G1's concurrent threads only compete
      // for the two cores with the runner itself.
      '-XX:+UseSerialGC',
      '-Xms256m',
      `-Djava.library.path=${join(dir, 'DynamoDBLocal_lib')}`,
      '-jar',
      join(dir, 'DynamoDBLocal.jar'),
      ...storage,
      '-sharedDb',
      '-port',
      String(listenPort),
    ],
    {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-2000);
  });
  const endpoint = `http://127.0.0.1:${listenPort}`;
  const ready = async () => {
    const res = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-amz-json-1.0',
        'X-Amz-Target': 'DynamoDB_20120810.ListTables',
        Authorization: 'AWS4-HMAC-SHA256 Credential=local/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0',
      },
      body: '{}',
    });
    return res.status === 200;
  };
  try {
    await waitFor(ready, 'DynamoDB Local', child);
  } catch (error) {
    child.kill('SIGKILL');
    throw new LocalSetupError(`${(error as Error).message} ${stderr.trim()}`.trim());
  }
  return {
    endpoint,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 2000).unref();
      }),
  };
}

let setprivAvailable: boolean | undefined;

/**
 * Spawns a child that cannot outlive this process. On Linux it starts under `setpriv --pdeathsig
 * KILL` (util-linux), so the kernel kills it the moment this process dies, however it dies (kill -9
 * included); elsewhere, and as a second line, this process kills it on its way out. A child must
 * never keep a port or a data directory busy after its runner is gone. Tied so, it runs in a
 * process group of its own: a signal to the runner's group (Ctrl-C, `kill -- -<pgid>`) reaches
 * the runner alone, which stops its work before the engine rather than finding it already gone.
 */
function spawnTied(command: string, args: readonly string[], options: SpawnOptions): ChildProcess {
  setprivAvailable ??= process.platform === 'linux' && spawnSync('setpriv', ['--version']).status === 0;
  const child = setprivAvailable
    ? spawn('setpriv', ['--pdeathsig', 'KILL', '--', command, ...args], { ...options, detached: true })
    : spawn(command, args, options);
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  return child;
}

/** Operations after which a poller may find messages it would not have found before (JSON protocol targets). */
const MESSAGE_OPERATIONS = /\.(SendMessage|SendMessageBatch|ChangeMessageVisibility|ChangeMessageVisibilityBatch)$/;

export async function startSqsEmulator(port?: number): Promise<SqsEngine> {
  const { createSqsServer } = await import('local-aws-sqs');
  const listenPort = port ?? (await freePort());
  const server: Server = await createSqsServer({ port: listenPort, hostname: '127.0.0.1', emulateQueueCreationLifecycle: false });
  const listeners: (() => void)[] = [];
  server.on('request', (req, res) => {
    if (!MESSAGE_OPERATIONS.test(String(req.headers['x-amz-target'] ?? ''))) return;
    res.once('finish', () => {
      for (const listener of listeners) listener();
    });
  });
  return {
    endpoint: `http://127.0.0.1:${listenPort}`,
    onMessages: (listener) => {
      listeners.push(listener);
    },
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
