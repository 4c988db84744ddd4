// The usage journal's format and chunks (functions/core/usage/journal.ts): a line reads back as the
// charge it records, other lines are not units, and a delivery cuts into the same chunks (same
// markers) every time it is sent, each within DynamoDB's 100 items per transaction.
import { describe, expect, it } from 'vitest';
import { chargeOfLine, JOURNAL_MARK, type JournalDelivery, journalChunks, journalLine, MAX_CHUNK_ITEMS } from '../../functions/core/usage/journal';
import type { UsageCharge } from '../../functions/core/usage/usage';
import { USAGE_LOG_WORKER } from '../../functions/manifest/resources';

const charge = (keyId: string, kind: UsageCharge['kind'] = 'calculation', day = '2026-11-26'): UsageCharge => ({
  owner: { accountId: 'acct_a', environment: 'sandbox', keyId },
  day,
  kind,
  units: 1,
});

const delivery = (charges: readonly UsageCharge[], stream = 'stream-a', firstId = 0): JournalDelivery => ({
  source: 'group',
  stream,
  events: charges.map((c, i) => ({ id: String(firstId + i), message: journalLine(c).trimEnd() })),
});

describe('journal lines', () => {
  it('are one compact JSON line with a newline, read back as the charge', () => {
    const line = journalLine(charge('key_1', 'estimate'));
    expect(line.endsWith('\n')).toBe(true);
    expect(line.slice(0, -1)).not.toContain('\n');
    expect(chargeOfLine(line)).toEqual(charge('key_1', 'estimate'));
    expect(JSON.parse(line)).toMatchObject({ [JOURNAL_MARK]: 1, account: 'acct_a', key: 'key_1', kind: 'estimate' });
  });

  it('carry the mark the subscription filter selects', () => {
    expect(USAGE_LOG_WORKER.filterPattern).toBe(`{ $.${JOURNAL_MARK} = 1 }`);
  });

  it('are not read from other lines: a log line, a torn line, a wrong kind or version', () => {
    const line = journalLine(charge('key_1')).trimEnd();
    expect(chargeOfLine('{"level":"INFO","message":"usage_unit"}')).toBeUndefined();
    expect(chargeOfLine(line.slice(0, -5))).toBeUndefined();
    expect(chargeOfLine(line.replace('"calculation"', '"lunch"'))).toBeUndefined();
    expect(chargeOfLine(line.replace('"usage_unit":1', '"usage_unit":2'))).toBeUndefined();
    expect(chargeOfLine(line.replace('"units":1', '"units":0'))).toBeUndefined();
    expect(chargeOfLine('null')).toBeUndefined();
  });
});

describe('journal chunks', () => {
  it('sum units per owner, day and kind; skip lines that are not units', () => {
    const d = delivery([charge('key_1'), charge('key_1'), charge('key_1', 'estimate'), charge('key_2'), charge('key_1', 'calculation', '2026-11-27')]);
    const { chunks, units, skipped } = journalChunks({ ...d, events: [...d.events, { id: 'x', message: 'START RequestId: 1' }] });
    expect({ units, skipped, chunks: chunks.length }).toEqual({ units: 5, skipped: 1, chunks: 1 });
    expect(chunks[0]!.charges.map((c) => [c.owner.keyId, c.day, c.kind, c.units])).toEqual([
      ['key_1', '2026-11-26', 'calculation', 2],
      ['key_1', '2026-11-26', 'estimate', 1],
      ['key_1', '2026-11-27', 'calculation', 1],
      ['key_2', '2026-11-26', 'calculation', 1],
    ]);
    expect(chunks[0]!.slot).toMatch(/^j\d+$/);
  });

  it('split a delivery over more owners than a transaction holds, the same way every time', () => {
    const many = Array.from({ length: 250 }, (_, i) => charge(`key_${String(i).padStart(3, '0')}`));
    const first = journalChunks(delivery(many));
    expect(first.chunks.map((c) => c.charges.length)).toEqual([MAX_CHUNK_ITEMS, MAX_CHUNK_ITEMS, 250 - 2 * MAX_CHUNK_ITEMS]);
    expect(new Set(first.chunks.map((c) => c.marker)).size).toBe(3);
    // The same delivery again: the same chunks, the same markers.
    expect(journalChunks(delivery(many))).toEqual(first);
  });

  it('name each delivery by its stream and its first and last events: another delivery never meets its markers', () => {
    const markers = (d: JournalDelivery) => journalChunks(d).chunks.map((c) => c.marker);
    const one = markers(delivery([charge('key_1')], 'stream-a', 0));
    expect(markers(delivery([charge('key_1')], 'stream-b', 0))).not.toEqual(one);
    expect(markers(delivery([charge('key_1')], 'stream-a', 1))).not.toEqual(one);
    expect(markers(delivery([charge('key_1')], 'stream-a', 0))).toEqual(one);
  });
});
