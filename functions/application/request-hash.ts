// The fingerprint of a request's content: SHA-256 of its canonical JSON (object members sorted,
// absent ones dropped, arrays in order), so two requests with the same content match whatever the
// order of their members or the spacing of their bodies.
import { createHash } from 'node:crypto';

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(value).sort()) {
    const member = (value as Record<string, unknown>)[name];
    if (member !== undefined) out[name] = canonical(member);
  }
  return out;
}

export const requestHash = (request: unknown): string =>
  createHash('sha256')
    .update(JSON.stringify(canonical(request)), 'utf8')
    .digest('hex');
