// Where the usage journal's lines go (functions/core/usage/journal.ts UsageJournal), written
// synchronously before the answer is returned:
//   - on Lambda, stdout: Lambda ships each stdout line to CloudWatch Logs, and a line written before
//     the handler returns is shipped even if the environment is never invoked again (it is frozen,
//     then retired, with its logs already collected). Node writes to a pipe or a file synchronously
//     on Linux, so the line has left the process when `record` returns;
//   - on the local runner, a file of the journal directory (STX_USAGE_JOURNAL_FILE, one per runner
//     process), appended with one write(2) per line on a descriptor opened O_APPEND: in the page
//     cache when `record` returns, so it survives a kill -9 of the process (not a power loss).
// The local runner tails those files (lib/local/journal-tailer.ts) and offers their backlog to usage
// reads through a process-wide registration, so a local GET /usage counts every line written.
import { closeSync, openSync, writeSync } from 'node:fs';
import { journalLine, type UsageBacklog, type UsageJournal } from '../../core/usage/journal';
import type { UsageCharge } from '../../core/usage/usage';

/** The environment variable the local runner names its journal file in. */
export const JOURNAL_FILE_ENV = 'STX_USAGE_JOURNAL_FILE';

/** Lines to stdout (Lambda; any process without a journal file). */
export const stdoutJournal = (): UsageJournal => ({
  record: (charge) => void process.stdout.write(journalLine(charge)),
});

/**
 * Lines appended to the file the environment names at the time of each line: a runner started again
 * in the same process (tests) names a new file, and the old one's tail must not receive its lines.
 */
export function fileJournal(): UsageJournal {
  let open: { path: string; fd: number } | undefined;
  return {
    record(charge: UsageCharge) {
      const path = process.env[JOURNAL_FILE_ENV];
      if (!path) throw new Error(`${JOURNAL_FILE_ENV} is not set`);
      if (open?.path !== path) {
        if (open) closeSync(open.fd);
        open = { path, fd: openSync(path, 'a') };
      }
      writeSync(open.fd, journalLine(charge));
    },
  };
}

/** The running local runner's tail of the journal, if this process has one (lib/local/journal-tailer.ts registers it). */
export const JOURNAL_TAILER = Symbol.for('salestax.usage-journal-tailer');

export const runnerBacklog = (): UsageBacklog => ({
  drain: async () => {
    const tailer = (globalThis as { [JOURNAL_TAILER]?: UsageBacklog })[JOURNAL_TAILER];
    await tailer?.drain();
  },
});
