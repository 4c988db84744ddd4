// Sealed list cursors (functions/core/lists/cursor-seal.ts): a position comes back only to the
// audience it was sealed for, unaltered and in time; the cursor itself shows nothing of it.
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../functions/core/errors';
import { CURSOR_LIFETIME_SECONDS, cursorKeys, openCursor, sealCursor } from '../../../functions/core/lists/cursor-seal';

const keys = cursorKeys(randomBytes(32));
const NOW = new Date('2026-11-25T12:00:00Z');
const position = Buffer.from(JSON.stringify({ PK: 'TXN#acct_main#sandbox#INV-1', SK: 'TXN', GSI1PK: 'TXNS#acct_main#sandbox', GSI1SK: '2026#INV-1' })).toString(
  'base64url',
);
const AUDIENCE = 'v1|sandbox|acct_main/sandbox|*|-';

function refusal(run: () => unknown): { code: string; target: string; message: string } {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('validation_error');
    return (error as DomainError).details![0]!;
  }
  throw new Error('the cursor was accepted');
}

describe('sealed cursors', () => {
  it('give the position back to their audience until they expire', () => {
    const cursor = sealCursor(position, keys, AUDIENCE, NOW);
    expect(openCursor(cursor, keys, AUDIENCE, NOW)).toBe(position);
    expect(openCursor(cursor, keys, AUDIENCE, new Date(NOW.getTime() + (CURSOR_LIFETIME_SECONDS - 1) * 1000))).toBe(position);
  });

  it('show nothing of the position: no key, no account, no table name in the bytes', () => {
    const cursor = sealCursor(position, keys, AUDIENCE, NOW);
    const bytes = Buffer.from(cursor.slice(3), 'base64url').toString('latin1');
    for (const secret of ['acct_main', 'TXN', 'INV-1', 'GSI1', position.slice(0, 12)]) expect(bytes + cursor).not.toContain(secret);
    // Two seals of one position differ (a fresh nonce each time).
    expect(sealCursor(position, keys, AUDIENCE, NOW)).not.toBe(cursor);
  });

  it('are refused to another tenant, key scope or credential', () => {
    const cursor = sealCursor(position, keys, AUDIENCE, NOW);
    for (const other of [
      'v1|sandbox|acct_other/sandbox|*|-',
      'v1|sandbox|acct_main/sandbox|NYC|-',
      'v1|sandbox|acct_main/sandbox|*|prac_1/1001',
      'v1|production|acct_main/production|*|-',
    ])
      expect(refusal(() => openCursor(cursor, keys, other, NOW))).toMatchObject({ code: 'string_pattern_mismatch', target: 'query.cursor' });
  });

  it('are refused with another deployment secret', () => {
    const cursor = sealCursor(position, keys, AUDIENCE, NOW);
    expect(refusal(() => openCursor(cursor, cursorKeys(randomBytes(32)), AUDIENCE, NOW)).target).toBe('query.cursor');
  });

  it('are refused once expired, saying so', () => {
    const cursor = sealCursor(position, keys, AUDIENCE, NOW);
    const detail = refusal(() => openCursor(cursor, keys, AUDIENCE, new Date(NOW.getTime() + CURSOR_LIFETIME_SECONDS * 1000)));
    expect(detail).toMatchObject({ code: 'string_pattern_mismatch', target: 'query.cursor' });
    expect(detail.message).toMatch(/expired/);
  });

  it('are refused when any character is changed, any part cut off or added', () => {
    const cursor = sealCursor(position, keys, AUDIENCE, NOW);
    fc.assert(
      fc.property(fc.nat(cursor.length - 1), fc.constantFrom(...'ABCabc019-_.=+/ '), (at, ch) => {
        fc.pre(cursor[at] !== ch);
        const altered = cursor.slice(0, at) + ch + cursor.slice(at + 1);
        refusal(() => openCursor(altered, keys, AUDIENCE, NOW));
      }),
      { numRuns: 500 },
    );
    for (let cut = 1; cut < cursor.length; cut += 7) refusal(() => openCursor(cursor.slice(0, cursor.length - cut), keys, AUDIENCE, NOW));
    for (const extra of ['A', 'AA', '=', '.x']) refusal(() => openCursor(cursor + extra, keys, AUDIENCE, NOW));
  });

  it('refuse what was never sealed: store positions, empty and foreign strings', () => {
    for (const forged of [position, '', 'c1.', `c1.${'A'.repeat(64)}`, `c2.${sealCursor(position, keys, AUDIENCE, NOW).slice(3)}`, 'not a cursor!'])
      refusal(() => openCursor(forged, keys, AUDIENCE, NOW));
  });
});
