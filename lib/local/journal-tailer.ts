// The local runner's stand-in for the CloudWatch Logs subscription of the usage journal: it tails the
// journal files (one per runner process, functions/adapters/logs/usage-journal.ts) and hands their
// complete lines to the usage-log worker in the subscription's own event shape (`awslogs.data`,
// base64 gzip JSON), every half second, before a usage read (drain) and when the runner stops.
//
// Exactly once across a kill -9 at any moment. Each file has a cursor sidecar (`<file>.cursor`,
// replaced by rename): the byte offset consumed so far and, while a delivery is under way, its byte
// range [start, end), written BEFORE the delivery is sent. A runner that finds a pending range
// (its predecessor died between sending and advancing) sends exactly that range again first: same
// lines, same event ids (their byte offsets), same chunks and markers, so what was applied adds
// nothing (functions/core/usage/journal.ts). Only complete lines are sent: a line being written (or
// torn by a crash mid-write) waits for its newline. Files of earlier runners (dead: the data
// directory's lock admits one runner) are deleted once consumed; their torn tail, if any, was never
// answered (the line is written before the answer).
import { closeSync, existsSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { CloudWatchLogsDecodedData, CloudWatchLogsEvent, Context } from 'aws-lambda';

export type LogsHandler = (event: CloudWatchLogsEvent, context: Context) => Promise<unknown>;

export const JOURNAL_SUFFIX = '.jsonl';
const CURSOR_SUFFIX = '.cursor';
/** The log group a local delivery names (on AWS: the functions' log group). */
export const LOCAL_JOURNAL_SOURCE = 'usage-journal';
/** Bytes of lines per delivery (about 2,500 lines): CloudWatch Logs delivers at most 1 MB. */
const MAX_DELIVERY_BYTES = 256 * 1024;
const NEWLINE = 0x0a;
/** Passes a drain tries before it gives up: a delivery that failed (a throttle, a timeout) is sent again at once. */
const DRAIN_ATTEMPTS = 5;

/** Where a file is consumed to, and the delivery sent and not yet known to have landed. */
export interface JournalCursor {
  readonly offset: number;
  readonly pending?: { readonly start: number; readonly end: number };
}

export const cursorPath = (file: string): string => `${file}${CURSOR_SUFFIX}`;

export function readCursor(file: string): JournalCursor {
  try {
    const parsed = JSON.parse(readFileSync(cursorPath(file), 'utf8')) as JournalCursor;
    return typeof parsed.offset === 'number' ? parsed : { offset: 0 };
  } catch {
    return { offset: 0 };
  }
}

function writeCursor(file: string, cursor: JournalCursor): void {
  const temporary = `${cursorPath(file)}.tmp`;
  writeFileSync(temporary, JSON.stringify(cursor));
  renameSync(temporary, cursorPath(file));
}

function readRange(file: string, start: number, length: number): Buffer {
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const read = readSync(fd, buffer, 0, length, start);
    return buffer.subarray(0, read);
  } finally {
    closeSync(fd);
  }
}

/** The end of the complete lines after `offset` (at most MAX_DELIVERY_BYTES of them, or one longer line). */
function completeEnd(file: string, offset: number, size: number): number {
  let bytes = readRange(file, offset, Math.min(size - offset, MAX_DELIVERY_BYTES));
  let last = bytes.lastIndexOf(NEWLINE);
  if (last < 0 && size - offset > bytes.length) {
    bytes = readRange(file, offset, size - offset);
    last = bytes.indexOf(NEWLINE);
  }
  return last < 0 ? offset : offset + last + 1;
}

/** The subscription's event for lines of `stream`: the same shape (and encoding) CloudWatch Logs sends. */
export function logsEvent(stream: string, events: readonly { id: string; message: string }[], timestamp: number): CloudWatchLogsEvent {
  const data: CloudWatchLogsDecodedData = {
    messageType: 'DATA_MESSAGE',
    owner: 'local',
    logGroup: LOCAL_JOURNAL_SOURCE,
    logStream: stream,
    subscriptionFilters: [LOCAL_JOURNAL_SOURCE],
    logEvents: events.map((e) => ({ ...e, timestamp })),
  };
  return { awslogs: { data: gzipSync(JSON.stringify(data)).toString('base64') } };
}

/** The lines of [start, end) of a file as events whose ids are their byte offsets. */
function eventsOf(file: string, start: number, end: number): { id: string; message: string }[] {
  const bytes = readRange(file, start, end - start);
  const events: { id: string; message: string }[] = [];
  for (let from = 0; from < bytes.length; ) {
    const newline = bytes.indexOf(NEWLINE, from);
    const to = newline < 0 ? bytes.length : newline;
    if (to > from) events.push({ id: String(start + from), message: bytes.toString('utf8', from, to) });
    from = to + 1;
  }
  return events;
}

export interface JournalTailerOptions {
  readonly dir: string;
  /** This runner's own file: written to while the runner lives, so never deleted. */
  readonly liveFile: string;
  readonly handler: LogsHandler;
  readonly context: () => Context;
  readonly onError: (error: unknown) => void;
  readonly intervalMs?: number;
  /** Make this the tail a usage read of this process drains (the runner's). */
  readonly register?: boolean;
}

export interface JournalTailer {
  /** Sends every complete line written so far, trying a failed delivery again a few times; rejects if it still fails (sent again next time). */
  drain(): Promise<void>;
  /** No more timed passes; a last drain. */
  stop(): Promise<void>;
}

/** The process-wide registration a usage read drains through (functions/adapters/logs/usage-journal.ts JOURNAL_TAILER). */
const REGISTRATION = Symbol.for('salestax.usage-journal-tailer');

export function tailJournal(options: JournalTailerOptions): JournalTailer {
  const { dir, liveFile, handler, context } = options;
  const cursors = new Map<string, JournalCursor>();
  const cursorOf = (file: string): JournalCursor => cursors.get(file) ?? readCursor(file);
  const save = (file: string, cursor: JournalCursor) => {
    writeCursor(file, cursor);
    cursors.set(file, cursor);
  };

  const deliver = async (file: string, start: number, end: number) => {
    const events = eventsOf(file, start, end);
    if (events.length > 0) await handler(logsEvent(basename(file), events, Date.now()), context());
  };

  const consume = async (file: string) => {
    let cursor = cursorOf(file);
    if (cursor.pending) {
      // Sent by a pass (maybe a predecessor's) that never learned whether it landed: exactly that range again.
      await deliver(file, cursor.pending.start, cursor.pending.end);
      cursor = { offset: cursor.pending.end };
      save(file, cursor);
    }
    for (;;) {
      const size = statSync(file).size;
      const end = size > cursor.offset ? completeEnd(file, cursor.offset, size) : cursor.offset;
      if (end === cursor.offset) break;
      save(file, { offset: cursor.offset, pending: { start: cursor.offset, end } });
      await deliver(file, cursor.offset, end);
      cursor = { offset: end };
      save(file, cursor);
    }
    if (file !== liveFile) {
      rmSync(file, { force: true });
      rmSync(cursorPath(file), { force: true });
      cursors.delete(file);
    }
  };

  const pass = async () => {
    if (!existsSync(dir)) return;
    const files = readdirSync(dir)
      .filter((name) => name.endsWith(JOURNAL_SUFFIX))
      .sort()
      .map((name) => join(dir, name));
    for (const file of files) await consume(file);
  };

  // Passes run one at a time; a drain waits for a pass that starts after it was asked for.
  let chain: Promise<void> = Promise.resolve();
  let queued = false;
  const run = (): Promise<void> => {
    const next = chain.then(pass);
    chain = next.catch(() => undefined);
    return next;
  };
  const timer = setInterval(() => {
    if (queued) return;
    queued = true;
    void run()
      .catch(options.onError)
      .finally(() => (queued = false));
  }, options.intervalMs ?? 500);
  timer.unref();

  const tailer: JournalTailer = {
    async drain() {
      for (let attempt = 1; ; attempt++) {
        try {
          return await run();
        } catch (error) {
          if (attempt >= DRAIN_ATTEMPTS) throw error;
          await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
        }
      }
    },
    async stop() {
      clearInterval(timer);
      const registry = globalThis as { [REGISTRATION]?: JournalTailer };
      if (registry[REGISTRATION] === tailer) delete registry[REGISTRATION];
      await tailer.drain().catch(options.onError);
    },
  };
  if (options.register) (globalThis as { [REGISTRATION]?: JournalTailer })[REGISTRATION] = tailer;
  return tailer;
}
