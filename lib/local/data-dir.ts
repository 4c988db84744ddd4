// The local runner's data directory and its lock: DynamoDB Local keeps its tables there (one SQLite
// file), so two runners on one directory would corrupt each other's view of it. The lock file holds
// the runner's pid and the pid of its DynamoDB Local; a lock whose runner is gone (a kill -9) is
// taken over, after stopping the DynamoDB Local it left behind, and a live one is a clear refusal.
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { LocalSetupError } from './engines';

export const LOCK_FILE = 'runner.lock';

interface LockContent {
  readonly pid: number;
  readonly dynamoPid: number | null;
}

export interface DataDirLock {
  readonly dir: string;
  /** Records the DynamoDB Local process started on the directory, so a successor can stop it. */
  recordEngine(pid: number | undefined): void;
  release(): void;
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The process's command line (Linux), to make sure a recorded pid is still the engine it was. */
const commandLine = (pid: number): string => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
};

function readLock(path: string): LockContent | null {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockContent>;
    return typeof parsed.pid === 'number' ? { pid: parsed.pid, dynamoPid: typeof parsed.dynamoPid === 'number' ? parsed.dynamoPid : null } : null;
  } catch {
    return null; // torn or empty: its writer died while writing it
  }
}

/** Stops the DynamoDB Local a killed runner left holding the directory's database. */
function stopOrphanEngine(lock: LockContent, dir: string): void {
  if (lock.dynamoPid === null || !alive(lock.dynamoPid)) return;
  const cmd = commandLine(lock.dynamoPid);
  if (!cmd.includes('DynamoDBLocal.jar') || !cmd.includes(dir)) return;
  process.kill(lock.dynamoPid, 'SIGKILL');
  for (let i = 0; i < 100 && alive(lock.dynamoPid); i++) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
}

export function lockDataDir(directory: string): DataDirLock {
  const dir = resolve(directory);
  mkdirSync(dir, { recursive: true });
  const path = join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    let fd: number;
    try {
      fd = openSync(path, 'wx'); // exclusive create: of two starting runners, one wins
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const held = readLock(path);
      if (held && held.pid !== process.pid && alive(held.pid))
        throw new LocalSetupError(
          `The data directory ${dir} is in use by another runner (pid ${held.pid}). Stop it, or start this one with STX_DATA_DIR=<another directory> or --in-memory.`,
        );
      if (held) stopOrphanEngine(held, dir);
      rmSync(path, { force: true });
      continue;
    }
    let content: LockContent = { pid: process.pid, dynamoPid: null };
    writeSync(fd, JSON.stringify(content));
    closeSync(fd);
    return {
      dir,
      recordEngine(pid) {
        content = { ...content, dynamoPid: pid ?? null };
        writeFileSync(path, JSON.stringify(content));
      },
      release() {
        if (readLock(path)?.pid === process.pid) rmSync(path, { force: true });
      },
    };
  }
  throw new LocalSetupError(`Could not take the lock of the data directory ${dir}.`);
}
