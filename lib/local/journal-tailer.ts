// The local runner's stand-in for the CloudWatch Logs subscription of the usage journal: it tails the
// journal files (one per runner process, functions/adapters/logs/usage-journal.ts) and hands their
// complete lines to the usage-log worker in the subscription's own event shape (`awslogs.data`,
// base64 gzip JSON), every half second, before a usage read (drain) and when the runner stops.
//
// Exactly once across a kill -9 at any moment. Each file has a cursor sidecar (`<file>.cursor`), a
// log of short records appended with one write each: `p <start> <end>` (a delivery of bytes
// [start, end) is under way), written BEFORE the delivery is sent, then `d <end>` (consumed to end).
// The last complete record is the cursor; a record torn by a crash is ignored (a torn `p` was never
// sent, a torn `d` leaves the `p` before it pending). Appending, not replacing the file by rename:
// on ext4 a rename over a file flushes it, about a millisecond to several under load, twice a pass,
// on the event loop that answers requests. The log is rewritten whole (tmp + rename) only when a
// tailer first takes a file over, which also cuts off a torn tail, and when it grows past 64 KiB.
// A runner that finds a pending range (its predecessor died between sending and advancing) sends
// exactly that range again first: same lines, same event ids (their byte offsets), same chunks and
// markers, so what was applied adds nothing (functions/core/usage/journal.ts). Only complete lines
// are sent: a line being written (or torn by a crash mid-write) waits for its newline. Files of
// earlier runners (dead: the data directory's lock admits one runner) are deleted once consumed;
// their torn tail, if any, was never answered (the line is written before the answer).
import { appendFileSync, closeSync, existsSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
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

/** The cursor a sidecar's text records: its last complete record (an older runner's JSON cursor is read too). */
export function parseCursor(text: string): JournalCursor {
  if (text.startsWith('{')) {
    try {
      const parsed = JSON.parse(text) as JournalCursor;
      return typeof parsed.offset === 'number' ? parsed : { offset: 0 };
    } catch {
      return { offset: 0 };
    }
  }
  const records = text.slice(0, text.lastIndexOf('\n') + 1).split('\n');
  for (let i = records.length - 1; i >= 0; i--) {
    const record = CURSOR_RECORD.exec(records[i]!);
    if (!record) continue;
    const [, kind, first, second] = record;
    if (kind === 'd') return { offset: Number(first) };
    if (second !== undefined) return { offset: Number(first), pending: { start: Number(first), end: Number(second) } };
  }
  return { offset: 0 };
}

const CURSOR_RECORD = /^([pd]) (\d+)(?: (\d+))?$/;
/** Past this size the cursor log is rewritten as its last record (about 3,000 deliveries). */
const CURSOR_LOG_MAX_BYTES = 64 * 1024;

const recordOf = (cursor: JournalCursor): string => (cursor.pending ? `p ${cursor.pending.start} ${cursor.pending.end}\n` : `d ${cursor.offset}\n`);

export function readCursor(file: string): JournalCursor {
  try {
    return parseCursor(readFileSync(cursorPath(file), 'utf8'));
  } catch {
    return { offset: 0 };
  }
}

/** The cursor log as one record, replacing the file (its torn tail, if any, gone). */
function rewriteCursor(file: string, cursor: JournalCursor): void {
  const temporary = `${cursorPath(file)}.tmp`;
  writeFileSync(temporary, recordOf(cursor));
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
  // The cursor of each file this tailer has taken over, and the size of its cursor log.
  const cursors = new Map<string, { cursor: JournalCursor; logBytes: number }>();
  const cursorOf = (file: string): JournalCursor => {
    const held = cursors.get(file);
    if (held) return held.cursor;
    const cursor = readCursor(file);
    rewriteCursor(file, cursor);
    cursors.set(file, { cursor, logBytes: recordOf(cursor).length });
    return cursor;
  };
  const save = (file: string, cursor: JournalCursor) => {
    const record = recordOf(cursor);
    const logBytes = cursors.get(file)!.logBytes + record.length;
    if (logBytes > CURSOR_LOG_MAX_BYTES) {
      rewriteCursor(file, cursor);
      cursors.set(file, { cursor, logBytes: record.length });
    } else {
      appendFileSync(cursorPath(file), record);
      cursors.set(file, { cursor, logBytes });
    }
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
    // What was complete when the pass began, then the next pass: looping to the end would chase the
    // writers under steady load, a few dozen lines a delivery back to back (measured about 25 at
    // 1,500 requests/s, against about 660 a pass), each a worker invocation and a transaction.
    for (const size = statSync(file).size; ; ) {
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
