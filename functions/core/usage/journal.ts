// The usage journal (docs/usage-and-monitoring.md, "Exactly once"): a calculation's or an
// estimate's unit written as one line when its answer is ready (on Lambda a stdout line CloudWatch
// Logs keeps, locally a line appended to a file), and summed later into the usage table, exactly
// once per delivery of lines. Pure: the line format, reading a line back, and how a delivery is cut
// into chunks that each apply atomically.
import { createHash } from 'node:crypto';
import { USAGE_KINDS, type UsageCharge, type UsageKind } from './usage';

/**
 * The field that marks a journal line, with the format's version as its value. The CloudWatch Logs
 * subscription selects these lines by it (functions/manifest/resources.ts USAGE_LOG_WORKER `{ $.usage_unit = 1 }`);
 * no other line the service writes has a top-level `usage_unit`.
 */
export const JOURNAL_MARK = 'usage_unit';
export const JOURNAL_VERSION = 1;

/** One compact JSON line (with its newline): the unit, whom it is billed to, and its UTC day. */
export function journalLine(charge: UsageCharge): string {
  const { owner, day, kind, units } = charge;
  return `${JSON.stringify({ [JOURNAL_MARK]: JOURNAL_VERSION, account: owner.accountId, environment: owner.environment, key: owner.keyId, day, kind, units })}\n`;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** The charge a journal line records, or undefined for a line that is not one (any other log line, a torn one). */
export function chargeOfLine(message: string): UsageCharge | undefined {
  let line: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(message);
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    line = parsed as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const { account, environment, key, day, kind, units } = line;
  if (line[JOURNAL_MARK] !== JOURNAL_VERSION || !nonEmpty(account) || !nonEmpty(key)) return undefined;
  if (environment !== 'sandbox' && environment !== 'production') return undefined;
  if (typeof day !== 'string' || !DAY.test(day) || !(USAGE_KINDS as readonly unknown[]).includes(kind)) return undefined;
  if (typeof units !== 'number' || !Number.isInteger(units) || units < 1) return undefined;
  return { owner: { accountId: account, environment, keyId: key }, day, kind: kind as UsageKind, units };
}

/** Where an answered calculation's unit is written, synchronously: once `record` returns, the unit is durable. */
export interface UsageJournal {
  record(charge: UsageCharge): void;
}

/** Journal lines written and not summed yet, where they can be waited for (the local runner); absent on AWS. */
export interface UsageBacklog {
  drain(): Promise<void>;
}

/** A line as a delivery carries it: CloudWatch Logs' event id, or locally its byte offset in the file. */
export interface JournalEvent {
  readonly id: string;
  readonly message: string;
}

/**
 * What one delivery brings: lines of one stream (a Lambda environment's log stream, a local journal
 * file) of one source (the log group, locally the journal). The same delivery sent again (an async
 * invocation retried, a local delivery redone after a crash) carries the same events in the same order.
 */
export interface JournalDelivery {
  readonly source: string;
  readonly stream: string;
  readonly events: readonly JournalEvent[];
}

/**
 * Counter updates that apply together or not at all, with the marker that records they were applied.
 * `charges` hold one charge per owner, day and kind (units summed), on at most MAX_CHUNK_ITEMS items.
 */
export interface JournalChunk {
  readonly marker: string;
  readonly slot: string;
  readonly charges: readonly UsageCharge[];
}

/** DynamoDB takes 100 items in a transaction: one is the chunk's marker, the rest counter items. */
export const MAX_CHUNK_ITEMS = 99;
/** Journal chunks write slots of their own (`j0`…`j15`), never a document's: they never cancel a commit's transaction. */
export const JOURNAL_SLOTS = 16;

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();
const itemOf = (c: UsageCharge): string => `${c.owner.accountId}\u0000${c.owner.environment}\u0000${c.owner.keyId}\u0000${c.day}`;

/**
 * Cuts a delivery into chunks, deterministically: the same delivery always gives the same chunks
 * with the same markers, so a chunk sent again finds its marker and adds nothing. The marker names
 * the delivery by its source, stream, first and last event ids, and the chunk's index (not by a
 * sequence: deliveries may come twice and out of order). Units are summed per owner, day and kind;
 * an owner's day is one counter item, and items are sorted and split MAX_CHUNK_ITEMS to a chunk.
 */
export function journalChunks(delivery: JournalDelivery): { chunks: JournalChunk[]; units: number; skipped: number } {
  const summed = new Map<string, UsageCharge>();
  let units = 0;
  let skipped = 0;
  for (const event of delivery.events) {
    const charge = chargeOfLine(event.message);
    if (!charge) {
      skipped++;
      continue;
    }
    units += charge.units;
    const id = `${itemOf(charge)}\u0000${charge.kind}`;
    const held = summed.get(id);
    summed.set(id, held ? { ...held, units: held.units + charge.units } : charge);
  }
  const byItem = new Map<string, UsageCharge[]>();
  for (const id of [...summed.keys()].sort()) {
    const charge = summed.get(id)!;
    const item = itemOf(charge);
    byItem.set(item, [...(byItem.get(item) ?? []), charge]);
  }
  const items = [...byItem.values()];
  const first = delivery.events[0]?.id ?? '';
  const last = delivery.events.at(-1)?.id ?? '';
  const basis = JSON.stringify([delivery.source, delivery.stream, first, last]);
  const chunks: JournalChunk[] = [];
  for (let start = 0, index = 0; start < items.length; start += MAX_CHUNK_ITEMS, index++) {
    const hash = digest(`${basis}#${index}`);
    chunks.push({
      marker: `${hash.toString('base64url')}#${index}`,
      slot: `j${hash.readUInt32BE(0) % JOURNAL_SLOTS}`,
      charges: items.slice(start, start + MAX_CHUNK_ITEMS).flat(),
    });
  }
  return { chunks, units, skipped };
}
