// The local runner's data directory and its lock: DynamoDB Local keeps its tables there (one SQLite
// file), so two runners on one directory would corrupt each other's view of it.
//
// The lock is an advisory flock(2) on `runner.lock`, held through an open file descriptor for the
// runner's whole life. The kernel drops it the moment the holder's descriptors close: on a normal
// exit, on a crash, on kill -9, and even while the dead holder waits as a zombie for a parent that
// never reaps it (a container without an init). No pid is ever judged alive or dead, so a reused
// pid cannot hold the directory either. `runner.json` says who holds it (for the refusal's message
// and to stop a DynamoDB Local a holder left behind); it is information, never the lock itself.
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { flockSync } from 'fs-ext';
import { LocalSetupError } from './engines';

export const LOCK_FILE = 'runner.lock';
export const OWNER_FILE = 'runner.json';

/** Who holds (or last held) a data directory. */
export interface LockOwner {
  readonly pid: number;
  readonly dynamoPid: number | null;
  readonly startedAt: string;
}

export interface DataDirLock {
  readonly dir: string;
  /** Records the DynamoDB Local process started on the directory, so a successor can stop it. */
  recordEngine(pid: number | undefined): void;
  release(): void;
}

export function readOwner(dir: string): LockOwner | null {
  try {
    const parsed = JSON.parse(readFileSync(join(dir, OWNER_FILE), 'utf8')) as Partial<LockOwner>;
    if (typeof parsed.pid !== 'number') return null;
    return { pid: parsed.pid, dynamoPid: typeof parsed.dynamoPid === 'number' ? parsed.dynamoPid : null, startedAt: String(parsed.startedAt ?? '') };
  } catch {
    return null; // absent, or torn by a writer that died mid-write (writes go through a rename, so rarely)
  }
}

function writeOwner(dir: string, owner: LockOwner): void {
  const temporary = join(dir, `${OWNER_FILE}.${process.pid}`);
  writeFileSync(temporary, JSON.stringify(owner));
  renameSync(temporary, join(dir, OWNER_FILE));
}

const running = (pid: number): boolean => {
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

/**
 * Stops a DynamoDB Local the previous holder left on the directory's database. Engines end with
 * their runner (engines.ts), so this finds one only where that could not be arranged (no
 * `setpriv`, a runner of an older version). Only a process still running the jar on this very
 * directory is stopped: a pid reused by anything else is left alone.
 */
function stopLeftEngine(previous: LockOwner | null, dir: string): void {
  const pid = previous?.dynamoPid;
  if (!pid || !running(pid)) return;
  const cmd = commandLine(pid);
  if (!cmd.includes('DynamoDBLocal.jar') || !cmd.includes(dir)) return;
  process.kill(pid, 'SIGKILL');
  for (let i = 0; i < 100 && running(pid) && commandLine(pid) !== ''; i++) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
}

const isWouldBlock = (error: unknown): boolean => ['EAGAIN', 'EWOULDBLOCK'].includes((error as NodeJS.ErrnoException).code ?? '');

export function lockDataDir(directory: string): DataDirLock {
  const dir = resolve(directory);
  mkdirSync(dir, { recursive: true });
  // Never removed: deleting a lock file others may have open would let two runners lock two files.
  const fd = openSync(join(dir, LOCK_FILE), 'a');
  try {
    flockSync(fd, 'exnb');
  } catch (error) {
    closeSync(fd);
    if (!isWouldBlock(error)) throw error;
    const holder = readOwner(dir);
    throw new LocalSetupError(
      `The data directory ${dir} is in use by another runner${holder ? ` (pid ${holder.pid})` : ''}. Stop it, or start this one with STX_DATA_DIR=<another directory> or --in-memory.`,
    );
  }
  stopLeftEngine(readOwner(dir), dir);
  let owner: LockOwner = { pid: process.pid, dynamoPid: null, startedAt: new Date().toISOString() };
  writeOwner(dir, owner);
  let held = true;
  return {
    dir,
    recordEngine(pid) {
      owner = { ...owner, dynamoPid: pid ?? null };
      writeOwner(dir, owner);
    },
    release() {
      if (!held) return;
      held = false;
      // Its engine is stopped by now: nothing for a successor to clean up.
      rmSync(join(dir, OWNER_FILE), { force: true });
      closeSync(fd); // closing the descriptor releases the flock
    },
  };
}
