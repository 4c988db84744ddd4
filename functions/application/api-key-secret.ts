// API key secrets: how they look, how they are made, and the only form in which they are stored.
import { createHash, randomBytes } from 'node:crypto';
import type { Environment } from '../core/access/records';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export const keyPrefixFor = (environment: Environment): string => (environment === 'production' ? 'stx_live_' : 'stx_test_');

/** A new secret with 190 bits of entropy: `stx_test_` or `stx_live_` and 32 base62 characters. */
export function generateApiKey(environment: Environment): string {
  const bytes = randomBytes(32);
  let body = '';
  for (const b of bytes) body += ALPHABET[b % 62];
  return keyPrefixFor(environment) + body;
}

export const hashApiKey = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex');

/** What may be shown of a key after issue: its prefix and first characters, never the rest. */
export const displayPrefix = (secret: string): string => secret.slice(0, 13);
