// The usage journal summed into DynamoDB Local: the usage-log worker as CloudWatch Logs and the
// local runner deliver to it (lib/local/journal-tailer.ts builds the subscription's event), and the
// runner's tail of journal files. Every unit counts once however deliveries repeat, arrive out of
// order, fail half way, or are cut short by a crash between sending and advancing the cursor; a
// line not yet complete waits for its newline. Each case bills an account of its own.
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CloudWatchLogsEvent, Context } from 'aws-lambda';
import { afterAll, afterEach, expect, inject, it } from 'vitest';
import { UsageStore } from '../../functions/adapters/dynamodb/usage-store';
import { journalLine, MAX_CHUNK_ITEMS } from '../../functions/core/usage/journal';
import type { UsageCharge } from '../../functions/core/usage/usage';
import { handler } from '../../functions/handlers/workers/usage-log';
import { USAGE_TABLE } from '../../functions/manifest/resources';
import { decodeLogsEvent } from '../../functions/shared/cloudwatch-logs';
import { functionContext } from '../../lib/local/api-gateway';
import { inProcess } from '../../lib/local/invoke';
import { cursorPath, type LogsHandler, logsEvent, parseCursor, readCursor, tailJournal } from '../../lib/local/journal-tailer';
import { localTableName } from '../../lib/local/provision';
import { db } from '../support/dynamo';
import { describeLocal } from '../support/target';

// The worker's environment (tables, endpoint), as the runner gives it; DynamoDB Local's commit
// barrier, so a read right after a delivery sees it (functions/adapters/dynamodb/local-commit-barrier.ts).
inProcess(inject('dynamoEndpoint'));
process.env.STX_DYNAMODB_LOCAL = '1';

const DAY = '2026-11-26';
const dirs: string[] = [];
const faultsBefore = process.env.STX_FAULTS;
afterEach(() => {
  if (faultsBefore === undefined) delete process.env.STX_FAULTS;
  else process.env.STX_FAULTS = faultsBefore;
});
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const account = (): string => `acct_journal_${randomBytes(4).toString('hex')}`;
const charge = (accountId: string, keyId = 'key_a', kind: UsageCharge['kind'] = 'calculation'): UsageCharge => ({
  owner: { accountId, environment: 'sandbox', keyId },
  day: DAY,
  kind,
  units: 1,
});
const context = (): Context => functionContext('usage-log-worker', 'local', 60);
const events = (charges: readonly UsageCharge[], firstId: number) => charges.map((c, i) => ({ id: String(firstId + i), message: journalLine(c).trimEnd() }));
const deliver = (event: CloudWatchLogsEvent) => handler(event, context());

/** An account's units per kind on DAY, every key and slot summed. */
async function units(accountId: string): Promise<Record<string, number>> {
  const rows = await new UsageStore(db(), localTableName(USAGE_TABLE)).read(accountId, DAY, DAY);
  const sum: Record<string, number> = {};
  for (const row of rows) for (const [kind, n] of Object.entries(row.units)) sum[kind] = (sum[kind] ?? 0) + (n ?? 0);
  return sum;
}

function journalDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'stx-journal-test-'));
  dirs.push(dir);
  return dir;
}

/**
 * A journal file named as no other test's: its name is the delivery's stream, part of each chunk's
 * marker, so two tests' files of the same name and offsets would share markers in the one table.
 */
const journalFile = (dir: string, name: string): string => join(dir, `${name}-${randomBytes(4).toString('hex')}.jsonl`);

describeLocal('the usage-log worker', () => {
  it('counts a delivery once however often it comes, concurrently or not', async () => {
    const acct = account();
    const event = logsEvent('stream-repeat', events([charge(acct), charge(acct), charge(acct, 'key_a', 'estimate')], 0), Date.now());
    await deliver(event);
    await Promise.all([deliver(event), deliver(event), deliver(event)]);
    await deliver(event);
    expect(await units(acct)).toEqual({ calculation: 2, estimate: 1 });
  });

  it('counts deliveries that arrive out of order, each once', async () => {
    const acct = account();
    const first = logsEvent(
      'stream-order',
      events(
        Array.from({ length: 5 }, () => charge(acct)),
        0,
      ),
      Date.now(),
    );
    const second = logsEvent(
      'stream-order',
      events(
        Array.from({ length: 3 }, () => charge(acct)),
        5,
      ),
      Date.now(),
    );
    await deliver(second);
    await deliver(first);
    await deliver(second);
    expect(await units(acct)).toEqual({ calculation: 8 });
  });

  it('splits a delivery over more owners than a transaction holds; one failing half way is sent again and counts once', async () => {
    const acct = account();
    const owners = 2 * MAX_CHUNK_ITEMS + 52;
    const event = logsEvent(
      'stream-wide',
      events(
        Array.from({ length: owners }, (_, i) => charge(acct, `key_${i}`)),
        0,
      ),
      Date.now(),
    );
    // The second chunk's transaction is applied, then its answer lost: the delivery fails after two of three chunks.
    process.env.STX_FAULTS = 'dynamodb:TransactWriteItems:timeout:2';
    await expect(deliver(event)).rejects.toThrow(/timed out/);
    delete process.env.STX_FAULTS;
    await deliver(event);
    const rows = await new UsageStore(db(), localTableName(USAGE_TABLE)).read(acct, DAY, DAY);
    expect(new Set(rows.map((r) => r.keyId)).size).toBe(owners);
    expect(await units(acct)).toEqual({ calculation: owners });
  });

  it('applies a chunk that lost a race for a counter item when tried again', async () => {
    const acct = account();
    process.env.STX_FAULTS = 'dynamodb:TransactWriteItems:conflict:2';
    for (let i = 0; i < 3; i++) await deliver(logsEvent('stream-race', events([charge(acct)], i), Date.now()));
    expect(await units(acct)).toEqual({ calculation: 3 });
  });
});

describeLocal("the local runner's tail of the journal", () => {
  it('sends a line only once it is complete: a torn last line waits for its newline', async () => {
    const acct = account();
    const dir = journalDir();
    const file = journalFile(dir, 'live');
    const line = journalLine(charge(acct));
    writeFileSync(file, `${line}${line}${line.slice(0, 20)}`);
    const tail = tailJournal({ dir, liveFile: file, handler, context, onError: () => undefined, intervalMs: 3_600_000 });
    await tail.drain();
    expect(await units(acct)).toEqual({ calculation: 2 });
    appendFileSync(file, line.slice(20));
    await tail.drain();
    await tail.drain();
    expect(await units(acct)).toEqual({ calculation: 3 });
    await tail.stop();
    // The live file stays; its cursor is at its end.
    expect(readCursor(file)).toEqual({ offset: 3 * Buffer.byteLength(line) });
  });

  it('sends in a pass what was complete when it began: lines written meanwhile wait for the next pass', async () => {
    const acct = account();
    const dir = journalDir();
    const file = journalFile(dir, 'live');
    const line = journalLine(charge(acct));
    writeFileSync(file, line.repeat(2));
    // Each delivery, as a busy runner would, writes another line while it is being summed.
    const sizes: number[] = [];
    const writing: LogsHandler = async (event, ctx) => {
      sizes.push(decodeLogsEvent(event).logEvents.length);
      appendFileSync(file, line);
      return handler(event, ctx);
    };
    const tail = tailJournal({ dir, liveFile: file, handler: writing, context, onError: () => undefined, intervalMs: 3_600_000 });
    await tail.drain();
    expect(sizes).toEqual([2]);
    expect(await units(acct)).toEqual({ calculation: 2 });
    await tail.drain();
    expect(sizes).toEqual([2, 1]);
    expect(await units(acct)).toEqual({ calculation: 3 });
    await tail.stop();
    expect(sizes).toEqual([2, 1, 1]);
    expect(readCursor(file)).toEqual({ offset: 4 * Buffer.byteLength(line) });
  });

  it('reads a cursor log by its last complete record: a torn record is ignored, an older JSON cursor still read', () => {
    expect(parseCursor('')).toEqual({ offset: 0 });
    expect(parseCursor('d 0\np 0 420\nd 420\n')).toEqual({ offset: 420 });
    expect(parseCursor('d 0\np 0 420\nd 4')).toEqual({ offset: 0, pending: { start: 0, end: 420 } });
    expect(parseCursor('d 420\np 420 8')).toEqual({ offset: 420 });
    expect(parseCursor('d 420\np 420 840\n')).toEqual({ offset: 420, pending: { start: 420, end: 840 } });
    expect(parseCursor('{"offset":42,"pending":{"start":42,"end":84}}')).toEqual({ offset: 42, pending: { start: 42, end: 84 } });
  });

  it('takes over a cursor log with a torn tail and keeps it short over thousands of deliveries', async () => {
    const acct = account();
    const dir = journalDir();
    const file = journalFile(dir, 'live');
    const line = journalLine(charge(acct));
    const size = Buffer.byteLength(line);
    writeFileSync(file, line.repeat(2));
    // Consumed to the first line; the crash tore the record of the next delivery.
    writeFileSync(cursorPath(file), `d 0\np 0 ${size}\nd ${size}\np ${size} 9`);
    // The first delivery to DynamoDB; the thousands after it only counted (the cursor is what is tested).
    let summing = true;
    let counted = 0;
    const counting: LogsHandler = async (event, ctx) => {
      if (summing) return handler(event, ctx);
      counted += decodeLogsEvent(event).logEvents.length;
    };
    const tail = tailJournal({ dir, liveFile: file, handler: counting, context, onError: () => undefined, intervalMs: 3_600_000 });
    await tail.drain();
    expect(await units(acct)).toEqual({ calculation: 1 });
    expect(readFileSync(cursorPath(file), 'utf8')).toBe(`d ${size}\np ${size} ${2 * size}\nd ${2 * size}\n`);
    // One line a delivery, two records each: the log is rewritten as one record once past 64 KiB.
    summing = false;
    for (let i = 0; i < 3_000; i++) {
      appendFileSync(file, line);
      await tail.drain();
    }
    await tail.stop();
    expect(counted).toBe(3_000);
    // Appended only, the log would hold 6,000 records of 9 to 16 bytes: about 75 KB.
    expect(statSync(cursorPath(file)).size).toBeLessThan(16 * 1024);
    expect(readCursor(file)).toEqual({ offset: statSync(file).size });
  });

  it('counts once a delivery a crash cut off between sending it and advancing the cursor, then consumes and deletes the dead file', async () => {
    const acct = account();
    const dir = journalDir();
    const dead = journalFile(dir, '1-dead');
    writeFileSync(dead, Array.from({ length: 4 }, () => journalLine(charge(acct))).join(''));
    // The runner that wrote the file dies each time right after its delivery landed, before it could advance.
    let sent = 0;
    const dying: LogsHandler = async (event, ctx) => {
      await handler(event, ctx);
      sent++;
      throw new Error('killed after sending');
    };
    const first = tailJournal({ dir, liveFile: dead, handler: dying, context, onError: () => undefined, intervalMs: 3_600_000 });
    await expect(first.drain()).rejects.toThrow(/killed after sending/);
    await first.stop();
    expect(sent).toBeGreaterThan(0);
    const left = readCursor(dead);
    expect(left).toMatchObject({ offset: 0, pending: { start: 0 } });
    expect(await units(acct)).toEqual({ calculation: 4 });
    // Lines written after the delivery, before the crash.
    appendFileSync(dead, journalLine(charge(acct, 'key_a', 'estimate')));

    // The next runner, with a file of its own: the pending range again (its marker: nothing added), then the rest.
    const live = journalFile(dir, '2-live');
    const next = tailJournal({ dir, liveFile: live, handler, context, onError: () => undefined, intervalMs: 3_600_000 });
    await next.drain();
    expect(await units(acct)).toEqual({ calculation: 4, estimate: 1 });
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(cursorPath(dead))).toBe(false);
    await next.stop();
  });
});
