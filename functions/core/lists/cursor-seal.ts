// What a client holds of a list position: a sealed cursor. The position a store issued (its own
// opaque cursor, paging.ts) is encrypted, so a cursor shows nothing of the table's keys, and signed
// with an HMAC over who may use it and until when, so a cursor that was altered, cut short, issued
// to another tenant (or another key scope), or has expired is refused before any store decodes it.
// Both keys derive from one per-deployment secret; the instant is an argument (no clock here).
//
//   cursor = "c1." base64url( nonce(16) | expires(4, unix seconds) | AES-256-CTR(position) | HMAC-SHA256(…)[0..16] )
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { fieldError } from '../errors';

/** How long a list may be paged with the cursors it handed out. */
export const CURSOR_LIFETIME_SECONDS = 24 * 3600;

const PREFIX = 'c1.';
const NONCE = 16;
const EXPIRES = 4;
const TAG = 16;

export interface CursorKeys {
  readonly encryption: Buffer;
  readonly signing: Buffer;
}

/** The two keys of a deployment secret (HKDF-SHA256, one label each). */
export function cursorKeys(secret: Uint8Array): CursorKeys {
  const derive = (label: string) => Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `stx-cursor-${label}`, 32));
  return { encryption: derive('encryption'), signing: derive('signing') };
}

const tagOf = (keys: CursorKeys, audience: string, sealed: Buffer): Buffer =>
  createHmac('sha256', keys.signing).update(audience, 'utf8').update('\0').update(sealed).digest().subarray(0, TAG);

/**
 * Seals a store's position for `audience` (who may present it: tenant, key scope, credential),
 * valid until `now` + CURSOR_LIFETIME_SECONDS.
 */
export function sealCursor(position: string, keys: CursorKeys, audience: string, now: Date): string {
  const nonce = randomBytes(NONCE);
  const expires = Buffer.alloc(EXPIRES);
  expires.writeUInt32BE(Math.floor(now.getTime() / 1000) + CURSOR_LIFETIME_SECONDS);
  const cipher = createCipheriv('aes-256-ctr', keys.encryption, nonce);
  const body = Buffer.concat([nonce, expires, cipher.update(position, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([body, tagOf(keys, audience, body)]).toString('base64url');
}

const refused = (reason: string) => fieldError('string_pattern_mismatch', 'query.cursor', reason);

/** The position inside a cursor this audience may use now; a 422 at `query.cursor` otherwise. */
export function openCursor(cursor: string, keys: CursorKeys, audience: string, now: Date): string {
  const raw = cursor.startsWith(PREFIX) ? Buffer.from(cursor.slice(PREFIX.length), 'base64url') : Buffer.alloc(0);
  // base64url decoding skips what is not of its alphabet: re-encoding must give the cursor back.
  if (raw.length <= NONCE + EXPIRES + TAG || PREFIX + raw.toString('base64url') !== cursor) throw refused('Is not a cursor returned by this list.');
  const body = raw.subarray(0, raw.length - TAG);
  if (!timingSafeEqual(raw.subarray(raw.length - TAG), tagOf(keys, audience, body))) throw refused('Is not a cursor returned by this list.');
  if (body.readUInt32BE(NONCE) * 1000 <= now.getTime())
    throw refused(`Has expired: a cursor is valid for ${CURSOR_LIFETIME_SECONDS / 3600} hours. Start the list again from its first page.`);
  const decipher = createDecipheriv('aes-256-ctr', keys.encryption, body.subarray(0, NONCE));
  return Buffer.concat([decipher.update(body.subarray(NONCE + EXPIRES)), decipher.final()]).toString('utf8');
}
