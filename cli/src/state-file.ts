// The loader's progress on disk, so a run that was killed continues where it stopped: which
// batches were submitted (and their ids), which finished and were written to the results. Written
// to a temporary file and renamed, so a kill mid-write leaves the previous state intact.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

export interface PlannedBatch {
  readonly index: number;
  readonly idempotencyKey: string;
  readonly references: readonly string[];
  id?: string;
  status?: 'pending' | 'completed' | 'failed';
  /** Its results are in the results file. */
  recorded?: boolean;
}

export interface LoaderState {
  /** Fingerprint of the export and options the plan was made for. */
  readonly fingerprint: string;
  readonly batches: PlannedBatch[];
  /** Documents the export itself could not turn into requests (never submitted). */
  readonly rejected: { reference: string; problem: string }[];
  rejectedRecorded?: boolean;
}

export function readState(path: string, fingerprint: string): LoaderState | null {
  if (!existsSync(path)) return null;
  const state = JSON.parse(readFileSync(path, 'utf8')) as LoaderState;
  if (state.fingerprint !== fingerprint)
    throw new Error(`${path} belongs to another export or other options; remove it (or pass another --state) to start over`);
  return state;
}

export function writeState(path: string, state: LoaderState): void {
  const tmp = `${path}.tmp`;
  writeFileSync(tmp, JSON.stringify(state));
  renameSync(tmp, path);
}

/**
 * Where an export's state is kept unless `--state` says: the user's state directory (XDG), named
 * by the export's absolute path, so a load resumes from wherever it is started again and leaves
 * nothing beside the export (often a checkout or a share other jobs read).
 */
export function defaultStatePath(exportPath: string, env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_STATE_HOME || join(homedir(), '.local', 'state');
  return join(base, 'stx', `${createHash('sha256').update(resolve(exportPath)).digest('hex').slice(0, 32)}.json`);
}
