// Standard Webhooks signatures (https://www.standardwebhooks.com): `v1,<base64 HMAC-SHA256>` of
// `<webhook-id>.<webhook-timestamp>.<body>`, keyed with the bytes the secret's base64 part encodes.
// During a rotation's overlap both secrets sign, space-separated, so a receiver holding either
// verifies.
import { createHmac, randomBytes } from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';
/** 24 random bytes: 192 bits, within the 24–64 bytes Standard Webhooks recommends. */
const SECRET_BYTES = 24;

/** A new endpoint secret, `whsec_` + base64 of random bytes. */
export const newSecret = (): string => `${SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;

const secretKey = (secret: string): Buffer => Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');

/** One `v1,<signature>` of a message under one secret. */
export function signature(secret: string, webhookId: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', secretKey(secret)).update(`${webhookId}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The `webhook-signature` header value: one signature per secret still signing, newest first. */
export const signatureHeader = (secrets: readonly string[], webhookId: string, timestampSeconds: number, body: string): string =>
  secrets.map((s) => signature(s, webhookId, timestampSeconds, body)).join(' ');
